package io.stormsim.fft;

/**
 * The six-step (Bailey) FFT of N = 2^m complex points, N = n1 x n2 with n1 = 2^ceil(m/2), n2 = 2^floor(m/2).
 *
 * <p>With j = j1 + n1 j2 and k = k2 + n2 k1, X[k2 + n2 k1] = sum_j1 w_n1^(j1 k1) w_N^(j1 k2) sum_j2
 * x[j1 + n1 j2] w_n2^(j2 k2). The input in natural order is the n2 x n1 row-major matrix A[j2][j1]:
 * <ol>
 * <li>transpose to n1 x n2 (rows j1);</li>
 * <li>FFT each row (length n2, index k2);</li>
 * <li>multiply element (j1, k2) by w_N^(j1 k2) (and by 1/N for the inverse: exact, a power of two);</li>
 * <li>transpose to n2 x n1 (rows k2);</li>
 * <li>FFT each row (length n1, index k1);</li>
 * <li>transpose to n1 x n2 (rows k1): X in natural order.</li>
 * </ol>
 * The distributed topology runs the same per-row operations ({@link #firstRowPass}, {@link #secondRowPass})
 * on stripes of rows and does the transposes as all-to-all block exchanges; since the transposes only
 * move values and every row's arithmetic is the same, its output has the same bits at any partition count.
 */
public final class SixStepFft {
    public final int m;
    public final int n;
    /** Rows of the first row pass (and length of the second pass's rows): 2^ceil(m/2). */
    public final int n1;
    /** Length of the first pass's rows (and rows of the second pass): 2^floor(m/2). */
    public final int n2;
    private final RowFft fft1;
    private final RowFft fft2;
    private final Twiddles twiddles;

    public static final int MIN_M = 1;
    public static final int MAX_M = 28;

    public SixStepFft(int m) {
        if (m < MIN_M || m > MAX_M) {
            throw new IllegalArgumentException("m = " + m + " is not allowed: must be in " + MIN_M + ".." + MAX_M);
        }
        this.m = m;
        this.n = 1 << m;
        this.n1 = 1 << ((m + 1) / 2);
        this.n2 = 1 << (m / 2);
        this.fft1 = new RowFft(n2);
        this.fft2 = n1 == n2 ? fft1 : new RowFft(n1);
        this.twiddles = new Twiddles(m);
    }

    /** Floating-point operations by the usual count for a complex FFT: 5 N log2 N. */
    public double flops() {
        return 5.0 * n * m;
    }

    /** The transform of (re, im), N values each; the input is left unchanged. */
    public ComplexBlock transform(double[] re, double[] im, Direction direction) {
        ComplexBlock a = new ComplexBlock(n2, n1, re, im);
        ComplexBlock b = a.transposedColumns(0, n1);
        firstRowPass(b, 0, direction);
        ComplexBlock d = b.transposedColumns(0, n2);
        secondRowPass(d, direction);
        ComplexBlock f = d.transposedColumns(0, n1);
        return new ComplexBlock(1, n, f.re, f.im);
    }

    /**
     * Steps 2 and 3 on rows {@code firstRow ..} of the n1 x n2 matrix held in {@code stripe}: row FFTs of
     * length n2, then the twiddle factors (each row while it is in cache).
     */
    public void firstRowPass(ComplexBlock stripe, int firstRow, Direction direction) {
        checkStripe(stripe, n2, firstRow, n1);
        double scale = direction == Direction.INVERSE ? 1.0 / n : 1.0;
        for (int r = 0; r < stripe.rows; r++) {
            fft1.row(stripe.re, stripe.im, r * n2, direction);
            twiddles.multiplyRow(stripe.re, stripe.im, r * n2, firstRow + r, n2, direction, scale);
        }
    }

    /** Step 5 on a stripe of the n2 x n1 matrix: row FFTs of length n1. */
    public void secondRowPass(ComplexBlock stripe, Direction direction) {
        checkStripe(stripe, n1, 0, n2);
        fft2.rows(stripe.re, stripe.im, 0, stripe.rows, direction);
    }

    private static void checkStripe(ComplexBlock stripe, int cols, int firstRow, int rows) {
        if (stripe.cols != cols || firstRow < 0 || firstRow + stripe.rows > rows) {
            throw new IllegalArgumentException("stripe of " + stripe.rows + " x " + stripe.cols + " at row " + firstRow
                    + " is not part of a " + rows + " x " + cols + " matrix");
        }
    }
}
