package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.KeyOrder;
import io.stormsim.nbody.RootCell;

/**
 * The k nearest neighbours of each body, ordered by (squared distance, id), found in a balanced binary tree over
 * the bodies in Morton order: each node holds a contiguous run of that order (children split it in the middle)
 * and the tight bounding box of its bodies. Splitting the Morton order in halves instead of space keeps every
 * leaf at a few bodies however clustered the set is, and reuses the octree's keys and radix sort.
 *
 * <p>The neighbour set is exact, so it does not depend on the tree's shape or the input order: a node is skipped
 * only when its box is strictly farther than the current k-th candidate, and the box distance never exceeds a
 * contained body's distance in floating point (both are sums of squared coordinate differences, and rounding is
 * monotonic), so a body at the same distance with a smaller id is never missed.
 */
final class NeighbourTree {
    private static final int LEAF = 12;

    private final int depth;
    /** Bodies in Morton order (ties by id). */
    private final double[] x, y, z, mass;
    private final long[] id;
    private final int[] input;
    /** Per node, heap layout (the children of node i are 2i+1 and 2i+2): its run of bodies and its box. */
    private final int[] lo, hi;
    private final double[] box;

    /** The search in progress: the query body and its candidates so far, nearest first. */
    private int k, found, self;
    private double qx, qy, qz;
    private double[] d2 = new double[0];
    private long[] nid = new long[0];
    private int[] at = new int[0];

    NeighbourTree(Bodies b) {
        int n = b.n;
        long[] keys = RootCell.around(Box.of(b)).keys(b);
        input = KeyOrder.sortedOrder(keys, b.id);
        x = new double[n];
        y = new double[n];
        z = new double[n];
        mass = new double[n];
        id = new long[n];
        for (int p = 0; p < n; p++) {
            int i = input[p];
            x[p] = b.x[i];
            y[p] = b.y[i];
            z[p] = b.z[i];
            mass[p] = b.mass[i];
            id[p] = b.id[i];
        }
        int levels = 0;
        while ((n + (1L << levels) - 1) >> levels > LEAF) {
            levels++;
        }
        depth = levels;
        int nodes = (1 << (depth + 1)) - 1;
        lo = new int[nodes];
        hi = new int[nodes];
        box = new double[6 * nodes];
        build(0, 0, n, 0);
    }

    private void build(int node, int from, int to, int level) {
        lo[node] = from;
        hi[node] = to;
        int b = 6 * node;
        if (level == depth) {
            Box leaf = Box.empty();
            leaf.include(x, y, z, from, to);
            System.arraycopy(leaf.bounds, 0, box, b, 6);
            return;
        }
        int mid = (from + to) >>> 1;
        int left = 2 * node + 1;
        build(left, from, mid, level + 1);
        build(left + 1, mid, to, level + 1);
        for (int a = 0; a < 3; a++) {
            box[b + a] = Math.min(box[6 * left + a], box[6 * left + 6 + a]);
            box[b + 3 + a] = Math.max(box[6 * left + 3 + a], box[6 * left + 9 + a]);
        }
    }

    int size() {
        return x.length;
    }

    /** The index, in the bodies the tree was built from, of the body at tree position {@code p}. */
    int inputIndex(int p) {
        return input[p];
    }

    double mass(int p) {
        return mass[p];
    }

    long id(int p) {
        return id[p];
    }

    /**
     * The {@code k} nearest other bodies of the body at tree position {@code p}, nearest first, equal distances by
     * id: their squared distances into {@code d2Out[0..k-1]} and tree positions into {@code atOut[0..k-1]}.
     * Needs {@code k < size()}.
     */
    void nearest(int p, int k, double[] d2Out, int[] atOut) {
        if (d2.length < k) {
            d2 = new double[k];
            nid = new long[k];
            at = new int[k];
        }
        this.k = k;
        found = 0;
        self = p;
        qx = x[p];
        qy = y[p];
        qz = z[p];
        visit(0, 0);
        System.arraycopy(d2, 0, d2Out, 0, k);
        System.arraycopy(at, 0, atOut, 0, k);
    }

    private double worst() {
        return found < k ? Double.POSITIVE_INFINITY : d2[k - 1];
    }

    private void visit(int node, int level) {
        if (level == depth) {
            scan(lo[node], hi[node]);
            return;
        }
        int a = 2 * node + 1, b = a + 1;
        double da = boxDistance2(a), db = boxDistance2(b);
        if (db < da) {
            int t = a;
            a = b;
            b = t;
            double td = da;
            da = db;
            db = td;
        }
        if (da <= worst()) {
            visit(a, level + 1);
        }
        if (db <= worst()) {
            visit(b, level + 1);
        }
    }

    private double boxDistance2(int node) {
        int b = 6 * node;
        double gx = gap(qx, box[b], box[b + 3]);
        double gy = gap(qy, box[b + 1], box[b + 4]);
        double gz = gap(qz, box[b + 2], box[b + 5]);
        return gx * gx + gy * gy + gz * gz;
    }

    private static double gap(double q, double min, double max) {
        return q < min ? min - q : q > max ? q - max : 0.0;
    }

    private void scan(int from, int to) {
        for (int p = from; p < to; p++) {
            if (p == self) {
                continue;
            }
            double dx = x[p] - qx, dy = y[p] - qy, dz = z[p] - qz;
            double dd = dx * dx + dy * dy + dz * dz;
            if (dd <= worst()) {
                offer(p, dd);
            }
        }
    }

    /** Inserts a candidate in (distance, id) order, dropping the k-th when full; a later one no nearer is refused. */
    private void offer(int p, double dd) {
        long pid = id[p];
        int i;
        if (found == k) {
            if (dd == d2[k - 1] && pid > nid[k - 1]) {
                return;
            }
            i = k - 1;
        } else {
            i = found++;
        }
        while (i > 0 && (d2[i - 1] > dd || (d2[i - 1] == dd && nid[i - 1] > pid))) {
            d2[i] = d2[i - 1];
            nid[i] = nid[i - 1];
            at[i] = at[i - 1];
            i--;
        }
        d2[i] = dd;
        nid[i] = pid;
        at[i] = p;
    }
}
