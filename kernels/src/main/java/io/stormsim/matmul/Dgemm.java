package io.stormsim.matmul;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * C += A B on row-major double arrays: packed, cache-blocked, register-tiled, with the Vector API's
 * fused multiply-add (the GotoBLAS/BLIS layout: B panels of about 2048 columns by {@link #KC} rows stay
 * in L3, A panels of 8 tile heights by {@link #KC} in L2, an mr x nr tile of C in registers).
 *
 * <p><b>Summation order, hence bits.</b> Every element of C is updated by one fused multiply-add per k,
 * k increasing, starting from its value on entry: {@code c = fma(a[i][k], b[k][j], c)}. The blocking
 * only decides when each element is loaded and stored, never the order of its terms, so the result
 * is the same bits for any blocking and any tile, any split of k into consecutive calls (k-panels
 * accumulated in order), and equals the scalar loop of {@code Math.fma} in k order. That is what makes
 * the distributed multiply bit-identical to this kernel at any grid.
 *
 * <p><b>The tile</b> is sized to the vector register file ({@link Tile}), chosen once from the JVM's
 * preferred species: 8 x 24 in 512-bit vectors where there are 32 of them (AVX-512), 6 x 8 in 256-bit
 * vectors where there are 16 (AVX2). Each k step of a tile loads one row of B's strip once per vector
 * and broadcasts each of A's mr values once, then does one fma per accumulator: the wider tile does 24
 * fmas for 11 loads, the narrow one 12 for 8.
 *
 * <p><b>Blocking</b> (measured on Zen 5, L1d 48 KB, L2 1 MB): a packed strip of B, {@link #KC} x nr
 * (48 KB for the wide tile), is reused by the 8 strips of A of a block (8 mr x KC, 128 KB, in L2) while
 * they stream past it; longer k panels (384, 512) and taller A blocks (128, 256 rows) were no faster.
 *
 * <p>An instance keeps its packing buffers between calls: one instance per thread.
 */
public final class Dgemm {
    private static final VectorSpecies<Double> S512 = DoubleVector.SPECIES_512;
    private static final VectorSpecies<Double> S256 = DoubleVector.SPECIES_256;
    static final int KC = 256;

    /** A register tile of C: mr rows by nr columns, as many accumulators as the registers leave room for. */
    enum Tile {
        /** 24 accumulators (8 rows of 3 vectors of 8), 3 vectors of B and A's broadcast: 28 of 32 zmm registers. */
        WIDE(8, 24),
        /** 12 accumulators (6 rows of 2 vectors of 4), 2 vectors of B and A's broadcast: 15 of 16 ymm registers. */
        NARROW(6, 8);

        final int mr;
        final int nr;

        Tile(int mr, int nr) {
            this.mr = mr;
            this.nr = nr;
        }

        /** WIDE where the JVM's vectors hold 8 doubles (AVX-512), else NARROW (on which WIDE would spill). */
        static Tile preferred() {
            return DoubleVector.SPECIES_PREFERRED.length() >= 8 ? WIDE : NARROW;
        }
    }

    private final Tile tile;
    private final int mr;
    private final int nr;
    /** Rows of an A block (packed to stay in L2) and columns of a B panel (in L3). */
    private final int blockRows;
    private final int panelCols;
    private final double[] edge;
    private double[] packedA = new double[0];
    private double[] packedB = new double[0];

    /** The tile for this machine. */
    public Dgemm() {
        this(Tile.preferred());
    }

    Dgemm(Tile tile) {
        this.tile = tile;
        mr = tile.mr;
        nr = tile.nr;
        blockRows = 8 * mr;
        panelCols = 2048 / nr * nr;
        edge = new double[mr * nr];
    }

    /**
     * C[m x n] += A[m x k] B[k x n]; element (i, j) of X is {@code x[xOff + i * ldx + j]}.
     */
    public void multiplyAdd(int m, int n, int k, double[] a, int aOff, int lda, double[] b, int bOff, int ldb,
            double[] c, int cOff, int ldc) {
        if (m == 0 || n == 0 || k == 0) {
            return;
        }
        for (int jc = 0; jc < n; jc += panelCols) {
            int nc = Math.min(panelCols, n - jc);
            for (int pc = 0; pc < k; pc += KC) {
                int kc = Math.min(KC, k - pc);
                packB(kc, nc, b, bOff + pc * ldb + jc, ldb);
                for (int ic = 0; ic < m; ic += blockRows) {
                    int mc = Math.min(blockRows, m - ic);
                    packA(mc, kc, a, aOff + ic * lda + pc, lda);
                    macroKernel(mc, nc, kc, c, cOff + ic * ldc + jc, ldc);
                }
            }
        }
    }

    /** C += A B for whole row-major matrices. */
    public void multiplyAdd(DenseMatrix a, DenseMatrix b, DenseMatrix c) {
        if (a.cols != b.rows || c.rows != a.rows || c.cols != b.cols) {
            throw new IllegalArgumentException("cannot multiply " + a.rows + "x" + a.cols + " by " + b.rows + "x"
                    + b.cols + " into " + c.rows + "x" + c.cols);
        }
        multiplyAdd(a.rows, b.cols, a.cols, a.data, 0, a.cols, b.data, 0, b.cols, c.data, 0, c.cols);
    }

    /** B[kc x nc] as column panels of nr (zero-padded on the right), each panel row-major kc x nr. */
    private void packB(int kc, int nc, double[] b, int off, int ldb) {
        int panels = (nc + nr - 1) / nr;
        packedB = ensure(packedB, panels * kc * nr);
        double[] dst = packedB;
        for (int jp = 0; jp < panels; jp++) {
            int j0 = jp * nr;
            int w = Math.min(nr, nc - j0);
            int d = jp * kc * nr;
            for (int p = 0; p < kc; p++, d += nr) {
                int s = off + p * ldb + j0;
                if (w == nr) {
                    System.arraycopy(b, s, dst, d, nr);
                } else {
                    System.arraycopy(b, s, dst, d, w);
                    Arrays.fill(dst, d + w, d + nr, 0.0);
                }
            }
        }
    }

    /** A[mc x kc] as row panels of mr (zero-padded at the bottom), each panel column-major mr x kc. */
    private void packA(int mc, int kc, double[] a, int off, int lda) {
        int panels = (mc + mr - 1) / mr;
        packedA = ensure(packedA, panels * kc * mr);
        double[] dst = packedA;
        for (int ip = 0; ip < panels; ip++) {
            int i0 = ip * mr;
            int h = Math.min(mr, mc - i0);
            int d = ip * kc * mr;
            for (int i = 0; i < mr; i++) {
                if (i < h) {
                    int s = off + (i0 + i) * lda;
                    for (int p = 0; p < kc; p++) {
                        dst[d + p * mr + i] = a[s + p];
                    }
                } else {
                    for (int p = 0; p < kc; p++) {
                        dst[d + p * mr + i] = 0.0;
                    }
                }
            }
        }
    }

    private void macroKernel(int mc, int nc, int kc, double[] c, int cOff, int ldc) {
        for (int jr = 0; jr < nc; jr += nr) {
            int w = Math.min(nr, nc - jr);
            int bo = (jr / nr) * kc * nr;
            for (int ir = 0; ir < mc; ir += mr) {
                int h = Math.min(mr, mc - ir);
                int ao = (ir / mr) * kc * mr;
                int co = cOff + ir * ldc + jr;
                if (h == mr && w == nr) {
                    fullTile(kc, ao, bo, c, co, ldc);
                } else {
                    edgeTile(kc, ao, bo, c, co, ldc, h, w);
                }
            }
        }
    }

    /** A partial tile through a full-size scratch tile: padded lanes compute zeros that are not stored. */
    private void edgeTile(int kc, int ao, int bo, double[] c, int co, int ldc, int h, int w) {
        Arrays.fill(edge, 0.0);
        for (int i = 0; i < h; i++) {
            System.arraycopy(c, co + i * ldc, edge, i * nr, w);
        }
        fullTile(kc, ao, bo, edge, 0, nr);
        for (int i = 0; i < h; i++) {
            System.arraycopy(edge, i * nr, c, co + i * ldc, w);
        }
    }

    private void fullTile(int kc, int ao, int bo, double[] c, int co, int ldc) {
        if (tile == Tile.WIDE) {
            tile8x24(kc, packedA, ao, packedB, bo, c, co, ldc);
        } else {
            tile6x8(kc, packedA, ao, packedB, bo, c, co, ldc);
        }
    }

    /** The 8 x 24 tile of C at co: 24 accumulators; per k three loads of B, eight broadcasts of A, 24 fmas. */
    private static void tile8x24(int kc, double[] pa, int ao, double[] pb, int bo, double[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc, r5 = r4 + ldc, r6 = r5 + ldc, r7 = r6 + ldc;
        DoubleVector c00 = zmm(c, co), c01 = zmm(c, co + 8), c02 = zmm(c, co + 16);
        DoubleVector c10 = zmm(c, r1), c11 = zmm(c, r1 + 8), c12 = zmm(c, r1 + 16);
        DoubleVector c20 = zmm(c, r2), c21 = zmm(c, r2 + 8), c22 = zmm(c, r2 + 16);
        DoubleVector c30 = zmm(c, r3), c31 = zmm(c, r3 + 8), c32 = zmm(c, r3 + 16);
        DoubleVector c40 = zmm(c, r4), c41 = zmm(c, r4 + 8), c42 = zmm(c, r4 + 16);
        DoubleVector c50 = zmm(c, r5), c51 = zmm(c, r5 + 8), c52 = zmm(c, r5 + 16);
        DoubleVector c60 = zmm(c, r6), c61 = zmm(c, r6 + 8), c62 = zmm(c, r6 + 16);
        DoubleVector c70 = zmm(c, r7), c71 = zmm(c, r7 + 8), c72 = zmm(c, r7 + 16);
        for (int p = 0; p < kc; p++, ao += 8, bo += 24) {
            DoubleVector b0 = zmm(pb, bo), b1 = zmm(pb, bo + 8), b2 = zmm(pb, bo + 16);
            DoubleVector a = DoubleVector.broadcast(S512, pa[ao]);
            c00 = a.fma(b0, c00); c01 = a.fma(b1, c01); c02 = a.fma(b2, c02);
            a = DoubleVector.broadcast(S512, pa[ao + 1]);
            c10 = a.fma(b0, c10); c11 = a.fma(b1, c11); c12 = a.fma(b2, c12);
            a = DoubleVector.broadcast(S512, pa[ao + 2]);
            c20 = a.fma(b0, c20); c21 = a.fma(b1, c21); c22 = a.fma(b2, c22);
            a = DoubleVector.broadcast(S512, pa[ao + 3]);
            c30 = a.fma(b0, c30); c31 = a.fma(b1, c31); c32 = a.fma(b2, c32);
            a = DoubleVector.broadcast(S512, pa[ao + 4]);
            c40 = a.fma(b0, c40); c41 = a.fma(b1, c41); c42 = a.fma(b2, c42);
            a = DoubleVector.broadcast(S512, pa[ao + 5]);
            c50 = a.fma(b0, c50); c51 = a.fma(b1, c51); c52 = a.fma(b2, c52);
            a = DoubleVector.broadcast(S512, pa[ao + 6]);
            c60 = a.fma(b0, c60); c61 = a.fma(b1, c61); c62 = a.fma(b2, c62);
            a = DoubleVector.broadcast(S512, pa[ao + 7]);
            c70 = a.fma(b0, c70); c71 = a.fma(b1, c71); c72 = a.fma(b2, c72);
        }
        c00.intoArray(c, co); c01.intoArray(c, co + 8); c02.intoArray(c, co + 16);
        c10.intoArray(c, r1); c11.intoArray(c, r1 + 8); c12.intoArray(c, r1 + 16);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + 8); c22.intoArray(c, r2 + 16);
        c30.intoArray(c, r3); c31.intoArray(c, r3 + 8); c32.intoArray(c, r3 + 16);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + 8); c42.intoArray(c, r4 + 16);
        c50.intoArray(c, r5); c51.intoArray(c, r5 + 8); c52.intoArray(c, r5 + 16);
        c60.intoArray(c, r6); c61.intoArray(c, r6 + 8); c62.intoArray(c, r6 + 16);
        c70.intoArray(c, r7); c71.intoArray(c, r7 + 8); c72.intoArray(c, r7 + 16);
    }

    /** The 6 x 8 tile of C at co: 12 accumulators; per k two loads of B, six broadcasts of A, 12 fmas. */
    private static void tile6x8(int kc, double[] pa, int ao, double[] pb, int bo, double[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc, r5 = r4 + ldc;
        DoubleVector c00 = ymm(c, co), c01 = ymm(c, co + 4);
        DoubleVector c10 = ymm(c, r1), c11 = ymm(c, r1 + 4);
        DoubleVector c20 = ymm(c, r2), c21 = ymm(c, r2 + 4);
        DoubleVector c30 = ymm(c, r3), c31 = ymm(c, r3 + 4);
        DoubleVector c40 = ymm(c, r4), c41 = ymm(c, r4 + 4);
        DoubleVector c50 = ymm(c, r5), c51 = ymm(c, r5 + 4);
        for (int p = 0; p < kc; p++, ao += 6, bo += 8) {
            DoubleVector b0 = ymm(pb, bo), b1 = ymm(pb, bo + 4);
            DoubleVector a = DoubleVector.broadcast(S256, pa[ao]);
            c00 = a.fma(b0, c00); c01 = a.fma(b1, c01);
            a = DoubleVector.broadcast(S256, pa[ao + 1]);
            c10 = a.fma(b0, c10); c11 = a.fma(b1, c11);
            a = DoubleVector.broadcast(S256, pa[ao + 2]);
            c20 = a.fma(b0, c20); c21 = a.fma(b1, c21);
            a = DoubleVector.broadcast(S256, pa[ao + 3]);
            c30 = a.fma(b0, c30); c31 = a.fma(b1, c31);
            a = DoubleVector.broadcast(S256, pa[ao + 4]);
            c40 = a.fma(b0, c40); c41 = a.fma(b1, c41);
            a = DoubleVector.broadcast(S256, pa[ao + 5]);
            c50 = a.fma(b0, c50); c51 = a.fma(b1, c51);
        }
        c00.intoArray(c, co); c01.intoArray(c, co + 4);
        c10.intoArray(c, r1); c11.intoArray(c, r1 + 4);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + 4);
        c30.intoArray(c, r3); c31.intoArray(c, r3 + 4);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + 4);
        c50.intoArray(c, r5); c51.intoArray(c, r5 + 4);
    }

    private static DoubleVector zmm(double[] x, int i) {
        return DoubleVector.fromArray(S512, x, i);
    }

    private static DoubleVector ymm(double[] x, int i) {
        return DoubleVector.fromArray(S256, x, i);
    }

    private static double[] ensure(double[] buffer, int size) {
        return buffer.length >= size ? buffer : new double[size];
    }
}
