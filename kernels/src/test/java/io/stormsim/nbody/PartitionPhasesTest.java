package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
}
