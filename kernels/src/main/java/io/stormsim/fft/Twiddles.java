package io.stormsim.fft;

/**
 * The six-step twiddle factors w_N^e = exp(-2 pi i e / N), e = j1 k2 < N, from two tables of about
 * sqrt(N) entries each: w^e = coarse[e / S] * fine[e % S] with S = 2^ceil(m/2). Each table entry is
 * computed directly from cos/sin, so a factor is within a few ulps of exact (a full table of N entries
 * would take 16 N bytes; a recurrence would accumulate error along a row).
 */
final class Twiddles {
    private final int shift;
    private final int mask;
    private final double[] coarseRe;
    private final double[] coarseIm;
    private final double[] fineRe;
    private final double[] fineIm;

    Twiddles(int m) {
        shift = (m + 1) / 2;
        mask = (1 << shift) - 1;
        double n = Math.pow(2, m);
        int fine = 1 << shift;
        int coarse = 1 << (m - shift);
        fineRe = new double[fine];
        fineIm = new double[fine];
        for (int b = 0; b < fine; b++) {
            double angle = 2 * Math.PI * b / n;
            fineRe[b] = Math.cos(angle);
            fineIm[b] = -Math.sin(angle);
        }
        coarseRe = new double[coarse];
        coarseIm = new double[coarse];
        for (int a = 0; a < coarse; a++) {
            double angle = 2 * Math.PI * ((double) a * fine) / n;
            coarseRe[a] = Math.cos(angle);
            coarseIm[a] = -Math.sin(angle);
        }
    }

    /**
     * Multiplies the {@code length} values at {@code offset} (row j1 of the n1 x n2 matrix, columns
     * k2 = 0..length-1) by w^(j1 k2), conjugated for the inverse, times {@code scale} (a power of two).
     */
    void multiplyRow(double[] re, double[] im, int offset, int j1, int length, Direction direction, double scale) {
        double conj = -direction.sign; // the tables hold the forward factors
        for (int k2 = 0; k2 < length; k2++) {
            int e = j1 * k2;
            int a = e >>> shift;
            int b = e & mask;
            double wr = coarseRe[a] * fineRe[b] - coarseIm[a] * fineIm[b];
            double wi = (coarseRe[a] * fineIm[b] + coarseIm[a] * fineRe[b]) * conj;
            int at = offset + k2;
            double xr = re[at];
            double xi = im[at];
            re[at] = (xr * wr - xi * wi) * scale;
            im[at] = (xr * wi + xi * wr) * scale;
        }
    }
}
