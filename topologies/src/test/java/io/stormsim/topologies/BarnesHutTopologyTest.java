package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Barnes-Hut YAML on an embedded LocalCluster, with Kryo serialisation forced on every tuple:
 * the final bodies after 10 steps are the sequential kernel's bits at 1, 2 and 3 partitions, and the
 * diagnostics are the same bits at every partition count.
 */
class BarnesHutTopologyTest extends LocalClusterTest {
    private static final int N = 3000;
    private static final long SEED = 7;
    private static final int STEPS = 10;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    static TopologyFile topology(int partitions, Path outputDir) throws Exception {
        return TopologyFile.load(YAML, null, Map.of("partitions", String.valueOf(partitions),
                "n", String.valueOf(N), "seed", String.valueOf(SEED), "steps", String.valueOf(STEPS),
                "dt", String.valueOf(DT), "theta", String.valueOf(THETA), "epsilon", String.valueOf(EPSILON),
                "output.dir", outputDir.toString(), "always.try.serialize", "true"), false);
    }

    @Test
    void finalBodiesAreTheSequentialKernelsBitsAtEveryPartitionCount() throws Exception {
        Parameters params = Parameters.of(STEPS, DT, THETA, EPSILON);
        List<Double> sequentialEnergy = new ArrayList<>();
        Bodies sequential = new SequentialSimulation(PlummerSphere.generate(N, SEED), params)
                .run((Conserved c) -> sequentialEnergy.add(c.totalEnergy())).sortedById();
        List<String> diagnostics = new ArrayList<>();
        for (int partitions : new int[] {1, 2, 3}) {
            Path dir = out.resolve("p" + partitions);
            LocalRun.run(cluster, topology(partitions, dir), Duration.ofMinutes(5));
            Bodies topologyResult = BodiesCsv.read(dir.resolve(DiagnosticsBolt.FINAL_BODIES_CSV));
            assertTrue(sequential.sameStateBits(topologyResult),
                    partitions + " partitions: final bodies differ from the sequential kernel");
            List<String> rows = Files.readAllLines(dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV));
            assertEquals(STEPS + 2, rows.size(), "a header and one row per round");
            diagnostics.add(physicsColumns(rows));
            double lastEnergy = Double.parseDouble(rows.get(rows.size() - 1).split(",")[4]);
            assertEquals(sequentialEnergy.get(STEPS), lastEnergy, 0.0, "energy of the last round");
            assertTrue(Files.size(dir.resolve(DiagnosticsBolt.ENERGY_PLOT)) > 1000, "energy plot written");
        }
        assertEquals(diagnostics.get(0), diagnostics.get(1), "diagnostics at 1 and 2 partitions");
        assertEquals(diagnostics.get(0), diagnostics.get(2), "diagnostics at 1 and 3 partitions");
        assertFalse(sequential.sameStateBits(PlummerSphere.generate(N, SEED).sortedById()), "the bodies moved");
    }

    /** The columns that must not depend on the partition count: round to interactions. */
    private static String physicsColumns(List<String> rows) {
        StringBuilder sb = new StringBuilder();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            sb.append(String.join(",", java.util.Arrays.copyOfRange(f, 0, 13))).append('\n');
        }
        return sb.toString();
    }
}
