package io.stormsim.nbody;

import static io.stormsim.nbody.Octree.*;

/**
 * Accelerations and potentials by a Barnes-Hut walk (monopole plus quadrupole, Plummer softening) and
 * by direct summation, the oracle.
 *
 * <p>A cell is accepted as a whole when the target lies outside its cube and farther from its centre of
 * mass than its opening radius. {@link #acceptedByBox} is the same test for every point of a box at
 * once; because rounding is monotone, whenever it accepts a cell, so does the per-target test for every
 * target in the box. That is what makes a locally essential tree, pruned with the box test, hold every
 * cell a target's walk can open.
 */
public final class Gravity {
    private static final int MAX_STACK = 8 * (RootCell.LEVELS + 2);

    private Gravity() {
    }

    /** Output of a force evaluation for a range of targets, indexed from 0. */
    public static final class Field {
        public final double[] ax, ay, az, potential;
        public final long[] interactions;

        public Field(int n) {
            ax = new double[n];
            ay = new double[n];
            az = new double[n];
            potential = new double[n];
            interactions = new long[n];
        }
    }

    /**
     * Walks the tree from {@code rootCell} for tree bodies {@code from..to-1} as targets (a target never
     * interacts with a body of its own id) and returns their field.
     *
     * @throws IllegalStateException if a walk needs a cell that was pruned (the tree was not essential for these targets)
     */
    public static Field treeField(Octree t, int rootCell, int from, int to, double softening) {
        Field f = new Field(to - from);
        double eps2 = softening * softening;
        double[] cell = t.cell, body = t.body;
        int[] link = t.link;
        long[] ids = t.bodyId;
        int[] stack = new int[MAX_STACK];
        for (int i = from; i < to; i++) {
            double xi = body[i * BODY_STRIDE], yi = body[i * BODY_STRIDE + 1], zi = body[i * BODY_STRIDE + 2];
            long idi = ids[i];
            double ax = 0, ay = 0, az = 0, pot = 0;
            long count = 0;
            int sp = 0;
            stack[sp++] = rootCell;
            while (sp > 0) {
                int c = stack[--sp];
                int cb = c * CELL_STRIDE;
                double dx = xi - cell[cb + COM_X], dy = yi - cell[cb + COM_Y], dz = zi - cell[cb + COM_Z];
                double r2 = dx * dx + dy * dy + dz * dz;
                if (r2 > cell[cb + OPEN_R2] && !inCube(cell, cb, xi, yi, zi)) {
                    double r2s = r2 + eps2;
                    double inv = 1.0 / Math.sqrt(r2s);
                    double inv2 = inv * inv;
                    double m = cell[cb + MASS];
                    double qxx = cell[cb + Q_XX], qyy = cell[cb + Q_YY], qzz = cell[cb + Q_ZZ];
                    double qxy = cell[cb + Q_XY], qxz = cell[cb + Q_XZ], qyz = cell[cb + Q_YZ];
                    double qx = qxx * dx + qxy * dy + qxz * dz;
                    double qy = qxy * dx + qyy * dy + qyz * dz;
                    double qz = qxz * dx + qyz * dy + qzz * dz;
                    double rqr = dx * qx + dy * qy + dz * qz;
                    double mInv3 = m * inv * inv2;
                    double inv5 = inv * inv2 * inv2;
                    double radial = mInv3 + 2.5 * rqr * inv5 * inv2;
                    ax += inv5 * qx - radial * dx;
                    ay += inv5 * qy - radial * dy;
                    az += inv5 * qz - radial * dz;
                    pot -= m * inv + 0.5 * rqr * inv5;
                    count++;
                    continue;
                }
                int l = c * LINK_STRIDE;
                int children = link[l + CHILD_COUNT];
                if (children > 0) {
                    int first = link[l + FIRST_CHILD];
                    for (int k = children - 1; k >= 0; k--) {
                        stack[sp++] = first + k;
                    }
                    continue;
                }
                int n = link[l + BODY_COUNT];
                if (n == PRUNED) {
                    throw new IllegalStateException("the walk of body " + idi + " opened a cell pruned from its"
                            + " essential tree: the pruning box did not contain the body");
                }
                int b0 = link[l + FIRST_BODY];
                for (int b = b0; b < b0 + n; b++) {
                    if (ids[b] == idi) {
                        continue;
                    }
                    double ddx = xi - body[b * BODY_STRIDE], ddy = yi - body[b * BODY_STRIDE + 1],
                            ddz = zi - body[b * BODY_STRIDE + 2];
                    double r2s = ddx * ddx + ddy * ddy + ddz * ddz + eps2;
                    double inv = 1.0 / Math.sqrt(r2s);
                    double mInv = body[b * BODY_STRIDE + 3] * inv;
                    double mInv3 = mInv * inv * inv;
                    ax -= mInv3 * ddx;
                    ay -= mInv3 * ddy;
                    az -= mInv3 * ddz;
                    pot -= mInv;
                    count++;
                }
            }
            int o = i - from;
            f.ax[o] = ax;
            f.ay[o] = ay;
            f.az[o] = az;
            f.potential[o] = pot;
            f.interactions[o] = count;
        }
        return f;
    }

