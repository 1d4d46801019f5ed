package io.stormsim.nbody;

import java.util.Arrays;

/**
 * The domain decomposition of one force round: the top of the global octree and which partition owns
 * each of its leaves (costzones along the Morton curve, as GADGET's top-level nodes).
 *
 * <p>A top cell is refined while it holds more than a walk group (so it is an internal cell of the
 * global tree, and groups never straddle partitions) and more than its share of cost, down to the histogram level. The top leaves,
 * in Morton order, are cut into contiguous runs of about equal cost, one run per partition. Every
 * partition therefore owns whole cells of the global tree, and the top cells above them are the same
 * everywhere. Top cells are stored depth-first with contiguous children, as in {@link Octree}.
 */
public final class Decomposition {
    public final int partitions;
    /** Bodies in all partitions together. */
    public final long bodies;
    public final int cellCount;
    public final int[] level;
    public final long[] prefix;
    public final int[] firstChild;
    public final int[] childCount;
    /** Top cell index of each top leaf, in Morton order. */
    public final int[] leafCell;
    /** Owning partition of each top leaf (non-decreasing). */
    public final int[] leafOwner;
    /** Cost of each top leaf, from the histogram. */
    public final long[] leafCost;

    public Decomposition(int partitions, long bodies, int cellCount, int[] level, long[] prefix, int[] firstChild,
                         int[] childCount, int[] leafCell, int[] leafOwner, long[] leafCost) {
        this.partitions = partitions;
        this.bodies = bodies;
        this.cellCount = cellCount;
        this.level = level;
        this.prefix = prefix;
        this.firstChild = firstChild;
        this.childCount = childCount;
        this.leafCell = leafCell;
        this.leafOwner = leafOwner;
        this.leafCost = leafCost;
    }

    /**
     * Costzones over the global histogram.
     *
     * @param groupSize         top cells holding more bodies than this are refined; at least the leaf
     *                          capacity, so that every top cell above a leaf is internal in the global tree and
     *                          every walk group lies inside one top leaf
     * @param zonesPerPartition how many top leaves a partition's share of cost may be cut into at least;
     *                          more gives finer balance and a larger top tree
     */
    public static Decomposition costZones(CostHistogram h, int partitions, int groupSize, int zonesPerPartition) {
        long totalCost = 0, bodies = 0;
        for (int i = 0; i < h.size; i++) {
            totalCost += h.cost[i];
            bodies += h.count[i];
        }
        Builder b = new Builder(h, groupSize, Math.max(1, totalCost / ((long) partitions * zonesPerPartition)));
        int root = b.addCells(1);
        b.fill(root, 0, 0, 0, h.size);
        int leaves = b.leafCount;
        int[] owner = new int[leaves];
        long before = 0;
        for (int i = 0; i < leaves; i++) {
            long mid2 = 2 * before + b.leafCost[i];
            owner[i] = (int) Math.min(partitions - 1, mid2 * partitions / (2 * Math.max(totalCost, 1)));
            before += b.leafCost[i];
        }
        int n = b.cellCount;
        return new Decomposition(partitions, bodies, n, Arrays.copyOf(b.level, n), Arrays.copyOf(b.prefix, n),
                Arrays.copyOf(b.firstChild, n), Arrays.copyOf(b.childCount, n),
                Arrays.copyOf(b.leafCell, leaves), owner, Arrays.copyOf(b.leafCost, leaves));
    }

    /** First top leaf (index into {@link #leafCell}) owned by partition p; its leaves run to {@code leafStart(p + 1)}. */
    public int leafStart(int p) {
        int lo = 0, hi = leafOwner.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (leafOwner[mid] < p) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Levels of partition p's top leaves, in Morton order. */
    public int[] leafLevels(int p) {
        int from = leafStart(p), to = leafStart(p + 1);
        int[] out = new int[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = level[leafCell[i]];
        }
        return out;
    }

    /** Prefixes of partition p's top leaves, in Morton order. */
    public long[] leafPrefixes(int p) {
        int from = leafStart(p), to = leafStart(p + 1);
        long[] out = new long[to - from];
        for (int i = from; i < to; i++) {
            out[i - from] = prefix[leafCell[i]];
        }
        return out;
    }

    /**
     * Splits bodies sorted by key into one run per partition: run p holds the bodies whose key falls in a
     * top leaf that p owns. Returns the run boundaries (length partitions + 1) into the sorted order.
     */
    public int[] runs(long[] sortedKeys) {
        int[] bounds = new int[partitions + 1];
        int at = 0;
        for (int p = 0; p < partitions; p++) {
            bounds[p] = at;
            int lastLeaf = leafStart(p + 1) - 1;
            if (lastLeaf >= leafStart(p)) {
                int c = leafCell[lastLeaf];
                at = TreeBuilder.lowerBound(sortedKeys, at, sortedKeys.length, RootCell.endKey(level[c], prefix[c]));
            }
        }
        bounds[partitions] = at;
        if (at != sortedKeys.length) {
            throw new IllegalStateException((sortedKeys.length - at) + " bodies fall outside every top leaf");
        }
        return bounds;
    }

    private static final class Builder {
        final CostHistogram h;
        final int refineAbove;
        final long zoneCost;
        int cellCount, leafCount;
        int[] level = new int[64], firstChild = new int[64], childCount = new int[64], leafCell = new int[64];
        long[] prefix = new long[64], leafCost = new long[64];

        Builder(CostHistogram h, int refineAbove, long zoneCost) {
            this.h = h;
            this.refineAbove = refineAbove;
            this.zoneCost = zoneCost;
        }

        int addCells(int k) {
            int first = cellCount;
            cellCount += k;
            if (cellCount > level.length) {
                int cap = 2 * cellCount;
                level = Arrays.copyOf(level, cap);
                firstChild = Arrays.copyOf(firstChild, cap);
                childCount = Arrays.copyOf(childCount, cap);
                prefix = Arrays.copyOf(prefix, cap);
            }
            return first;
        }

        void fill(int c, int lev, long pre, int binFrom, int binTo) {
            level[c] = lev;
            prefix[c] = pre;
            long count = 0, cost = 0;
            for (int i = binFrom; i < binTo; i++) {
                count += h.count[i];
                cost += h.cost[i];
            }
            if (lev == h.level || count <= refineAbove || cost <= zoneCost) {
                firstChild[c] = 0;
                childCount[c] = 0;
                if (leafCount == leafCell.length) {
                    leafCell = Arrays.copyOf(leafCell, 2 * leafCount);
                    leafCost = Arrays.copyOf(leafCost, 2 * leafCount);
                }
                leafCell[leafCount] = c;
                leafCost[leafCount++] = cost;
                return;
            }
            int shift = 3 * (h.level - lev - 1);
            int[] bounds = new int[9];
            bounds[0] = binFrom;
            int children = 0;
            for (int octant = 0; octant < 8; octant++) {
                long end = (pre * 8 + octant + 1) << shift;
                bounds[octant + 1] = TreeBuilder.lowerBound(h.bin, bounds[octant], binTo, end);
                if (bounds[octant + 1] > bounds[octant]) {
                    children++;
                }
            }
            int first = addCells(children);
            firstChild[c] = first;
            childCount[c] = children;
            int k = first;
            for (int octant = 0; octant < 8; octant++) {
                if (bounds[octant + 1] > bounds[octant]) {
                    fill(k++, lev + 1, pre * 8 + octant, bounds[octant], bounds[octant + 1]);
                }
            }
        }
    }
}
