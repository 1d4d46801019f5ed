package io.stormsim.fft;

import java.util.ArrayList;
import java.util.Arrays;
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
 * Steps 1-4 and 5-6 each run as one fused {@link #rowPass}, which reads its rows straight from the
 * columns of the blocks the transpose before it delivered (so the transposes cost no pass of their own):
 * the sequential transform is two reads and two writes of the data. The distributed topology runs the
 * same passes on stripes of rows, with the blocks for each partition exchanged all-to-all between them;
 * since the transposes only move values and every row's arithmetic is the same (whatever its partition,
 * group or lane), its output has the same bits at any partition count.
 *
 * <p>An instance keeps the buffers of its passes (a group of rows, and the sequential transform's
 * intermediate matrix, made at its first use) and reuses them: one thread at a time.
 */
public final class SixStepFft {
    public final int m;
    public final int n;
    /** Rows of the first row pass (and length of the second pass's rows): 2^ceil(m/2). */
    public final int n1;
    /** Length of the first pass's rows (and rows of the second pass): 2^floor(m/2). */
    public final int n2;
    private static final int G = LaneFft.GROUP;
    /** Columns of a tile of the transposing scatter after pass 1: a cache line of each row it writes. */
    private static final int TILE = 8;
    private final LaneFft fft1;
    private final LaneFft fft2;
    private final Twiddles twiddles;
    private final boolean simd;
    /** The group of rows a pass transforms ({@link LaneFft} layout). */
    private final double[] groupRe;
    private final double[] groupIm;
    /** The sequential transform's n1 x n2 matrix between its passes. */
    private ComplexBlock middle;

    public static final int MIN_M = 1;
    public static final int MAX_M = 28;

    public SixStepFft(int m) {
        this(m, LaneFft.VECTOR_API);
    }

    /** With {@code simd} false, the scalar loops only (tests compare the two). */
    SixStepFft(int m, boolean simd) {
        if (m < MIN_M || m > MAX_M) {
            throw new IllegalArgumentException("m = " + m + " is not allowed: must be in " + MIN_M + ".." + MAX_M);
        }
        this.m = m;
        this.n = 1 << m;
        this.n1 = 1 << ((m + 1) / 2);
        this.n2 = 1 << (m / 2);
        this.simd = LaneFft.simd(simd);
        this.fft1 = new LaneFft(n2, simd);
        this.fft2 = n1 == n2 ? fft1 : new LaneFft(n1, simd);
        this.twiddles = new Twiddles(m, n2, simd);
        this.groupRe = new double[G * n1];
        this.groupIm = new double[G * n1];
    }

    /** Floating-point operations by the usual count for a complex FFT: 5 N log2 N. */
    public double flops() {
        return 5.0 * n * m;
    }

    /** The transform of (re, im), N values each, into a new block (1 x N); the input is left unchanged. */
    public ComplexBlock transform(double[] re, double[] im, Direction direction) {
        ComplexBlock out = ComplexBlock.zeros(1, n);
        transform(re, im, out.re, out.im, direction);
        return out;
    }

    /**
     * The transform of (re, im), N values each, into (outRe, outIm), which may be the input arrays (in
     * place); otherwise the input is left unchanged. Allocates nothing after the first call.
     */
    public void transform(double[] re, double[] im, double[] outRe, double[] outIm, Direction direction) {
        if (middle == null) {
            middle = ComplexBlock.zeros(n1, n2);
        }
        rowPass(1, List.of(new ComplexBlock(n2, n1, re, im)), 0, direction, List.of(middle));
        rowPass(2, List.of(middle), 0, direction, List.of(new ComplexBlock(n1, n2, outRe, outIm)));
    }

    /**
     * New blocks for what {@link #rowPass} sends {@code targets} partitions from {@code rows} rows of a
     * pass: for pass 1, block q is these rows by q's columns (k2); for pass 2, q's rows (k1) by these columns.
     */
    public List<ComplexBlock> outputBlocks(int pass, int rows, int targets) {
        int length = pass == 1 ? n2 : n1;
        List<ComplexBlock> out = new ArrayList<>(targets);
        for (int q = 0; q < targets; q++) {
            int count = Striping.count(length, targets, q);
            out.add(pass == 1 ? ComplexBlock.zeros(rows, count) : ComplexBlock.zeros(count, rows));
        }
        return out;
    }

