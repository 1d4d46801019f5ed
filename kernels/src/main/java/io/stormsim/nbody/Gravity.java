package io.stormsim.nbody;

import static io.stormsim.nbody.Octree.*;

/**
 * Softened gravity (Plummer softening): the cell (monopole plus quadrupole) and body interactions of a
 * tree walk's lists, the acceptance test, and direct summation, the oracle.
 *
 * <p>A cell term is the Taylor expansion to second order, about the cell's centre of mass, of the softened
 * potential of the cell's bodies: with s^2 = r^2 + epsilon^2, Q the traceless quadrupole and T = sum m |d|^2
 * the trace of the second moment ({@link Octree#TRACE}), phi = -M / s - (r.Q.r - epsilon^2 T) / (2 s^5), and
 * the acceleration its gradient. The trace term vanishes without softening, which is why the familiar
 * quadrupole formula drops it, but at the few softening lengths where a cell of size ~epsilon is accepted it
 * is as large as the quadrupole term: without it, the error of such a cell is second order in its size
 * instead of fourth (odd moments aside), and around clumps below the softening length the 99th percentile
 * of the relative force error at theta 0.5 was 4.5e-3, against 5.2e-4 with it (issue 29).
 *
 * <p>A cell is accepted as a whole for a box of targets when the box does not touch the cell's cube and
 * lies farther from its centre of mass than its opening radius. Because rounding is monotone, a cell that
 * a box accepts is accepted by every box inside it: a locally essential tree pruned with a partition's
 * box holds every cell the walks of its groups open.
 */
public final class Gravity {
    private Gravity() {
    }

    /** Output of a force evaluation for a range of targets, indexed from 0. */
    public static final class Field {
        public final double[] ax, ay, az, potential;
        public final long[] interactions;
        /**
         * Work in body-term units: a cell term counts {@link InteractionLists#CELL_TERM_COST} (its quadrupole
         * roughly doubles the arithmetic), so that partitions of equal cost take equal time.
         */
        public final long[] cost;

        public Field(int n) {
            this(new double[n], new double[n], new double[n], new double[n], new long[n], new long[n]);
        }

        public Field(double[] ax, double[] ay, double[] az, double[] potential, long[] interactions, long[] cost) {
            int n = ax.length;
            if (ay.length != n || az.length != n || potential.length != n || interactions.length != n || cost.length != n) {
                throw new IllegalArgumentException("a field of " + n + " bodies needs arrays of " + n + " values");
            }
            this.ax = ax;
            this.ay = ay;
            this.az = az;
            this.potential = potential;
            this.interactions = interactions;
            this.cost = cost;
        }
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
            f.cost[o] = b.n - 1;
        }
        return f;
    }
}
