package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The phases run partition by partition in one thread give the sequential kernel's bits at any partition count. */
class PartitionPhasesTest {
    private static final Parameters PARAMS = Parameters.of(10, 0.01, 0.6, 0.01);

    /** Runs every round of every partition in turn, exchanging messages as the topology does. */
    static Bodies runPartitioned(Bodies initial, int partitions, Parameters params, List<Double> energies) {
        Bodies[] state = new Bodies[partitions];
        for (int p = 0; p < partitions; p++) {
            state[p] = initial.stripe(p, partitions);
        }
        for (long round = 0; round <= params.steps(); round++) {
            List<Box> boxes = new ArrayList<>();
            for (Bodies b : state) {
                boxes.add(Box.of(b));
            }
            RootCell root = PartitionPhases.root(boxes);
            List<CostHistogram> histograms = new ArrayList<>();
            PartitionPhases.KeyedBodies[] keyed = new PartitionPhases.KeyedBodies[partitions];
            for (int p = 0; p < partitions; p++) {
                keyed[p] = PartitionPhases.KeyedBodies.sort(state[p], root);
                histograms.add(PartitionPhases.histogram(keyed[p], params));
            }
            Decomposition d = PartitionPhases.decompose(histograms, partitions, params);
            List<List<Bodies>> inbox = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                inbox.add(new ArrayList<>());
            }
            for (int p = 0; p < partitions; p++) {
                Bodies[] pieces = PartitionPhases.migrate(keyed[p], d);
                for (int q = 0; q < partitions; q++) {
                    inbox.get(q).add(pieces[q]);
                }
            }
            Octree[] local = new Octree[partitions];
            for (int q = 0; q < partitions; q++) {
                PartitionPhases.KeyedBodies owned = PartitionPhases.KeyedBodies.sort(Bodies.concat(inbox.get(q)), root);
                state[q] = owned.bodies();
                local[q] = PartitionPhases.localTree(owned, root, d, q, params);
            }
            Conserved total = new Conserved();
            for (int q = 0; q < partitions; q++) {
                List<Octree> received = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    int subtrees = d.leafStart(p + 1) - d.leafStart(p);
                    TargetRegion target = TargetRegion.of(local[q], d.leafStart(q + 1) - d.leafStart(q));
                    received.add(p == q ? local[p] : PartitionPhases.essentialTree(local[p], subtrees, target));
                }
                Gravity.Field f = PartitionPhases.field(d, root, received, q, state[q].n, params);
                total.merge(Leapfrog.close(state[q], f, params.dt(), round));
                Leapfrog.open(state[q], f, params.dt(), round, params.steps());
            }
            energies.add(total.totalEnergy());
        }
        List<Bodies> all = new ArrayList<>(List.of(state));
        return Bodies.concat(all).sortedById();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void partitionedRunsGiveTheSequentialBits(int partitions) {
        Bodies initial = PlummerSphere.generate(3000, 42);
        List<Double> sequentialEnergy = new ArrayList<>();
        Bodies sequential = new SequentialSimulation(initial, PARAMS)
                .run(c -> sequentialEnergy.add(c.totalEnergy())).sortedById();
        List<Double> partitionedEnergy = new ArrayList<>();
        Bodies partitioned = runPartitioned(initial, partitions, PARAMS, partitionedEnergy);
        assertTrue(sequential.sameStateBits(partitioned), "final bodies differ from the sequential run");
        assertEquals(sequentialEnergy, partitionedEnergy);
        assertTrue(!sequential.sameStateBits(initial.sortedById()), "the bodies did not move");
    }
}
