package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The phases run partition by partition in one thread ({@link PartitionedRun}) give the sequential kernel's bits at any partition count. */
class PartitionPhasesTest {
    private static final Parameters PARAMS = Parameters.of(10, 0.01, 0.6, 0.01);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void partitionedRunsGiveTheSequentialBits(int partitions) {
        Bodies initial = PlummerSphere.generate(3000, 42);
        List<Double> sequentialEnergy = new ArrayList<>();
        Bodies sequential = new SequentialSimulation(initial, PARAMS)
                .run(c -> sequentialEnergy.add(c.totalEnergy())).sortedById();
        List<Double> partitionedEnergy = new ArrayList<>();
        PartitionedRun run = new PartitionedRun(initial, partitions, PARAMS);
        for (long round = 0; round <= PARAMS.steps(); round++) {
            partitionedEnergy.add(run.round(RoundObserver.NONE).totalEnergy());
        }
        Bodies partitioned = run.bodies();
        assertTrue(sequential.sameStateBits(partitioned), "final bodies differ from the sequential run");
        assertEquals(sequentialEnergy, partitionedEnergy);
        assertTrue(!sequential.sameStateBits(initial.sortedById()), "the bodies did not move");
    }
}
