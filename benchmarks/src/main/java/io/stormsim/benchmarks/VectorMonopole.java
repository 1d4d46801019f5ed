package io.stormsim.benchmarks;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The monopole kernel of {@link MonopoleKernels} with the Vector API: targets in lanes
 * ({@code SPECIES_PREFERRED}), each source broadcast -- the layout of VectorListKernel's body loop and of
 * monopole.c. Plain lane-wise IEEE operations, no FMA, so the bits equal the scalar kernel's.
 */
public final class VectorMonopole {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    public static final int LANES = S.length();
    static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    public static final int FLOAT_LANES = F.length();
    /** Sources summed in float before the run's sums join the targets' double sums (MixedScalarListKernel). */
    private static final int RUN = 64;

    private VectorMonopole() {
    }

    /** One vector of targets per pass over the list. */
    public static void field(MonopoleKernels.Problem p) {
        final double[] sx = p.sx, sy = p.sy, sz = p.sz, sm = p.sm;
        final int n = p.sources;
        final DoubleVector one = DoubleVector.broadcast(S, 1.0), zero = DoubleVector.zero(S);
        final double eps2 = p.eps2;
        for (int base = 0; base < p.targets; base += LANES) {
            DoubleVector xi = DoubleVector.fromArray(S, p.tx, base);
            DoubleVector yi = DoubleVector.fromArray(S, p.ty, base);
            DoubleVector zi = DoubleVector.fromArray(S, p.tz, base);
            DoubleVector ax = zero, ay = zero, az = zero, pot = zero;
            for (int k = 0; k < n; k++) {
                DoubleVector dx = xi.sub(sx[k]), dy = yi.sub(sy[k]), dz = zi.sub(sz[k]);
                DoubleVector r2s = dx.mul(dx).add(dy.mul(dy)).add(dz.mul(dz)).add(eps2);
                DoubleVector inv = one.div(r2s.sqrt());
                DoubleVector mInv = inv.mul(sm[k]);
                DoubleVector mInv3 = mInv.mul(inv).mul(inv);
                ax = ax.sub(mInv3.mul(dx));
                ay = ay.sub(mInv3.mul(dy));
                az = az.sub(mInv3.mul(dz));
                pot = pot.sub(mInv);
            }
            ax.intoArray(p.ax, base);
            ay.intoArray(p.ay, base);
            az.intoArray(p.az, base);
            pot.intoArray(p.pot, base);
        }
    }

    /**
     * The mixed-precision kernel (the body loop of MixedVectorListKernel): float lanes, positions relative
     * to the group's centre, fused multiply-adds, runs of {@link #RUN} sources summed in float and then in
     * double; c-simd-mixed in monopole.c, the same bits.
     */
    public static void fieldMixed(MonopoleKernels.Problem p) {
        final float[] sx = p.fsx, sy = p.fsy, sz = p.fsz, sm = p.fsm;
        final int n = p.sources;
        final FloatVector one = FloatVector.broadcast(F, 1.0f), zero = FloatVector.zero(F);
        final FloatVector eps2 = FloatVector.broadcast(F, (float) p.eps2);
        final float[] run = new float[FLOAT_LANES];
        for (int base = 0; base < p.targets; base += FLOAT_LANES) {
            FloatVector xi = FloatVector.fromArray(F, p.ftx, base);
            FloatVector yi = FloatVector.fromArray(F, p.fty, base);
            FloatVector zi = FloatVector.fromArray(F, p.ftz, base);
            java.util.Arrays.fill(p.ax, base, base + FLOAT_LANES, 0.0);
            java.util.Arrays.fill(p.ay, base, base + FLOAT_LANES, 0.0);
            java.util.Arrays.fill(p.az, base, base + FLOAT_LANES, 0.0);
            java.util.Arrays.fill(p.pot, base, base + FLOAT_LANES, 0.0);
            for (int from = 0; from < n; from += RUN) {
                FloatVector ax = zero, ay = zero, az = zero, pot = zero;
                for (int k = from, to = Math.min(from + RUN, n); k < to; k++) {
                    FloatVector dx = xi.sub(sx[k]), dy = yi.sub(sy[k]), dz = zi.sub(sz[k]);
                    FloatVector inv = one.div(dz.fma(dz, dy.fma(dy, dx.fma(dx, eps2))).sqrt());
                    FloatVector mInv = inv.mul(sm[k]);
                    FloatVector minusMInv3 = mInv.mul(inv).mul(inv).neg();
                    ax = minusMInv3.fma(dx, ax);
                    ay = minusMInv3.fma(dy, ay);
                    az = minusMInv3.fma(dz, az);
                    pot = pot.sub(mInv);
                }
                addRun(ax, run, p.ax, base);
                addRun(ay, run, p.ay, base);
                addRun(az, run, p.az, base);
                addRun(pot, run, p.pot, base);
            }
        }
    }

