package io.stormsim.matmul;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * C += A B on row-major double arrays: packed, cache-blocked, register-tiled, with the Vector API's
 * fused multiply-add (the GotoBLAS/BLIS layout: B panels of {@link #NC} columns by {@link #KC} rows
 * stay in L3, A panels of {@link #MC} by {@link #KC} in L2, a {@link #MR} x {@link #NR} tile of C in
 * registers).
 *
 * <p><b>Summation order, hence bits.</b> Every element of C is updated by one fused multiply-add per k,
 * k increasing, starting from its value on entry: {@code c = fma(a[i][k], b[k][j], c)}. The blocking
 * only decides when each element is loaded and stored, never the order of its terms, so the result
 * is the same bits for any blocking, any split of k into consecutive calls (k-panels accumulated in
 * order), and equals the scalar loop of {@code Math.fma} in k order. That is what makes the distributed
 * multiply bit-identical to this kernel at any grid.
 *
 * <p>An instance keeps its packing buffers between calls: one instance per thread.
 */
public final class Dgemm {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_256;
    static final int MR = 4;
    static final int NR = 8;
    static final int KC = 256;
    static final int MC = 128;
    static final int NC = 2048;

    private double[] packedA = new double[0];
    private double[] packedB = new double[0];
    private final double[] edge = new double[MR * NR];

    /**
     * C[m x n] += A[m x k] B[k x n]; element (i, j) of X is {@code x[xOff + i * ldx + j]}.
     */
    public void multiplyAdd(int m, int n, int k, double[] a, int aOff, int lda, double[] b, int bOff, int ldb,
            double[] c, int cOff, int ldc) {
        if (m == 0 || n == 0 || k == 0) {
            return;
        }
        for (int jc = 0; jc < n; jc += NC) {
            int nc = Math.min(NC, n - jc);
            for (int pc = 0; pc < k; pc += KC) {
                int kc = Math.min(KC, k - pc);
                packB(kc, nc, b, bOff + pc * ldb + jc, ldb);
                for (int ic = 0; ic < m; ic += MC) {
                    int mc = Math.min(MC, m - ic);
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

    /** B[kc x nc] as column panels of NR (zero-padded on the right), each panel row-major kc x NR. */
    private void packB(int kc, int nc, double[] b, int off, int ldb) {
        int panels = (nc + NR - 1) / NR;
        packedB = ensure(packedB, panels * kc * NR);
        double[] dst = packedB;
        for (int jp = 0; jp < panels; jp++) {
            int j0 = jp * NR;
            int w = Math.min(NR, nc - j0);
            int d = jp * kc * NR;
            for (int p = 0; p < kc; p++, d += NR) {
                int s = off + p * ldb + j0;
                if (w == NR) {
                    System.arraycopy(b, s, dst, d, NR);
                } else {
                    System.arraycopy(b, s, dst, d, w);
                    Arrays.fill(dst, d + w, d + NR, 0.0);
                }
            }
        }
    }

    /** A[mc x kc] as row panels of MR (zero-padded at the bottom), each panel column-major MR x kc. */
    private void packA(int mc, int kc, double[] a, int off, int lda) {
        int panels = (mc + MR - 1) / MR;
        packedA = ensure(packedA, panels * kc * MR);
        double[] dst = packedA;
        for (int ip = 0; ip < panels; ip++) {
            int i0 = ip * MR;
            int h = Math.min(MR, mc - i0);
            int d = ip * kc * MR;
            for (int i = 0; i < MR; i++) {
                if (i < h) {
                    int s = off + (i0 + i) * lda;
                    for (int p = 0; p < kc; p++) {
                        dst[d + p * MR + i] = a[s + p];
                    }
                } else {
                    for (int p = 0; p < kc; p++) {
                        dst[d + p * MR + i] = 0.0;
                    }
                }
            }
        }
    }

    private void macroKernel(int mc, int nc, int kc, double[] c, int cOff, int ldc) {
        for (int jr = 0; jr < nc; jr += NR) {
            int w = Math.min(NR, nc - jr);
            int bo = (jr / NR) * kc * NR;
            for (int ir = 0; ir < mc; ir += MR) {
                int h = Math.min(MR, mc - ir);
                int ao = (ir / MR) * kc * MR;
                int co = cOff + ir * ldc + jr;
                if (h == MR && w == NR) {
                    microKernel(kc, packedA, ao, packedB, bo, c, co, ldc);
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
            System.arraycopy(c, co + i * ldc, edge, i * NR, w);
        }
        microKernel(kc, packedA, ao, packedB, bo, edge, 0, NR);
        for (int i = 0; i < h; i++) {
            System.arraycopy(edge, i * NR, c, co + i * ldc, w);
        }
    }

    /** The MR x NR tile of C at co: 8 vector accumulators, one broadcast of A and two loads of B per k. */
    private static void microKernel(int kc, double[] pa, int ao, double[] pb, int bo, double[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc;
        DoubleVector c00 = DoubleVector.fromArray(S, c, co), c01 = DoubleVector.fromArray(S, c, co + 4);
        DoubleVector c10 = DoubleVector.fromArray(S, c, r1), c11 = DoubleVector.fromArray(S, c, r1 + 4);
        DoubleVector c20 = DoubleVector.fromArray(S, c, r2), c21 = DoubleVector.fromArray(S, c, r2 + 4);
        DoubleVector c30 = DoubleVector.fromArray(S, c, r3), c31 = DoubleVector.fromArray(S, c, r3 + 4);
        for (int p = 0; p < kc; p++, ao += MR, bo += NR) {
            DoubleVector b0 = DoubleVector.fromArray(S, pb, bo);
            DoubleVector b1 = DoubleVector.fromArray(S, pb, bo + 4);
            DoubleVector a = DoubleVector.broadcast(S, pa[ao]);
            c00 = a.fma(b0, c00);
            c01 = a.fma(b1, c01);
            a = DoubleVector.broadcast(S, pa[ao + 1]);
            c10 = a.fma(b0, c10);
            c11 = a.fma(b1, c11);
            a = DoubleVector.broadcast(S, pa[ao + 2]);
            c20 = a.fma(b0, c20);
            c21 = a.fma(b1, c21);
            a = DoubleVector.broadcast(S, pa[ao + 3]);
            c30 = a.fma(b0, c30);
            c31 = a.fma(b1, c31);
        }
        c00.intoArray(c, co);
        c01.intoArray(c, co + 4);
        c10.intoArray(c, r1);
        c11.intoArray(c, r1 + 4);
        c20.intoArray(c, r2);
        c21.intoArray(c, r2 + 4);
        c30.intoArray(c, r3);
        c31.intoArray(c, r3 + 4);
    }

    private static double[] ensure(double[] buffer, int size) {
        return buffer.length >= size ? buffer : new double[size];
    }
}
