package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The phases run partition by partition in one thread ({@link PartitionedRun}) give the sequential kernel's
 * bits at any partition count, in both precisions.
 */
class PartitionPhasesTest {
    @ParameterizedTest
    @CsvSource({"double, 1", "double, 2", "double, 3", "double, 7", "mixed, 1", "mixed, 2", "mixed, 3", "mixed, 7"})
    void partitionedRunsGiveTheSequentialBits(String precision, int partitions) {
        Parameters params = Parameters.of(10, 0.01, 0.6, 0.01).withPrecision(Precision.of(precision));
        Bodies initial = PlummerSphere.generate(3000, 42);
        List<Double> sequentialEnergy = new ArrayList<>();
        Bodies sequential = new SequentialSimulation(initial, params)
                .run(c -> sequentialEnergy.add(c.totalEnergy())).sortedById();
        List<Double> partitionedEnergy = new ArrayList<>();
        PartitionedRun run = new PartitionedRun(initial, partitions, params);
        for (long round = 0; round <= params.steps(); round++) {
            partitionedEnergy.add(run.round(RoundObserver.NONE).totalEnergy());
        }
        Bodies partitioned = run.bodies();
        assertTrue(sequential.sameStateBits(partitioned), "final bodies differ from the sequential run");
        assertEquals(sequentialEnergy, partitionedEnergy);
        assertTrue(!sequential.sameStateBits(initial.sortedById()), "the bodies did not move");
    }

    /**
     * What the tree phase receives, one run of each sender's sorted bodies (here 3 senders, their runs cut at
     * the same keys), merged: the same bodies and keys, in the same order, as sorting their concatenation again.
     * A single piece is taken as it is.
     */
    @Test
    void mergedPiecesAreTheSortOfTheirConcatenation() {
        Bodies all = PlummerSphere.generate(6000, 3);
        RootCell root = RootCell.around(Box.of(all));
        long[] cutKeys = {root.key(-0.2, 0.1, 0.0), root.key(0.3, -0.4, 0.2)};
        java.util.Arrays.sort(cutKeys);
        List<List<Bodies>> inbox = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int sender = 0; sender < 3; sender++) {
            PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(all.stripe(sender, 3), root);
            int from = 0;
            for (int q = 0; q < 3; q++) {
                int to = from;
                while (to < kb.keys().length && (q == 2 || kb.keys()[to] < cutKeys[q])) {
                    to++;
                }
                inbox.get(q).add(kb.bodies().slice(from, to));
                from = to;
            }
        }
        for (List<Bodies> pieces : inbox) {
            PartitionPhases.KeyedBodies sorted = PartitionPhases.KeyedBodies.sort(Bodies.concat(pieces), root);
            PartitionPhases.KeyedBodies merged = PartitionPhases.KeyedBodies.merge(pieces, root);
            assertTrue(sorted.bodies().sameStateBits(merged.bodies()), "merged bodies differ from the sort");
            assertArrayEquals(sorted.bodies().cost, merged.bodies().cost);
            assertArrayEquals(sorted.keys(), merged.keys());
            assertTrue(pieces.stream().allMatch(p -> p.n > 0), "every partition receives from every sender here");
        }
        Bodies one = inbox.get(1).get(0);
        assertSame(one, PartitionPhases.KeyedBodies.merge(List.of(new Bodies(0), one), root).bodies());
        assertEquals(0, PartitionPhases.KeyedBodies.merge(List.of(new Bodies(0), new Bodies(0)), root).keys().length,
                "no bodies received");
        Bodies reversed = one.gather(java.util.stream.IntStream.range(0, one.n).map(i -> one.n - 1 - i).toArray(), 0,
                one.n);
        assertThrows(IllegalArgumentException.class, () -> PartitionPhases.KeyedBodies.merge(List.of(reversed), root));
    }
}
