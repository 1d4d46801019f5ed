package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;

/**
 * The k nearest neighbours of each body, ordered by (squared distance, id), found in a k-d tree: each node holds
 * a contiguous run of the tree's order, split at its median along the widest axis of the node's cell, and keeps
 * the tight bounding box of its bodies. Median splits keep every leaf at a few bodies however clustered the set
 * is or however far an escaper has flown (a grid or a Morton order over the whole box would put the core in a
 * few cells), so the search stays O(log N) per body.
 *
 * <p>The neighbour set is exact, so it does not depend on the tree's shape or the input order: a node is skipped
 * only when its box is strictly farther than the current k-th candidate, and a search stops climbing only when
 * every face of the cell searched is; a box's or a face's distance never exceeds a body's beyond it in floating
 * point (both are sums of squared coordinate differences, and rounding is monotonic), so a body at the same
 * distance with a smaller id is never missed.
 */
final class NeighbourTree {
    private static final int LEAF = 16;

    private final int depth;
    /** Bodies in tree order. */
    private final double[] x, y, z, mass;
    private final long[] id;
    private final int[] input;
    /**
     * Per node, heap layout (the children of node i are 2i+1 and 2i+2): its run of bodies, the tight box of its
     * bodies, and its cell (the parent's cell cut at the split), which bodies outside the node only touch.
     */
    private final int[] lo, hi;
    private final double[] box, cell;

    /** The search in progress: the query body and its candidates so far, nearest first. */
    private int k, found, self;
    private double qx, qy, qz, bound;
    private double[] d2;
    private long[] nid;
    private int[] at;