    /**
     * One row pass, fused with the local half of the transposes around it: pass 1 is steps 2 to 4 (rows
     * j1, FFTs of length n2 over j2, twiddle factors), pass 2 steps 5 and 6 (rows k2, FFTs of length n1
     * over j1). This partition's rows [firstRow, firstRow + rows) arrive as columns: {@code in} holds, in
     * source order, one block per source partition, its stripe of the FFT index (rows, {@link Striping}
     * of the length over the sources) by these rows (columns). {@link LaneFft#GROUP} rows at a time are
     * gathered from them into a buffer, one cache line per index, in bit-reversed order (the FFT's own
     * permutation, for free), transformed there (and multiplied by the twiddle factors), and scattered
     * into {@code out} ({@link #outputBlocks}, overwritten): pass 1 writes each row into its rows of the
     * blocks (8 x 8 tiles), pass 2 each value's group into a cache line of a row. One read and one write
     * of the data per pass.
     */
    public void rowPass(int pass, List<ComplexBlock> in, int firstRow, Direction direction, List<ComplexBlock> out) {
        LaneFft fft = pass == 1 ? fft1 : fft2;
        int length = fft.n;
        int matrixRows = pass == 1 ? n1 : n2;
        int rows = in.get(0).cols;
        int received = 0;
        for (ComplexBlock b : in) {
            if (b.cols != rows) {
                throw new IllegalArgumentException("pass " + pass + ": blocks of " + rows + " and " + b.cols + " columns");
            }
            received += b.rows;
        }
        if (received != length || firstRow < 0 || firstRow + rows > matrixRows) {
            throw new IllegalArgumentException("pass " + pass + ": " + received + " x " + rows + " at row " + firstRow
                    + " is not part of the " + length + " x " + matrixRows + " matrix");
        }
        for (int q = 0; q < out.size(); q++) {
            ComplexBlock o = out.get(q);
            int count = Striping.count(length, out.size(), q);
            if (pass == 1 ? o.rows != rows || o.cols != count : o.rows != count || o.cols != rows) {
                throw new IllegalArgumentException("pass " + pass + ": output block " + q + " is " + o.rows + " x "
                        + o.cols + ", not as outputBlocks(" + pass + ", " + rows + ", " + out.size() + ") makes it");
            }
        }
        for (int a = firstRow / G; a * G < firstRow + rows; a++) {
            int col = a * G - firstRow;
            int lo = Math.max(0, -col);
            int hi = Math.min(G, rows - col);
            boolean whole = lo == 0 && hi == G;
            gather(fft, in, rows, col, lo, hi, whole);
            fft.transform(groupRe, groupIm, direction);
            if (pass == 1) {
                twiddles.multiplyGroup(groupRe, groupIm, a, direction);
                scatterRows(out, length, col, lo, hi);
            } else {
                scatterColumns(out, length, rows, col, lo, hi, whole);
            }
        }
    }

    /** Lanes [lo, hi) of the group whose lane 0 is column {@code col} of the received blocks, bit-reversed. */
    private void gather(LaneFft fft, List<ComplexBlock> in, int rows, int col, int lo, int hi, boolean whole) {
        if (!whole) {
            // lanes without a row still go through the butterflies: zeros, not a previous group's values
            Arrays.fill(groupRe, 0, G * fft.n, 0.0);
            Arrays.fill(groupIm, 0, G * fft.n, 0.0);
        }
        int j = 0;
        for (ComplexBlock b : in) {
            for (int r = 0; r < b.rows; r++, j++) {
                int src = r * rows + col;
                int dst = fft.bitReversed(j) * G;
                copy(b.re, b.im, src, groupRe, groupIm, dst, lo, hi, whole);
            }
        }
    }

    /** Pass 1: lane b is row col + b of every target's block, value k2 its column k2 - first. */
    private void scatterRows(List<ComplexBlock> out, int length, int col, int lo, int hi) {
        for (int q = 0; q < out.size(); q++) {
            ComplexBlock o = out.get(q);
            int first = Striping.first(length, out.size(), q);
            int end = first + o.cols;
            for (int k0 = first; k0 < end; k0 += TILE) {
                int k1 = Math.min(end, k0 + TILE);
                for (int b = lo; b < hi; b++) {
                    int dst = (col + b) * o.cols - first;
                    for (int k = k0; k < k1; k++) {
                        o.re[dst + k] = groupRe[k * G + b];
                        o.im[dst + k] = groupIm[k * G + b];
                    }
                }
            }
        }
    }

    /** Pass 2: value k1 of the group is row k1 - first of its target's block, at columns col + lo .. col + hi. */
    private void scatterColumns(List<ComplexBlock> out, int length, int rows, int col, int lo, int hi, boolean whole) {
        for (int q = 0; q < out.size(); q++) {
            ComplexBlock o = out.get(q);
            int first = Striping.first(length, out.size(), q);
            for (int r = 0; r < o.rows; r++) {
                copy(groupRe, groupIm, (first + r) * G, o.re, o.im, r * rows + col, lo, hi, whole);
            }
        }
    }

    /** Lanes [lo, hi) of a group: dst[d + l] = src[s + l]. */
    private void copy(double[] srcRe, double[] srcIm, int s, double[] dstRe, double[] dstIm, int d, int lo, int hi,
            boolean whole) {
        if (whole && simd) {
            VectorLaneFft.copy(srcRe, srcIm, s, dstRe, dstIm, d);
            return;
        }
        for (int l = lo; l < hi; l++) {
            dstRe[d + l] = srcRe[s + l];
            dstIm[d + l] = srcIm[s + l];
        }
    }
}
