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

    @Override
    public Precision precision() {
        return Precision.MIXED;
    }

    @Override
    public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
        float e2 = (float) eps2;
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
                    float dx = xi - l.fcx[k], dy = yi - l.fcy[k], dz = zi - l.fcz[k];
                    float r2s = Math.fma(dz, dz, Math.fma(dy, dy, Math.fma(dx, dx, e2)));
                    float inv = 1.0f / (float) Math.sqrt(r2s);
                    float inv2 = inv * inv;
                    float qx = Math.fma(dz, l.fqxz[k], Math.fma(dy, l.fqxy[k], dx * l.fqxx[k]));
                    float qy = Math.fma(dz, l.fqyz[k], Math.fma(dy, l.fqyy[k], dx * l.fqxy[k]));
                    float qz = Math.fma(dz, l.fqzz[k], Math.fma(dy, l.fqyz[k], dx * l.fqxz[k]));
                    float rqr = Math.fma(dz, qz, Math.fma(dy, qy, dx * qx));
                    float mInv = inv * l.fcm[k];
                    float inv5 = inv * inv2 * inv2;
                    float rqrInv5 = rqr * inv5;
                    float minusRadial = Math.fma(rqrInv5 * -2.5f, inv2, -(mInv * inv2));
                    rax = Math.fma(minusRadial, dx, Math.fma(inv5, qx, rax));
                    ray = Math.fma(minusRadial, dy, Math.fma(inv5, qy, ray));
                    raz = Math.fma(minusRadial, dz, Math.fma(inv5, qz, raz));
                    rpot = Math.fma(rqrInv5, -0.5f, rpot - mInv);
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
                    float mInv = inv * l.fbm[k];
                    float minusMInv3 = -(mInv * inv * inv);
                    rax = Math.fma(minusMInv3, dx, rax);
                    ray = Math.fma(minusMInv3, dy, ray);
                    raz = Math.fma(minusMInv3, dz, raz);
                    rpot -= mInv;
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
