package io.stormsim.nbody;

/**
 * The mixed-precision kernel one body at a time: the reference for {@link MixedVectorListKernel}, and the
 * mixed kernel without the Vector API. Each term in float, from positions relative to the group's centre;
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
                    float r2s = dx * dx + dy * dy + dz * dz + e2;
                    float inv = 1.0f / (float) Math.sqrt(r2s);
                    float inv2 = inv * inv;
                    float m = l.fcm[k];
                    float qx = dx * l.fqxx[k] + dy * l.fqxy[k] + dz * l.fqxz[k];
                    float qy = dx * l.fqxy[k] + dy * l.fqyy[k] + dz * l.fqyz[k];
                    float qz = dx * l.fqxz[k] + dy * l.fqyz[k] + dz * l.fqzz[k];
                    float rqr = dx * qx + dy * qy + dz * qz;
                    float mInv3 = inv * m * inv2;
                    float inv5 = inv * inv2 * inv2;
                    float radial = mInv3 + rqr * 2.5f * inv5 * inv2;
                    rax += inv5 * qx - radial * dx;
                    ray += inv5 * qy - radial * dy;
                    raz += inv5 * qz - radial * dz;
                    rpot -= inv * m + rqr * 0.5f * inv5;
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
                    float r2s = dx * dx + dy * dy + dz * dz + e2;
                    float inv = 1.0f / (float) Math.sqrt(r2s);
                    float mInv = inv * l.fbm[k];
                    float mInv3 = mInv * inv * inv;
                    rax -= mInv3 * dx;
                    ray -= mInv3 * dy;
                    raz -= mInv3 * dz;
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
