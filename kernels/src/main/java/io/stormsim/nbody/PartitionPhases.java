package io.stormsim.nbody;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The phases of one force round as seen by one partition of many, without Storm: each function is
 * the work of one phase bolt between two exchanges. Together they reproduce {@link SequentialSimulation}
 * bit for bit at any number of partitions, because each partition rebuilds exactly the pieces of the
 * one global tree its bodies need.
 */
public final class PartitionPhases {
    private PartitionPhases() {
    }

    /** Bodies ordered by (Morton key, id), with their keys. */
    public record KeyedBodies(Bodies bodies, long[] keys) {
        public static KeyedBodies sort(Bodies b, RootCell root) {
            long[] keys = root.keys(b);
            return inOrder(b, keys, KeyOrder.sortedOrder(keys, b.id));
        }

        /**
         * The bodies of {@code pieces}, each already in (Morton key, id) order under {@code root} (runs of the
         * senders' sorted bodies), merged into that order: the same bodies and order as {@link #sort} of their
         * concatenation, without sorting again. A single non-empty piece is kept as it is, not copied: the
         * caller owns the pieces. Throws if a piece is out of order.
         */
        public static KeyedBodies merge(List<Bodies> pieces, RootCell root) {
            List<Bodies> runs = new ArrayList<>(pieces.size());
            for (Bodies piece : pieces) {
                if (piece.n > 0) {
                    runs.add(piece);
                }
            }
            if (runs.size() == 1) {
                Bodies only = runs.get(0);
                long[] keys = root.keys(only);
                KeyOrder.checkRuns(keys, only.id, new int[] {0, only.n});
                return new KeyedBodies(only, keys);
            }
            Bodies all = Bodies.concat(runs);
            long[] keys = root.keys(all);
            int[] runStart = new int[runs.size() + 1];
            for (int r = 0; r < runs.size(); r++) {
                runStart[r + 1] = runStart[r] + runs.get(r).n;
            }
            return inOrder(all, keys, KeyOrder.mergedOrder(keys, all.id, runStart));
        }

        /** Bodies {@code order[0]}, {@code order[1]}, ... of {@code b}, with their keys from {@code keys}. */
        private static KeyedBodies inOrder(Bodies b, long[] keys, int[] order) {
            long[] orderedKeys = new long[b.n];
            for (int i = 0; i < b.n; i++) {
                orderedKeys[i] = keys[order[i]];
            }
            return new KeyedBodies(b.gather(order, 0, b.n), orderedKeys);
        }
    }

    /** Phase 2: the root from all partitions' boxes (in any order: min/max are exact). */
    public static RootCell root(List<Box> boxes) {
        return RootCell.around(globalBox(boxes));
    }

    /** The bounding box of all partitions' bodies, from the partitions' boxes (exact: min and max). */
    public static Box globalBox(List<Box> boxes) {
        Box global = Box.empty();
        for (Box b : boxes) {
            global.include(b);
        }
        return global;
    }

    /** Phase 2: the partition's cost histogram. */
    public static CostHistogram histogram(KeyedBodies kb, Parameters p) {
        return CostHistogram.of(kb.keys(), kb.bodies().cost, p.histogramLevel());
    }

    /** Phase 3: the decomposition every partition derives from all histograms. */
    public static Decomposition decompose(List<CostHistogram> histograms, int partitions, Parameters p) {
        return Decomposition.costZones(CostHistogram.sum(histograms), partitions, p.groupSize(), p.zonesPerPartition());
    }

    /** Phase 3: this partition's bodies cut into the pieces each partition owns from now on. */
    public static Bodies[] migrate(KeyedBodies kb, Decomposition d) {
        int[] runs = d.runs(kb.keys());
        Bodies[] pieces = new Bodies[d.partitions];
        for (int q = 0; q < d.partitions; q++) {
            pieces[q] = kb.bodies().slice(runs[q], runs[q + 1]);
        }
        return pieces;
    }

    /** Phase 4: the subtrees of this partition's top leaves over the pieces it received (cells 0..k-1). */
    public static Octree localTree(KeyedBodies owned, RootCell root, Decomposition d, int partition, Parameters p) {
        return TreeBuilder.buildSubtrees(owned.bodies(), owned.keys(), root, d.leafLevels(partition),
                d.leafPrefixes(partition), p.leafCapacity(), p.theta());
    }

    /** Phase 5: what a partition whose bodies lie in {@code target} needs of this partition's subtrees. */
    public static Octree essentialTree(Octree local, int subtrees, TargetRegion target) {
        Octree out = new Octree(subtrees * 4, 0);
        int first = out.addCells(subtrees);
        for (int i = 0; i < subtrees; i++) {
            out.copySubtree(first + i, local, i, target);
        }
        return out;
    }

    /**
     * Phase 6: the global tree as this partition sees it (top cells, then every partition's subtrees
     * as received, its own whole) and the field on its own bodies.
     *
     * @param received the subtrees from each partition, indexed by partition; this partition's is its local tree
     */
    public static Gravity.Field field(Decomposition d, RootCell root, List<Octree> received, int partition,
                                      int ownBodies, Parameters p) {
        // sized for everything received, so that no copy grows the arrays (a copy of the whole tree each time)
        int cells = d.cellCount, bodies = 0;
        for (Octree t : received) {
            cells += t.cellCount;
            bodies += t.bodyCount;
        }
        Octree tree = new Octree(cells, bodies);
        tree.addCells(d.cellCount);
        int[] leafIndex = new int[d.cellCount];
        Arrays.fill(leafIndex, -1);
        for (int j = 0; j < d.leafCell.length; j++) {
            leafIndex[d.leafCell[j]] = j;
        }
        for (int c = 0; c < d.cellCount; c++) {
            tree.setGeometry(c, root, d.level[c], d.prefix[c]);
            if (leafIndex[c] < 0) {
                tree.setLinks(c, d.firstChild[c], d.childCount[c], 0, 0);
            }
        }
        // Leaves in Morton order, so that this partition's bodies land contiguous and in its own order.
        int ownFrom = -1;
        for (int j = 0; j < d.leafCell.length; j++) {
            int owner = d.leafOwner[j];
            if (owner == partition && ownFrom < 0) {
                ownFrom = tree.bodyCount;
            }
            tree.copySubtree(d.leafCell[j], received.get(owner), j - d.leafStart(owner), null);
        }
        for (int c = d.cellCount - 1; c >= 0; c--) {
            if (leafIndex[c] < 0) {
                tree.computeMoments(c, p.theta());
            }
        }
        int from = d.leafStart(partition), to = d.leafStart(partition + 1);
        int[] ownLeaves = Arrays.copyOfRange(d.leafCell, from, to);
        return TreeWalk.field(tree, 0, ownLeaves, ownFrom, ownFrom + ownBodies, p.softening(), p.groupSize(),
                p.precision());
    }
}
