package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Essential trees pruned for the boxes of the target's top leaves: smaller, and the same forces. */
class TargetRegionTest {
    private static final int N = 20000, PARTITIONS = 4;
    private static final Parameters PARAMS = Parameters.of(1, 0.01, 0.5, 0.01);

    @Test
    void prunesAtLeastAsMuchAsTheOneBoxAndGivesTheSameFieldBits() {
        Bodies all = PlummerSphere.generate(N, 11);
        RootCell root = RootCell.around(Box.of(all));
        PartitionPhases.KeyedBodies[] keyed = new PartitionPhases.KeyedBodies[PARTITIONS];
        List<CostHistogram> histograms = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            keyed[p] = PartitionPhases.KeyedBodies.sort(all.stripe(p, PARTITIONS), root);
            histograms.add(PartitionPhases.histogram(keyed[p], PARAMS));
        }
        Decomposition d = PartitionPhases.decompose(histograms, PARTITIONS, PARAMS);
        List<List<Bodies>> inbox = new ArrayList<>();
        for (int q = 0; q < PARTITIONS; q++) {
            inbox.add(new ArrayList<>());
        }
        for (int p = 0; p < PARTITIONS; p++) {
            Bodies[] pieces = PartitionPhases.migrate(keyed[p], d);
            for (int q = 0; q < PARTITIONS; q++) {
                inbox.get(q).add(pieces[q]);
            }
        }
        Octree[] local = new Octree[PARTITIONS];
        Bodies[] owned = new Bodies[PARTITIONS];
        for (int q = 0; q < PARTITIONS; q++) {
            PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(Bodies.concat(inbox.get(q)), root);
            owned[q] = kb.bodies();
            local[q] = PartitionPhases.localTree(kb, root, d, q, PARAMS);
        }
        long byLeaves = 0, byOneBox = 0;
        for (int q = 0; q < PARTITIONS; q++) {
            TargetRegion region = TargetRegion.of(local[q], subtrees(d, q));
            TargetRegion oneBox = new TargetRegion(region.extent, new Box[] {region.extent});
            assertArrayEquals(Box.of(owned[q]).bounds, region.extent.bounds, "the union is the partition's box");
            List<Octree> pruned = new ArrayList<>(), whole = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                Octree leafPruned = PartitionPhases.essentialTree(local[p], subtrees(d, p), region);
                Octree boxPruned = PartitionPhases.essentialTree(local[p], subtrees(d, p), oneBox);
                assertTrue(leafPruned.cellCount <= boxPruned.cellCount && leafPruned.bodyCount <= boxPruned.bodyCount,
                        "from " + p + " to " + q + ": never more than the one-box tree");
                if (p != q) {
                    byLeaves += leafPruned.cellCount + leafPruned.bodyCount;
                    byOneBox += boxPruned.cellCount + boxPruned.bodyCount;
                }
                pruned.add(p == q ? local[p] : leafPruned);
                whole.add(local[p]);
            }
            Gravity.Field f = PartitionPhases.field(d, root, pruned, q, owned[q].n, PARAMS);
            Gravity.Field reference = PartitionPhases.field(d, root, whole, q, owned[q].n, PARAMS);
            assertArrayEquals(reference.ax, f.ax, "partition " + q + ": the walks never needed a pruned cell");
            assertArrayEquals(reference.potential, f.potential);
            assertArrayEquals(reference.interactions, f.interactions);
        }
        System.out.printf("TargetRegionTest: N=%d P=%d essential cells+bodies sent: top-leaf boxes %d, one box %d (%.2fx)%n",
                N, PARTITIONS, byLeaves, byOneBox, (double) byOneBox / byLeaves);
        assertTrue(byLeaves < byOneBox, "the top leaves' boxes prune more than the one box: " + byLeaves + " vs " + byOneBox);
    }

    private static int subtrees(Decomposition d, int partition) {
        return d.leafStart(partition + 1) - d.leafStart(partition);
    }
}
