package io.stormsim.fft;

/**
 * The six-step twiddle factors w_N^(j1 k2), w_N = exp(-2 pi i / N), for a group of {@link LaneFft#GROUP}
 * rows j1 = G a + b (lane b): w^(j1 k2) = w^(G a k2) * w^(b k2). The first factor, shared by the group's
 * lanes, comes from two tables of about sqrt(N) entries (w^e = coarse[e >> s] * fine[e & mask]); the
 * second, one per lane, from a table of G n2 entries. Every table entry is computed directly from cos/sin
 * (a full table of N entries would take 16 N bytes; a recurrence would accumulate error along a row), so
 * a factor is within a few ulps of exact. The inverse tables are the conjugates, the lane table also
 * times 1/N (a power of two: exact), so the inverse's scaling costs nothing. A factor depends on j1 and
 * k2 only, never on which partition or group computes it.
 */
final class Twiddles {
    private static final int G = LaneFft.GROUP;
    private final int shift;
    private final int mask;
    private final int n2;
    private final boolean simd;
    private final double[] coarseRe;
    private final double[][] coarseIm = new double[2][];
    private final double[] fineRe;
    private final double[][] fineIm = new double[2][];
    private final double[][] laneRe = new double[2][];
    private final double[][] laneIm = new double[2][];

    Twiddles(int m, int n2, boolean simd) {
        this.n2 = n2;
        this.simd = LaneFft.simd(simd);
        shift = (m + 1) / 2;
        mask = (1 << shift) - 1;
        double n = Math.pow(2, m);
        int fine = 1 << shift;
        int coarse = 1 << (m - shift);
        fineRe = new double[fine];
        double[] fi = new double[fine];
        for (int b = 0; b < fine; b++) {
            double angle = 2 * Math.PI * b / n;
            fineRe[b] = Math.cos(angle);
            fi[b] = -Math.sin(angle);
        }
        coarseRe = new double[coarse];
        double[] ci = new double[coarse];
        for (int a = 0; a < coarse; a++) {
            double angle = 2 * Math.PI * ((double) a * fine) / n;
            coarseRe[a] = Math.cos(angle);
            ci[a] = -Math.sin(angle);
        }
        double[] lr = new double[G * n2];
        double[] li = new double[G * n2];
        double[] invR = new double[G * n2];
        double[] invI = new double[G * n2];
        for (int k2 = 0; k2 < n2; k2++) {
            for (int b = 0; b < G; b++) {
                double angle = 2 * Math.PI * ((double) b * k2) / n;
                lr[k2 * G + b] = Math.cos(angle);
                li[k2 * G + b] = -Math.sin(angle);
                invR[k2 * G + b] = Math.cos(angle) / n;
                invI[k2 * G + b] = Math.sin(angle) / n;
            }
        }
        int f = Direction.FORWARD.ordinal();
        int i = Direction.INVERSE.ordinal();
        fineIm[f] = fi;
        fineIm[i] = negated(fi);
        coarseIm[f] = ci;
        coarseIm[i] = negated(ci);
        laneRe[f] = lr;
        laneIm[f] = li;
        laneRe[i] = invR;
        laneIm[i] = invI;
    }

    private static double[] negated(double[] v) {
        double[] out = new double[v.length];
        for (int k = 0; k < v.length; k++) {
            out[k] = -v[k];
        }
        return out;
    }

    /**
     * Multiplies the group in (re, im) ({@link LaneFft} layout, n2 values a lane, k2 the value index), rows
     * j1 = G a + b, by w^(j1 k2), conjugated and times 1/N for the inverse.
     */
    void multiplyGroup(double[] re, double[] im, int a, Direction direction) {
        int d = direction.ordinal();
        double[] cim = coarseIm[d];
        double[] fim = fineIm[d];
        double[] lre = laneRe[d];
        double[] lim = laneIm[d];
        int step = G * a;
        for (int k2 = 0, e = 0; k2 < n2; k2++, e += step) {
            int c = e >>> shift;
            int f = e & mask;
            double br = coarseRe[c] * fineRe[f] - cim[c] * fim[f];
            double bi = coarseRe[c] * fim[f] + cim[c] * fineRe[f];
            int at = k2 * G;
            if (simd) {
                VectorLaneFft.twiddle(re, im, at, br, bi, lre, lim, at);
                continue;
            }
            for (int b = 0; b < G; b++) {
                double wr = br * lre[at + b] - bi * lim[at + b];
                double wi = br * lim[at + b] + bi * lre[at + b];
                double xr = re[at + b];
                double xi = im[at + b];
                re[at + b] = xr * wr - xi * wi;
                im[at + b] = xr * wi + xi * wr;
            }
        }
    }
}
