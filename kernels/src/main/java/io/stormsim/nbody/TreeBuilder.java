package io.stormsim.nbody;

/** Builds octree cells over bodies sorted by (Morton key, id). */
public final class TreeBuilder {
    private final Octree tree;
    private final long[] keys;
    private final RootCell root;
    private final int leafCapacity;
    private final double theta;

    private TreeBuilder(Octree tree, long[] keys, RootCell root, int leafCapacity, double theta) {
        this.tree = tree;
        this.keys = keys;
        this.root = root;
        this.leafCapacity = leafCapacity;
        this.theta = theta;
    }

    /** The whole tree over all (sorted) bodies: one root, cell 0. */
    public static Octree build(Bodies sorted, long[] keys, RootCell root, int leafCapacity, double theta) {
        return buildSubtrees(sorted, keys, root, new int[] {0}, new long[] {0}, leafCapacity, theta);
    }

    /**
     * The subtrees of the cells {@code (levels[i], prefixes[i])} (in Morton order, together holding all
     * the sorted bodies) as cells 0..k-1 of a new tree, with their moments. Tree body i is sorted body i.
     */
    public static Octree buildSubtrees(Bodies sorted, long[] keys, RootCell root, int[] levels, long[] prefixes,
                                       int leafCapacity, double theta) {
        Octree tree = new Octree(Math.max(16, sorted.n / 2), sorted.n);
        tree.addBodies(sorted, 0, sorted.n);
        TreeBuilder builder = new TreeBuilder(tree, keys, root, leafCapacity, theta);
        int first = tree.addCells(levels.length);
        for (int i = 0; i < levels.length; i++) {
            int from = lowerBound(keys, 0, keys.length, RootCell.firstKey(levels[i], prefixes[i]));
            int to = lowerBound(keys, from, keys.length, RootCell.endKey(levels[i], prefixes[i]));
            builder.fill(first + i, levels[i], prefixes[i], from, to);
        }
        return tree;
    }

    private void fill(int c, int level, long prefix, int from, int to) {
        tree.setGeometry(c, root, level, prefix);
        if (to - from <= leafCapacity || level == RootCell.LEVELS) {
            tree.setLinks(c, 0, 0, from, to - from);
        } else {
            int[] bounds = new int[9];
            int children = 0;
            bounds[0] = from;
            for (int octant = 0; octant < 8; octant++) {
                int end = lowerBound(keys, bounds[octant], to, RootCell.endKey(level + 1, prefix * 8 + octant));
                bounds[octant + 1] = end;
                if (end > bounds[octant]) {
                    children++;
                }
            }
            int first = tree.addCells(children);
            tree.setLinks(c, first, children, from, to - from);
            int k = first;
            for (int octant = 0; octant < 8; octant++) {
                if (bounds[octant + 1] > bounds[octant]) {
                    fill(k++, level + 1, prefix * 8 + octant, bounds[octant], bounds[octant + 1]);
                }
            }
        }
        tree.computeMoments(c, theta);
    }

    /**
     * First index in [from, to) whose key is >= target (keys sorted ascending). Unsigned, because the end
     * key of the root cell, 2^63, is one past the largest 63-bit key.
     */
    static int lowerBound(long[] keys, int from, int to, long target) {
        int lo = from, hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys[mid], target) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
