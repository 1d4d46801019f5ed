package io.stormsim.nbody;

import static io.stormsim.nbody.MixedScalarListKernel.M;
import static io.stormsim.nbody.MixedScalarListKernel.TR;
import static io.stormsim.nbody.MixedScalarListKernel.XX;
import static io.stormsim.nbody.MixedScalarListKernel.XY;
import static io.stormsim.nbody.MixedScalarListKernel.XZ;
import static io.stormsim.nbody.MixedScalarListKernel.YY;
import static io.stormsim.nbody.MixedScalarListKernel.YZ;
import static io.stormsim.nbody.MixedScalarListKernel.ZZ;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The mixed-precision list kernel: the group's bodies in float SIMD lanes (twice the lanes of a double
 * vector), each list entry broadcast to all lanes, every lane computing exactly
 * {@link MixedScalarListKernel}'s float operations for its own body (fused multiply-adds where it has
 * {@code Math.fma}), so the bits equal the scalar kernel's whatever the vector width. Needs {@code --add-modules jdk.incubator.vector}.
 */
final class MixedVectorListKernel implements ListKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = S.length();
    private static final int RUN = MixedScalarListKernel.FLOAT_TERMS;
    private float[] gx = new float[LANES], gy = new float[LANES], gz = new float[LANES], gi = new float[LANES];
    private final float[] rx = new float[LANES], ry = new float[LANES], rz = new float[LANES], rp = new float[LANES];
    private final double[] ax = new double[LANES], ay = new double[LANES], az = new double[LANES],
            pot = new double[LANES];

    @Override
    public Precision precision() {
        return Precision.MIXED;
    }

    @Override
    public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
        int padded = (l.size + LANES - 1) / LANES * LANES;
        if (gx.length < padded) {
            gx = new float[padded];
            gy = new float[padded];
            gz = new float[padded];
            gi = new float[padded];
        }
        for (int j = 0; j < padded; j++) {
            int i = l.first + Math.min(j, l.size - 1);
            gx[j] = (float) (body[i * Octree.BODY_STRIDE] - l.ox);
            gy[j] = (float) (body[i * Octree.BODY_STRIDE + 1] - l.oy);
            gz[j] = (float) (body[i * Octree.BODY_STRIDE + 2] - l.oz);
            gi[j] = j < l.size ? j : -2;
        }
        float[] mp = l.cellFloats;
        FloatVector zero = FloatVector.zero(S);
        FloatVector one = FloatVector.broadcast(S, 1.0f), minusHalf = FloatVector.broadcast(S, -0.5f);
        float e2f = (float) eps2;
        FloatVector e2 = FloatVector.broadcast(S, e2f);
        for (int base = 0; base < padded; base += LANES) {
            FloatVector xi = FloatVector.fromArray(S, gx, base);
            FloatVector yi = FloatVector.fromArray(S, gy, base);
            FloatVector zi = FloatVector.fromArray(S, gz, base);
            FloatVector idx = FloatVector.fromArray(S, gi, base);
            Arrays.fill(ax, 0.0);
            Arrays.fill(ay, 0.0);
            Arrays.fill(az, 0.0);
            Arrays.fill(pot, 0.0);
            for (int from = 0; from < l.cellCount; from += RUN) {
                FloatVector vax = zero, vay = zero, vaz = zero, vpot = zero;
                for (int k = from, to = Math.min(from + RUN, l.cellCount); k < to; k++) {
                    int o = k * Octree.FLOAT_STRIDE;
                    FloatVector dx = xi.sub(l.fcx[k]), dy = yi.sub(l.fcy[k]), dz = zi.sub(l.fcz[k]);
                    FloatVector r2s = dz.fma(dz, dy.fma(dy, dx.fma(dx, e2)));
                    FloatVector inv = one.div(r2s.sqrt());
                    FloatVector inv2 = inv.mul(inv);
                    FloatVector qxx = FloatVector.broadcast(S, mp[o + XX]), qyy = FloatVector.broadcast(S, mp[o + YY]);
                    FloatVector qzz = FloatVector.broadcast(S, mp[o + ZZ]), qxy = FloatVector.broadcast(S, mp[o + XY]);
                    FloatVector qxz = FloatVector.broadcast(S, mp[o + XZ]), qyz = FloatVector.broadcast(S, mp[o + YZ]);
                    FloatVector qx = dz.fma(qxz, dy.fma(qxy, dx.mul(qxx)));
                    FloatVector qy = dz.fma(qyz, dy.fma(qyy, dx.mul(qxy)));
                    FloatVector qz = dz.fma(qzz, dy.fma(qyz, dx.mul(qxz)));
                    FloatVector rqr = dz.fma(qz, dy.fma(qy, dx.fma(qx, FloatVector.broadcast(S, -e2f * mp[o + TR]))));
                    FloatVector minusMInv = inv.mul(-mp[o + M]);
                    FloatVector inv5 = inv.mul(inv2).mul(inv2);
                    FloatVector rqrInv5 = rqr.mul(inv5);
                    FloatVector minusRadial = rqrInv5.mul(-2.5f).fma(inv2, minusMInv.mul(inv2));
                    vax = minusRadial.fma(dx, inv5.fma(qx, vax));
                    vay = minusRadial.fma(dy, inv5.fma(qy, vay));
                    vaz = minusRadial.fma(dz, inv5.fma(qz, vaz));
                    vpot = rqrInv5.fma(minusHalf, vpot.add(minusMInv));
                }
                vax.intoArray(rx, 0);
                vay.intoArray(ry, 0);
                vaz.intoArray(rz, 0);
                vpot.intoArray(rp, 0);
                addRuns();
            }
            for (int from = 0; from < l.bodyCount; from += RUN) {
                FloatVector vax = zero, vay = zero, vaz = zero, vpot = zero;
                for (int k = from, to = Math.min(from + RUN, l.bodyCount); k < to; k++) {
                    FloatVector dx = xi.sub(l.fbx[k]), dy = yi.sub(l.fby[k]), dz = zi.sub(l.fbz[k]);
                    FloatVector r2s = dz.fma(dz, dy.fma(dy, dx.fma(dx, e2)));
                    FloatVector inv = one.div(r2s.sqrt());
                    if (k >= l.selfFrom && k < l.selfTo) {
                        inv = inv.blend(0.0f, idx.compare(VectorOperators.EQ, l.fbSelf[k]));
                    }
                    FloatVector minusMInv = inv.mul(-l.fbm[k]);
                    FloatVector minusMInv3 = minusMInv.mul(inv).mul(inv);
                    vax = minusMInv3.fma(dx, vax);
                    vay = minusMInv3.fma(dy, vay);
                    vaz = minusMInv3.fma(dz, vaz);
                    vpot = vpot.add(minusMInv);
                }
                vax.intoArray(rx, 0);
                vay.intoArray(ry, 0);
                vaz.intoArray(rz, 0);
                vpot.intoArray(rp, 0);
                addRuns();
            }
            for (int lane = 0; lane < LANES && base + lane < l.size; lane++) {
                int j = base + lane;
                f.ax[out + j] = ax[lane];
                f.ay[out + j] = ay[lane];
                f.az[out + j] = az[lane];
                f.potential[out + j] = pot[lane];
                f.interactions[out + j] = l.interactions(j);
                f.cost[out + j] = l.cost(j);
            }
        }
    }

    /**
     * Adds a run's float sums (stored in rx, ry, rz, rp), lane by lane, to the lanes' double sums. It takes no
     * vector: C2 left the former addRun(FloatVector, double[]) a call, and a vector passed to a call is boxed, four
     * objects a run (at 10^5 bodies 220 MB a step, 86% of what a step allocated, and a force phase 7% slower).
     */
    private void addRuns() {
        for (int lane = 0; lane < LANES; lane++) {
            ax[lane] += rx[lane];
            ay[lane] += ry[lane];
            az[lane] += rz[lane];
            pot[lane] += rp[lane];
        }
    }
}
