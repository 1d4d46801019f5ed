package io.stormsim.nbody;

import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The mixed-precision list kernel: the group's bodies in float SIMD lanes (twice the lanes of a double
 * vector), each list entry broadcast to all lanes, every lane computing exactly
 * {@link MixedScalarListKernel}'s float operations for its own body (no fused multiply-add), so the bits
 * equal the scalar kernel's whatever the vector width. Needs {@code --add-modules jdk.incubator.vector}.
 */
final class MixedVectorListKernel implements ListKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = S.length();
    private static final int RUN = MixedScalarListKernel.FLOAT_TERMS;
    private float[] gx = new float[LANES], gy = new float[LANES], gz = new float[LANES], gi = new float[LANES];
    private final float[] run = new float[LANES];
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
        FloatVector zero = FloatVector.zero(S);
        FloatVector one = FloatVector.broadcast(S, 1.0f);
        float e2 = (float) eps2;
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
                    FloatVector dx = xi.sub(l.fcx[k]), dy = yi.sub(l.fcy[k]), dz = zi.sub(l.fcz[k]);
                    FloatVector r2s = dx.mul(dx).add(dy.mul(dy)).add(dz.mul(dz)).add(e2);
                    FloatVector inv = one.div(r2s.sqrt());
                    FloatVector inv2 = inv.mul(inv);
                    float m = l.fcm[k];
                    FloatVector qx = dx.mul(l.fqxx[k]).add(dy.mul(l.fqxy[k])).add(dz.mul(l.fqxz[k]));
                    FloatVector qy = dx.mul(l.fqxy[k]).add(dy.mul(l.fqyy[k])).add(dz.mul(l.fqyz[k]));
                    FloatVector qz = dx.mul(l.fqxz[k]).add(dy.mul(l.fqyz[k])).add(dz.mul(l.fqzz[k]));
                    FloatVector rqr = dx.mul(qx).add(dy.mul(qy)).add(dz.mul(qz));
                    FloatVector mInv3 = inv.mul(m).mul(inv2);
                    FloatVector inv5 = inv.mul(inv2).mul(inv2);
                    FloatVector radial = mInv3.add(rqr.mul(2.5f).mul(inv5).mul(inv2));
                    vax = vax.add(inv5.mul(qx).sub(radial.mul(dx)));
                    vay = vay.add(inv5.mul(qy).sub(radial.mul(dy)));
                    vaz = vaz.add(inv5.mul(qz).sub(radial.mul(dz)));
                    vpot = vpot.sub(inv.mul(m).add(rqr.mul(0.5f).mul(inv5)));
                }
                addRun(vax, ax);
                addRun(vay, ay);
                addRun(vaz, az);
                addRun(vpot, pot);
            }
            for (int from = 0; from < l.bodyCount; from += RUN) {
                FloatVector vax = zero, vay = zero, vaz = zero, vpot = zero;
                for (int k = from, to = Math.min(from + RUN, l.bodyCount); k < to; k++) {
                    FloatVector dx = xi.sub(l.fbx[k]), dy = yi.sub(l.fby[k]), dz = zi.sub(l.fbz[k]);
                    FloatVector r2s = dx.mul(dx).add(dy.mul(dy)).add(dz.mul(dz)).add(e2);
                    VectorMask<Float> self = idx.compare(VectorOperators.EQ, l.fbSelf[k]);
                    FloatVector inv = one.div(r2s.sqrt()).blend(0.0f, self);
                    FloatVector mInv = inv.mul(l.fbm[k]);
                    FloatVector mInv3 = mInv.mul(inv).mul(inv);
                    vax = vax.sub(mInv3.mul(dx));
                    vay = vay.sub(mInv3.mul(dy));
                    vaz = vaz.sub(mInv3.mul(dz));
                    vpot = vpot.sub(mInv);
                }
                addRun(vax, ax);
                addRun(vay, ay);
                addRun(vaz, az);
                addRun(vpot, pot);
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

    /** Adds a run's float sums, lane by lane, to the lanes' double sums. */
    private void addRun(FloatVector runSum, double[] sum) {
        runSum.intoArray(run, 0);
        for (int lane = 0; lane < LANES; lane++) {
            sum[lane] += run[lane];
        }
    }
}
