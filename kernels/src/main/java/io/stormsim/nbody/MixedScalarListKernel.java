package io.stormsim.nbody;

/**
 * The mixed-precision kernel one body at a time: the reference for {@link MixedVectorListKernel}, and the
 * mixed kernel without the Vector API. Each term in float, from positions relative to the group's centre,
 * with fused multiply-adds (one rounding where the double kernels have two, and fewer operations);
 * runs of {@link #FLOAT_TERMS} terms summed in float, the runs' sums in double.
 */
final class MixedScalarListKernel implements ListKernel {
    /**
     * Terms summed in float before their sum joins the body's double sum: the rounding of a float sum of
     * 64 terms (~1e-6 relative) stays far below the tree's truncation error (1e-4 at theta 0.5), and the
     * vector kernel moves its float lanes into double once per run instead of once per term.
     */
    static final int FLOAT_TERMS = 64;
    /** Where a cell's mass, quadrupole and trace sit in its record of {@link InteractionLists#cellFloats}. */
    static final int M = 0, XX = Octree.Q_XX - Octree.MASS, YY = Octree.Q_YY - Octree.MASS,
            ZZ = Octree.Q_ZZ - Octree.MASS, XY = Octree.Q_XY - Octree.MASS, XZ = Octree.Q_XZ - Octree.MASS,
            YZ = Octree.Q_YZ - Octree.MASS, TR = Octree.TRACE - Octree.MASS;

    @Override
    public Precision precision() {
        return Precision.MIXED;
    }

    @Override
    public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
        float e2 = (float) eps2;
        float[] mp = l.cellFloats;
        for (int j = 0; j < l.size; j++) {
            int i = l.first + j;
            float xi = (float) (body[i * Octree.BODY_STRIDE] - l.ox);
            float yi = (float) (body[i * Octree.BODY_STRIDE + 1] - l.oy);
            float zi = (float) (body[i * Octree.BODY_STRIDE + 2] - l.oz);
            float self = j;
            double ax = 0, ay = 0, az = 0, pot = 0;
            for (int from = 0; from < l.cellCount; from += FLOAT_TERMS) {
                float rax = 0, ray = 0, raz = 0, rpot = 0;
                for (int k = from, to = Math.min(from + FLOAT_TERMS, l.cellCount); k < to; k++) {
                    int o = k * Octree.FLOAT_STRIDE;
                    float dx = xi - l.fcx[k], dy = yi - l.fcy[k], dz = zi - l.fcz[k];
                    float r2s = Math.fma(dz, dz, Math.fma(dy, dy, Math.fma(dx, dx, e2)));
                    float inv = 1.0f / (float) Math.sqrt(r2s);
                    float inv2 = inv * inv;
                    float qx = Math.fma(dz, mp[o + XZ], Math.fma(dy, mp[o + XY], dx * mp[o + XX]));
                    float qy = Math.fma(dz, mp[o + YZ], Math.fma(dy, mp[o + YY], dx * mp[o + XY]));
                    float qz = Math.fma(dz, mp[o + ZZ], Math.fma(dy, mp[o + YZ], dx * mp[o + XZ]));
                    float rqr = Math.fma(dz, qz, Math.fma(dy, qy, Math.fma(dx, qx, -e2 * mp[o + TR])));
                    float minusMInv = inv * -mp[o + M];
                    float inv5 = inv * inv2 * inv2;
                    float rqrInv5 = rqr * inv5;
                    float minusRadial = Math.fma(rqrInv5 * -2.5f, inv2, minusMInv * inv2);
                    rax = Math.fma(minusRadial, dx, Math.fma(inv5, qx, rax));
                    ray = Math.fma(minusRadial, dy, Math.fma(inv5, qy, ray));
                    raz = Math.fma(minusRadial, dz, Math.fma(inv5, qz, raz));
                    rpot = Math.fma(rqrInv5, -0.5f, rpot + minusMInv);
                }
                ax += rax;
                ay += ray;
                az += raz;
                pot += rpot;
            }
            for (int from = 0; from < l.bodyCount; from += FLOAT_TERMS) {
                float rax = 0, ray = 0, raz = 0, rpot = 0;
                for (int k = from, to = Math.min(from + FLOAT_TERMS, l.bodyCount); k < to; k++) {
                    if (l.fbSelf[k] == self) {
                        continue;
                    }
                    float dx = xi - l.fbx[k], dy = yi - l.fby[k], dz = zi - l.fbz[k];
                    float r2s = Math.fma(dz, dz, Math.fma(dy, dy, Math.fma(dx, dx, e2)));
                    float inv = 1.0f / (float) Math.sqrt(r2s);
                    float minusMInv = inv * -l.fbm[k];
                    float minusMInv3 = minusMInv * inv * inv;
                    rax = Math.fma(minusMInv3, dx, rax);
                    ray = Math.fma(minusMInv3, dy, ray);
                    raz = Math.fma(minusMInv3, dz, raz);
                    rpot += minusMInv;
                }
                ax += rax;
                ay += ray;
                az += raz;
                pot += rpot;
            }
            f.ax[out + j] = ax;
            f.ay[out + j] = ay;
            f.az[out + j] = az;
            f.potential[out + j] = pot;
            f.interactions[out + j] = l.interactions(j);
            f.cost[out + j] = l.cost(j);
        }
    }
}
