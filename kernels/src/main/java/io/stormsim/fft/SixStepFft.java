package io.stormsim.fft;

import java.util.ArrayList;
import java.util.List;

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
 * Steps 2-4 and 5-6 each run as one fused {@link #rowPass}. The distributed topology runs the same passes
 * on stripes of rows, with the blocks for each partition exchanged all-to-all between them; since the
 * transposes only move values and every row's arithmetic is the same, its output has the same bits at
 * any partition count.
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
    /** Rows gathered and transformed together: scatters then write whole cache lines (8 doubles). */
    private static final int GROUP = 8;

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
        ComplexBlock b = new ComplexBlock(n2, n1, re, im).transposedColumns(0, n1);
        List<ComplexBlock> d = rowPass(1, List.of(b), 0, direction, 1);
        ComplexBlock f = rowPass(2, d, 0, direction, 1).get(0);
        return new ComplexBlock(1, n, f.re, f.im);
    }

    /**
     * One row pass, fused with the transpose after it: pass 1 is steps 2 to 4 (rows j1 of the n1 x n2
     * matrix, FFTs of length n2, twiddle factors, transpose), pass 2 steps 5 and 6 (rows k2 of the
     * n2 x n1 matrix, FFTs of length n1, transpose). The partition's rows arrive as {@code in}: blocks
     * side by side, each all its rows by some of the columns (what each partition sent it, in partition
     * order); {@code firstRow} is the index of its first row. Groups of rows are gathered into a buffer in
     * bit-reversed order (the FFT's own permutation, for free), transformed there, and scattered straight
     * into one block per target partition: target q gets columns [first_q, end_q) of these rows, transposed
     * ({@link Striping} of the row length over {@code targets}). One read and one write of the data per pass.
     */
    public List<ComplexBlock> rowPass(int pass, List<ComplexBlock> in, int firstRow, Direction direction, int targets) {
        RowFft fft = pass == 1 ? fft1 : fft2;
        int length = fft.n;
        int rows = in.get(0).rows;
        int matrixRows = pass == 1 ? n1 : n2;
        int cols = 0;
        for (ComplexBlock b : in) {
            if (b.rows != rows) {
                throw new IllegalArgumentException("pass " + pass + ": blocks of " + rows + " and " + b.rows + " rows");
            }
            cols += b.cols;
        }
        if (cols != length || firstRow < 0 || firstRow + rows > matrixRows) {
            throw new IllegalArgumentException("pass " + pass + ": " + rows + " x " + cols + " at row " + firstRow
                    + " is not part of the " + matrixRows + " x " + length + " matrix");
        }
        List<ComplexBlock> out = new ArrayList<>(targets);
        for (int q = 0; q < targets; q++) {
            out.add(ComplexBlock.zeros(Striping.count(length, targets, q), rows));
        }
        double scale = direction == Direction.INVERSE && pass == 1 ? 1.0 / n : 1.0;
        double[] re = new double[GROUP * length];
        double[] im = new double[GROUP * length];
        for (int r0 = 0; r0 < rows; r0 += GROUP) {
            int group = Math.min(GROUP, rows - r0);
            int col = 0;
            for (ComplexBlock b : in) {
                for (int k = 0; k < group; k++) {
                    int src = (r0 + k) * b.cols;
                    int dst = k * length;
                    for (int c = 0; c < b.cols; c++) {
                        int at = dst + fft.bitReversed(col + c);
                        re[at] = b.re[src + c];
                        im[at] = b.im[src + c];
                    }
                }
                col += b.cols;
            }
            for (int k = 0; k < group; k++) {
                fft.rowFromBitReversed(re, im, k * length, direction);
                if (pass == 1) {
                    twiddles.multiplyRow(re, im, k * length, firstRow + r0 + k, length, direction, scale);
                }
            }
            for (int q = 0; q < targets; q++) {
                ComplexBlock o = out.get(q);
                int first = Striping.first(length, targets, q);
                for (int c = 0; c < o.rows; c++) {
                    int dst = c * rows + r0;
                    for (int k = 0; k < group; k++) {
                        o.re[dst + k] = re[k * length + first + c];
                        o.im[dst + k] = im[k * length + first + c];
                    }
                }
            }
        }
        return out;
    }
}