    private static boolean inCube(double[] cell, int cb, double x, double y, double z) {
        double h = cell[cb + HALF];
        double cx = cell[cb + CENTER_X], cy = cell[cb + CENTER_Y], cz = cell[cb + CENTER_Z];
        return x >= cx - h && x <= cx + h && y >= cy - h && y <= cy + h && z >= cz - h && z <= cz + h;
    }

    /** True when every point of the box {min x, y, z, max x, y, z} accepts the cell at {@code cb}. */
    static boolean acceptedByBox(double[] cell, int cb, double[] box) {
        double h = cell[cb + HALF];
        double cx = cell[cb + CENTER_X], cy = cell[cb + CENTER_Y], cz = cell[cb + CENTER_Z];
        boolean touchesCube = box[0] <= cx + h && box[3] >= cx - h && box[1] <= cy + h && box[4] >= cy - h
                && box[2] <= cz + h && box[5] >= cz - h;
        if (touchesCube) {
            return false;
        }
        double gx = gap(box[0], box[3], cell[cb + COM_X]);
        double gy = gap(box[1], box[4], cell[cb + COM_Y]);
        double gz = gap(box[2], box[5], cell[cb + COM_Z]);
        return gx * gx + gy * gy + gz * gz > cell[cb + OPEN_R2];
    }

    /** Distance along one axis from c to the interval [lo, hi], rounded as the walk rounds x - c. */
    private static double gap(double lo, double hi, double c) {
        if (c < lo) {
            return lo - c;
        }
        if (c > hi) {
            return c - hi;
        }
        return 0.0;
    }

    /** The oracle: softened field on targets {@code from..to-1} of {@code b} from all bodies of {@code b}. */
    public static Field directField(Bodies b, int from, int to, double softening) {
        Field f = new Field(to - from);
        double eps2 = softening * softening;
        for (int i = from; i < to; i++) {
            double ax = 0, ay = 0, az = 0, pot = 0;
            for (int j = 0; j < b.n; j++) {
                if (j == i) {
                    continue;
                }
                double dx = b.x[i] - b.x[j], dy = b.y[i] - b.y[j], dz = b.z[i] - b.z[j];
                double r2s = dx * dx + dy * dy + dz * dz + eps2;
                double inv = 1.0 / Math.sqrt(r2s);
                double mInv = b.mass[j] * inv;
                double mInv3 = mInv * inv * inv;
                ax -= mInv3 * dx;
                ay -= mInv3 * dy;
                az -= mInv3 * dz;
                pot -= mInv;
            }
            int o = i - from;
            f.ax[o] = ax;
            f.ay[o] = ay;
            f.az[o] = az;
            f.potential[o] = pot;
            f.interactions[o] = b.n - 1;
        }
        return f;
    }
}
