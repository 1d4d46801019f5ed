package io.stormsim.fft;

import io.stormsim.run.VectorApi;
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
    /**
     * Groups gathered and scattered together: the strided side of a pass then moves PANEL G contiguous
     * values a matrix row instead of one cache line (which a Java array's 16-byte header splits in two),
     * so fewer and fuller memory accesses.
     */
    private static final int PANEL = 8;
    /**
     * Doubles between the ends of consecutive panel arrays, staggering them by 512 bytes: with arrays of
     * exactly G n values, a butterfly's real and imaginary parts (and the panel's groups) fell on the same
     * cache sets at the FFT's power-of-two strides, and its FFTs took 1.5 times as long (2^22 and 2^24).
     */
    private static final int STAGGER = 64;
    private final LaneFft fft1;
    private final LaneFft fft2;
    private final Twiddles twiddles;
    private final boolean simd;
    /** The groups of rows a pass transforms at once ({@link LaneFft} layout each), made at the first pass. */
    private double[][] panelRe;
    private double[][] panelIm;
    /** The sequential transform's n1 x n2 matrix between its passes. */
    private ComplexBlock middle;

    public static final int MIN_M = 1;
    public static final int MAX_M = 28;

    public SixStepFft(int m) {
        this(m, VectorApi.PRESENT);
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
     * of the length over the sources) by these rows (columns). Panels of 8 groups of {@link LaneFft#GROUP}
     * rows are gathered from them into buffers, 8 G contiguous values of each block row, in bit-reversed
     * order (the FFT's own permutation, for free), transformed there (and multiplied by the twiddle
     * factors), and scattered into {@code out} ({@link #outputBlocks}, overwritten): pass 1 writes each
     * row into its rows of the blocks (8 x 8 tiles), pass 2 each value of the panel into 8 G contiguous
     * values of a block row. One read and one write of the data per pass.
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
        if (panelRe == null) {
            panelRe = new double[PANEL][];
            panelIm = new double[PANEL][];
            for (int k = 0; k < PANEL; k++) {
                panelRe[k] = new double[G * n1 + STAGGER * (2 * k + 1)];
                panelIm[k] = new double[G * n1 + STAGGER * (2 * k + 2)];
            }
        }
        int endGroup = (firstRow + rows + G - 1) / G;
        for (int a0 = firstRow / G; a0 < endGroup; a0 += PANEL) {
            int groups = Math.min(PANEL, endGroup - a0);
            gather(fft, in, rows, a0 * G - firstRow, groups);
            for (int k = 0; k < groups; k++) {
                fft.transform(panelRe[k], panelIm[k], direction);
                if (pass == 1) {
                    twiddles.multiplyGroup(panelRe[k], panelIm[k], a0 + k, direction);
                    scatterRows(out, length, k, (a0 + k) * G - firstRow, rows);
                }
            }
            if (pass == 2) {
                scatterColumns(out, length, rows, a0 * G - firstRow, groups);
            }
        }
    }

    /**
     * The panel's groups (group k's lane 0 at column col0 + G k of the received blocks), bit-reversed: each
     * block row's PANEL G columns in one contiguous sweep.
     */
    private void gather(LaneFft fft, List<ComplexBlock> in, int rows, int col0, int groups) {
        for (int k = 0; k < groups; k++) {
            if (!whole(col0 + k * G, rows)) {
                // lanes without a row still go through the butterflies: zeros, not a previous group's values
                Arrays.fill(panelRe[k], 0, G * fft.n, 0.0);
                Arrays.fill(panelIm[k], 0, G * fft.n, 0.0);
            }
        }
        int j = 0;
        for (ComplexBlock b : in) {
            for (int r = 0; r < b.rows; r++, j++) {
                int dst = fft.bitReversed(j) * G;
                for (int k = 0, col = col0; k < groups; k++, col += G) {
                    copy(b.re, b.im, r * rows + col, panelRe[k], panelIm[k], dst, col, rows);
                }
            }
        }
    }

    /** Pass 1: lane b of the panel's group k is row col + b of every target's block, value k2 its column k2 - first. */
    private void scatterRows(List<ComplexBlock> out, int length, int k, int col, int rows) {
        double[] re = panelRe[k];
        double[] im = panelIm[k];
        int lo = Math.max(0, -col);
        int hi = Math.min(G, rows - col);
        for (int q = 0; q < out.size(); q++) {
            ComplexBlock o = out.get(q);
            int first = Striping.first(length, out.size(), q);
            int end = first + o.cols;
            for (int k0 = first; k0 < end; k0 += TILE) {
                int k1 = Math.min(end, k0 + TILE);
                for (int b = lo; b < hi; b++) {
                    int dst = (col + b) * o.cols - first;
                    for (int v = k0; v < k1; v++) {
                        o.re[dst + v] = re[v * G + b];
                        o.im[dst + v] = im[v * G + b];
                    }
                }
            }
        }
    }

    /**
     * Pass 2: value k1 of the panel's group k is row k1 - first of its target's block, at columns col0 + G k
     * on: each block row's PANEL G columns in one contiguous sweep.
     */
    private void scatterColumns(List<ComplexBlock> out, int length, int rows, int col0, int groups) {
        for (int q = 0; q < out.size(); q++) {
            ComplexBlock o = out.get(q);
            int first = Striping.first(length, out.size(), q);
            for (int r = 0; r < o.rows; r++) {
                for (int k = 0, col = col0; k < groups; k++, col += G) {
                    copy(panelRe[k], panelIm[k], (first + r) * G, o.re, o.im, r * rows + col, col, rows);
                }
            }
        }
    }

    private static boolean whole(int col, int rows) {
        return col >= 0 && col + G <= rows;
    }

    /**
     * One value of a group whose lane 0 is column {@code col} of a {@code rows}-column block: dst[d + l] =
     * src[s + l] for the lanes l that are columns of it.
     */
    private void copy(double[] srcRe, double[] srcIm, int s, double[] dstRe, double[] dstIm, int d, int col, int rows) {
        if (simd && whole(col, rows)) {
            VectorLaneFft.copy(srcRe, srcIm, s, dstRe, dstIm, d);
            return;
        }
        for (int l = Math.max(0, -col); l < Math.min(G, rows - col); l++) {
            dstRe[d + l] = srcRe[s + l];
            dstIm[d + l] = srcIm[s + l];
        }
    }
}