    private static void addRun(FloatVector runSum, float[] run, double[] sum, int base) {
        runSum.intoArray(run, 0);
        for (int lane = 0; lane < FLOAT_LANES; lane++) {
            sum[base + lane] += run[lane];
        }
    }

    /**
     * Two vectors of targets per pass (each source loaded once for 2 * LANES targets): the same
     * operations per lane, two independent dependency chains. Not in the C reference; shows whether the
     * one-vector loop is bound by latency or by the divider.
     */
    public static void field2(MonopoleKernels.Problem p) {
        final double[] sx = p.sx, sy = p.sy, sz = p.sz, sm = p.sm;
        final int n = p.sources;
        final DoubleVector one = DoubleVector.broadcast(S, 1.0), zero = DoubleVector.zero(S);
        final double eps2 = p.eps2;
        int base = 0;
        for (; base + 2 * LANES <= p.targets; base += 2 * LANES) {
            DoubleVector xa = DoubleVector.fromArray(S, p.tx, base), xb = DoubleVector.fromArray(S, p.tx, base + LANES);
            DoubleVector ya = DoubleVector.fromArray(S, p.ty, base), yb = DoubleVector.fromArray(S, p.ty, base + LANES);
            DoubleVector za = DoubleVector.fromArray(S, p.tz, base), zb = DoubleVector.fromArray(S, p.tz, base + LANES);
            DoubleVector axa = zero, aya = zero, aza = zero, pa = zero;
            DoubleVector axb = zero, ayb = zero, azb = zero, pb = zero;
            for (int k = 0; k < n; k++) {
                double x = sx[k], y = sy[k], z = sz[k], m = sm[k];
                DoubleVector dxa = xa.sub(x), dya = ya.sub(y), dza = za.sub(z);
                DoubleVector dxb = xb.sub(x), dyb = yb.sub(y), dzb = zb.sub(z);
                DoubleVector ia = one.div(dxa.mul(dxa).add(dya.mul(dya)).add(dza.mul(dza)).add(eps2).sqrt());
                DoubleVector ib = one.div(dxb.mul(dxb).add(dyb.mul(dyb)).add(dzb.mul(dzb)).add(eps2).sqrt());
                DoubleVector ma = ia.mul(m), mb = ib.mul(m);
                DoubleVector m3a = ma.mul(ia).mul(ia), m3b = mb.mul(ib).mul(ib);
                axa = axa.sub(m3a.mul(dxa));
                aya = aya.sub(m3a.mul(dya));
                aza = aza.sub(m3a.mul(dza));
                pa = pa.sub(ma);
                axb = axb.sub(m3b.mul(dxb));
                ayb = ayb.sub(m3b.mul(dyb));
                azb = azb.sub(m3b.mul(dzb));
                pb = pb.sub(mb);
            }
            axa.intoArray(p.ax, base);
            aya.intoArray(p.ay, base);
            aza.intoArray(p.az, base);
            pa.intoArray(p.pot, base);
            axb.intoArray(p.ax, base + LANES);
            ayb.intoArray(p.ay, base + LANES);
            azb.intoArray(p.az, base + LANES);
            pb.intoArray(p.pot, base + LANES);
        }
        if (base < p.targets) {
            throw new IllegalArgumentException("targets must be a multiple of " + 2 * LANES);
        }
    }
}
