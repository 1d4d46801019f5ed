package io.stormsim.nbody;

/** One body at a time: the reference for {@link VectorListKernel}, and the kernel without the Vector API. */
final class ScalarListKernel implements ListKernel {
    @Override
    public Precision precision() {
        return Precision.DOUBLE;
    }

    @Override
    public void sum(InteractionLists l, double[] body, double eps2, Gravity.Field f, int out) {
        for (int j = 0; j < l.size; j++) {
            int i = l.first + j;
            double xi = body[i * Octree.BODY_STRIDE], yi = body[i * Octree.BODY_STRIDE + 1],
                    zi = body[i * Octree.BODY_STRIDE + 2];
            double ax = 0, ay = 0, az = 0, pot = 0;
            for (int k = 0; k < l.cellCount; k++) {
                double dx = xi - l.cx[k], dy = yi - l.cy[k], dz = zi - l.cz[k];
                double r2s = dx * dx + dy * dy + dz * dz + eps2;
                double inv = 1.0 / Math.sqrt(r2s);
                double inv2 = inv * inv;
                double m = l.cm[k];
                double qx = l.qxx[k] * dx + l.qxy[k] * dy + l.qxz[k] * dz;
                double qy = l.qxy[k] * dx + l.qyy[k] * dy + l.qyz[k] * dz;
                double qz = l.qxz[k] * dx + l.qyz[k] * dy + l.qzz[k] * dz;
                double rqr = dx * qx + dy * qy + dz * qz - eps2 * l.tr[k];
                double mInv3 = m * inv * inv2;
                double inv5 = inv * inv2 * inv2;
                double radial = mInv3 + rqr * 2.5 * inv5 * inv2;
                ax += inv5 * qx - radial * dx;
                ay += inv5 * qy - radial * dy;
                az += inv5 * qz - radial * dz;
                pot -= m * inv + rqr * 0.5 * inv5;
            }
            for (int k = 0; k < l.bodyCount; k++) {
                if (l.bIndex[k] == i) {
                    continue;
                }
                double dx = xi - l.bx[k], dy = yi - l.by[k], dz = zi - l.bz[k];
                double r2s = dx * dx + dy * dy + dz * dz + eps2;
                double inv = 1.0 / Math.sqrt(r2s);
                double mInv = l.bm[k] * inv;
                double mInv3 = mInv * inv * inv;
                ax -= mInv3 * dx;
                ay -= mInv3 * dy;
                az -= mInv3 * dz;
                pot -= mInv;
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
