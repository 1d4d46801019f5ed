package io.stormsim.nbody;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The group's bodies in SIMD lanes, each list entry broadcast to all lanes: every lane computes
 * exactly the scalar kernel's operations for its own body (IEEE lane-wise, no fused multiply-add), so
 * the bits equal {@link ScalarListKernel}'s whatever the vector width. Needs
 * {@code --add-modules jdk.incubator.vector}.
 */
final class VectorListKernel implements ListKernel {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final int LANES = S.length();
    private double[] gx = new double[LANES], gy = new double[LANES], gz = new double[LANES], gi = new double[LANES];
    private final double[] ax = new double[LANES], ay = new double[LANES], az = new double[LANES], pot = new double[LANES];

    @Override
    public Precision precision() {
        return Precision.DOUBLE;
    }

    @Override
    public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
        int padded = (l.size + LANES - 1) / LANES * LANES;
        if (gx.length < padded) {
            gx = new double[padded];
            gy = new double[padded];
            gz = new double[padded];
            gi = new double[padded];
        }
        for (int j = 0; j < padded; j++) {
            int i = l.first + Math.min(j, l.size - 1);
            gx[j] = body[i * Octree.BODY_STRIDE];
            gy[j] = body[i * Octree.BODY_STRIDE + 1];
            gz[j] = body[i * Octree.BODY_STRIDE + 2];
            gi[j] = j < l.size ? i : -1;
        }
        DoubleVector zero = DoubleVector.zero(S);
        DoubleVector one = DoubleVector.broadcast(S, 1.0);
        for (int base = 0; base < padded; base += LANES) {
            DoubleVector xi = DoubleVector.fromArray(S, gx, base);
            DoubleVector yi = DoubleVector.fromArray(S, gy, base);
            DoubleVector zi = DoubleVector.fromArray(S, gz, base);
            DoubleVector idx = DoubleVector.fromArray(S, gi, base);
            DoubleVector vax = zero, vay = zero, vaz = zero, vpot = zero;
            for (int k = 0; k < l.cellCount; k++) {
                DoubleVector dx = xi.sub(l.cx[k]), dy = yi.sub(l.cy[k]), dz = zi.sub(l.cz[k]);
                DoubleVector r2s = dx.mul(dx).add(dy.mul(dy)).add(dz.mul(dz)).add(eps2);
                DoubleVector inv = one.div(r2s.sqrt());
                DoubleVector inv2 = inv.mul(inv);
                double m = l.cm[k];
                DoubleVector qx = dx.mul(l.qxx[k]).add(dy.mul(l.qxy[k])).add(dz.mul(l.qxz[k]));
                DoubleVector qy = dx.mul(l.qxy[k]).add(dy.mul(l.qyy[k])).add(dz.mul(l.qyz[k]));
                DoubleVector qz = dx.mul(l.qxz[k]).add(dy.mul(l.qyz[k])).add(dz.mul(l.qzz[k]));
                DoubleVector rqr = dx.mul(qx).add(dy.mul(qy)).add(dz.mul(qz)).sub(eps2 * l.tr[k]);
                DoubleVector mInv3 = inv.mul(m).mul(inv2);
                DoubleVector inv5 = inv.mul(inv2).mul(inv2);
                DoubleVector radial = mInv3.add(rqr.mul(2.5).mul(inv5).mul(inv2));
                vax = vax.add(inv5.mul(qx).sub(radial.mul(dx)));
                vay = vay.add(inv5.mul(qy).sub(radial.mul(dy)));
                vaz = vaz.add(inv5.mul(qz).sub(radial.mul(dz)));
                vpot = vpot.sub(inv.mul(m).add(rqr.mul(0.5).mul(inv5)));
            }
            for (int k = 0; k < l.bodyCount; k++) {
                DoubleVector dx = xi.sub(l.bx[k]), dy = yi.sub(l.by[k]), dz = zi.sub(l.bz[k]);
                DoubleVector r2s = dx.mul(dx).add(dy.mul(dy)).add(dz.mul(dz)).add(eps2);
                VectorMask<Double> self = idx.compare(VectorOperators.EQ, l.bIndex[k]);
                DoubleVector inv = one.div(r2s.sqrt()).blend(0.0, self);
                DoubleVector mInv = inv.mul(l.bm[k]);
                DoubleVector mInv3 = mInv.mul(inv).mul(inv);
                vax = vax.sub(mInv3.mul(dx));
                vay = vay.sub(mInv3.mul(dy));
                vaz = vaz.sub(mInv3.mul(dz));
                vpot = vpot.sub(mInv);
            }
            vax.intoArray(ax, 0);
            vay.intoArray(ay, 0);
            vaz.intoArray(az, 0);
            vpot.intoArray(pot, 0);
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
}
