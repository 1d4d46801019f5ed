package io.stormsim.fft;

/**
 * The oracle: X[k] = sum_j x[j] exp(s 2 pi i jk / N) straight from the definition, O(N^2). Factors come
 * from a table indexed by jk mod N (each entry from cos/sin directly) and sums are compensated
 * (Neumaier), so its own error is a few ulps, far below the FFT's.
 */
final class NaiveDft {
    private NaiveDft() {
    }

    static double[][] transform(double[] re, double[] im, Direction direction) {
        int n = re.length;
        double[] cos = new double[n];
        double[] sin = new double[n];
        for (int e = 0; e < n; e++) {
            cos[e] = Math.cos(2 * Math.PI * e / n);
            sin[e] = direction.sign * Math.sin(2 * Math.PI * e / n);
        }
        double scale = direction == Direction.INVERSE ? 1.0 / n : 1.0;
        double[] outRe = new double[n];
        double[] outIm = new double[n];
        for (int k = 0; k < n; k++) {
            Neumaier sr = new Neumaier();
            Neumaier si = new Neumaier();
            for (int j = 0; j < n; j++) {
                int e = (int) ((long) j * k % n);
                sr.add(re[j] * cos[e]);
                sr.add(-im[j] * sin[e]);
                si.add(re[j] * sin[e]);
                si.add(im[j] * cos[e]);
            }
            outRe[k] = sr.value() * scale;
            outIm[k] = si.value() * scale;
        }
        return new double[][] {outRe, outIm};
    }

    private static final class Neumaier {
        double sum;
        double c;

        void add(double v) {
            double t = sum + v;
            c += Math.abs(sum) >= Math.abs(v) ? (sum - t) + v : (v - t) + sum;
            sum = t;
        }

        double value() {
            return sum + c;
        }
    }

    /** ||a - b||_2 / ||b||_2 over complex vectors. */
    static double relativeL2(double[] aRe, double[] aIm, double[] bRe, double[] bIm) {
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < bRe.length; i++) {
            double dr = aRe[i] - bRe[i];
            double di = aIm[i] - bIm[i];
            diff += dr * dr + di * di;
            norm += bRe[i] * bRe[i] + bIm[i] * bIm[i];
        }
        return Math.sqrt(diff / norm);
    }
}