    NeighbourTree(Bodies b) {
        int n = b.n;
        x = b.x.clone();
        y = b.y.clone();
        z = b.z.clone();
        input = new int[n];
        for (int i = 0; i < n; i++) {
            input[i] = i;
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
        cell = new double[6 * nodes];
        double[] cells = new double[6 * (depth + 1)];
        System.arraycopy(Box.of(b).bounds, 0, cells, 0, 6);
        build(0, 0, n, 0, cells);
        mass = new double[n];
        id = new long[n];
        for (int p = 0; p < n; p++) {
            mass[p] = b.mass[input[p]];
            id[p] = b.id[input[p]];
        }
    }

    /** Builds the node over bodies {@code from..to-1}, whose cell is {@code cells[6 * level ..]}. */
    private void build(int node, int from, int to, int level, double[] cells) {
        lo[node] = from;
        hi[node] = to;
        int b = 6 * node;
        int c = 6 * level;
        System.arraycopy(cells, c, cell, b, 6);
        if (level == depth) {
            Box leaf = Box.empty();
            leaf.include(x, y, z, from, to);
            System.arraycopy(leaf.bounds, 0, box, b, 6);
            return;
        }
        int axis = 0;
        for (int a = 1; a < 3; a++) {
            if (cells[c + 3 + a] - cells[c + a] > cells[c + 3 + axis] - cells[c + axis]) {
                axis = a;
            }
        }
        double[] key = axis == 0 ? x : axis == 1 ? y : z;
        int mid = (from + to) >>> 1;
        select(key, from, to, mid);
        int left = 2 * node + 1;
        System.arraycopy(cells, c, cells, c + 6, 6);
        cells[c + 6 + 3 + axis] = key[mid];
        build(left, from, mid, level + 1, cells);
        System.arraycopy(cells, c, cells, c + 6, 6);
        cells[c + 6 + axis] = key[mid];
        build(left + 1, mid, to, level + 1, cells);
        for (int a = 0; a < 3; a++) {
            box[b + a] = Math.min(box[6 * left + a], box[6 * left + 6 + a]);
            box[b + 3 + a] = Math.max(box[6 * left + 3 + a], box[6 * left + 9 + a]);
        }
    }

    /**
     * Reorders bodies {@code from..to-1} so that the one at {@code nth} has the key it would have sorted, none
     * before it a larger key and none after it a smaller (Hoare's selection; equal keys split evenly).
     */
    private void select(double[] key, int from, int to, int nth) {
        int l = from, r = to - 1;
        while (l < r) {
            double a = key[l], m = key[(l + r) >>> 1], c = key[r];
            double pivot = Math.max(Math.min(a, m), Math.min(Math.max(a, m), c));
            int i = l, j = r;
            while (i <= j) {
                while (key[i] < pivot) {
                    i++;
                }
                while (key[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(i++, j--);
                }
            }
            if (nth <= j) {
                r = j;
            } else if (nth >= i) {
                l = i;
            } else {
                return;
            }
        }
    }

    private void swap(int i, int j) {
        double t = x[i];
        x[i] = x[j];
        x[j] = t;
        t = y[i];
        y[i] = y[j];
        y[j] = t;
        t = z[i];
        z[i] = z[j];
        z[j] = t;
        int p = input[i];
        input[i] = input[j];
        input[j] = p;
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

    /** Receives the k nearest neighbours of one body. */
    @FunctionalInterface
    interface Neighbours {
        /**
         * The body at tree position {@code p}: squared distances {@code d2[0..k-1]} and tree positions
         * {@code at[0..k-1]} of its k nearest other bodies, nearest first, equal distances by id (valid during the
         * call only).
         */
        void accept(int p, double[] d2, int[] at);
    }

    /**
     * The {@code k} nearest other bodies of every body ({@code k < size()}) that {@code only} marks (by input index;
     * null: every body), in tree order. Each search starts in the body's own leaf and climbs only until the sphere
     * through the k-th candidate lies inside the cell it has searched.
     */
    void forEachNearest(int k, boolean[] only, Neighbours out) {
        this.k = k;
        d2 = new double[k];
        nid = new long[k];
        at = new int[k];
        int firstLeaf = (1 << depth) - 1;
        for (int leaf = firstLeaf; leaf <= 2 * firstLeaf; leaf++) {
            for (int q = lo[leaf]; q < hi[leaf]; q++) {
                if (only != null && !only[input[q]]) {
                    continue;
                }
                found = 0;
                bound = Double.POSITIVE_INFINITY;
                self = q;
                qx = x[q];
                qy = y[q];
                qz = z[q];
                scan(lo[leaf], hi[leaf]);
                int node = leaf;
                for (int level = depth; node != 0 && !sphereInsideCell(node); level--) {
                    int sibling = (node & 1) == 1 ? node + 1 : node - 1;
                    if (boxDistance2(sibling) <= bound) {
                        visit(sibling, level);
                    }
                    node = (node - 1) >>> 1;
                }
                out.accept(q, d2, at);
            }
        }
    }

    /**
     * True when every body outside the node is strictly farther than the k-th candidate: such a body lies beyond
     * a face of the node's cell (or on it), so its distance is at least the query's distance to that face, and
     * that is larger than the bound on every face (monotonic rounding keeps the comparison exact).
     */
    private boolean sphereInsideCell(int node) {
        int c = 6 * node;
        return found == k && gapBeyond(qx - cell[c]) && gapBeyond(cell[c + 3] - qx) && gapBeyond(qy - cell[c + 1])
                && gapBeyond(cell[c + 4] - qy) && gapBeyond(qz - cell[c + 2]) && gapBeyond(cell[c + 5] - qz);
    }

    private boolean gapBeyond(double gap) {
        return gap * gap > bound;
    }

    /** Searches the subtree of {@code node}, the nearer child first, skipping boxes beyond the bound. */
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
        if (da <= bound) {
            visit(a, level + 1);
        }
        if (db <= bound) {
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

    /** The distance from q to [min, max] along one axis; without branches, which a search mispredicts half the time. */
    private static double gap(double q, double min, double max) {
        return Math.max(Math.max(min - q, q - max), 0.0);
    }

    private void scan(int from, int to) {
        for (int p = from; p < to; p++) {
            double dx = x[p] - qx, dy = y[p] - qy, dz = z[p] - qz;
            double dd = dx * dx + dy * dy + dz * dz;
            if (dd <= bound && p != self) {
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
        if (found == k) {
            bound = d2[k - 1];
        }
    }
}
