package io.stormsim.nbody.topologies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.Phase;
import io.stormsim.plot.Charts;
import io.stormsim.stream.StreamFormat;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The Barnes-Hut YAML on an embedded LocalCluster, with Kryo serialisation forced on every tuple:
 * the final bodies after 10 steps are the sequential kernel's bits at 1, 2 and 3 partitions, and the
 * diagnostics are the same bits at every partition count; with the live stream on, a subscriber sees
 * every round.
 */
public class BarnesHutTopologyTest extends LocalClusterTest {
    private static final int N = 3000;
    private static final long SEED = 7;
    private static final int STEPS = 10;
    private static final int SAMPLE_EVERY = 5, SAMPLE_SIZE = 100;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    /** The test run at {@code partitions}, its live stream off unless {@code overrides} (key, value, ...) set it. */
    public static TopologyFile topology(int partitions, Path outputDir, String... overrides) throws Exception {
        Map<String, String> values = new HashMap<>(Map.of("partitions", String.valueOf(partitions),
                "n", String.valueOf(N), "seed", String.valueOf(SEED), "steps", String.valueOf(STEPS),
                "dt", String.valueOf(DT), "theta", String.valueOf(THETA), "epsilon", String.valueOf(EPSILON),
                "output.dir", outputDir.toString(), "always.try.serialize", "true", "stream.bind", ""));
        for (int i = 0; i < overrides.length; i += 2) {
            values.put(overrides[i], overrides[i + 1]);
        }
        return TopologyFile.load(YAML, null, values, false);
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
            assertForceCpuWithinWall(rows, partitions);
            double lastEnergy = Double.parseDouble(rows.get(rows.size() - 1).split(",")[4]);
            assertEquals(sequentialEnergy.get(STEPS), lastEnergy, 0.0, "energy of the last round");
            for (String plot : List.of(DiagnosticsBolt.ENERGY_PLOT, DiagnosticsBolt.STEP_TIME_PLOT)) {
                BufferedImage image = ImageIO.read(dir.resolve(plot).toFile());
                assertEquals(Charts.WIDTH, image.getWidth(), plot);
                assertEquals(Charts.HEIGHT, image.getHeight(), plot);
            }
        }
        assertEquals(diagnostics.get(0), diagnostics.get(1), "diagnostics at 1 and 2 partitions");
        assertEquals(diagnostics.get(0), diagnostics.get(2), "diagnostics at 1 and 3 partitions");
        assertFalse(sequential.sameStateBits(PlummerSphere.generate(N, SEED).sortedById()), "the bodies moved");
    }

    /**
     * With the live stream on, a subscriber connected before the run gets the diag message of every
     * round, in order, with the figures of diagnostics.csv, and a body sample every 5 rounds of the size
     * the keys ask for, the last one holding the final bodies' positions.
     */
    @Test
    void aSubscriberGetsEveryRoundInOrderAndTheSamples() throws Exception {
        String endpoint = StreamRecorder.freeEndpoint();
        Path dir = out.resolve("stream");
        var received = StreamRecorder.during(endpoint, () -> LocalRun.run(cluster, topology(2, dir, "stream.bind", endpoint,
                "stream.sample.every", String.valueOf(SAMPLE_EVERY), "stream.sample.size", String.valueOf(SAMPLE_SIZE)),
                Duration.ofMinutes(5)));
        List<Map<String, Number>> diags = new ArrayList<>();
        List<StreamFormat.Sample> samples = new ArrayList<>();
        for (byte[][] m : received) {
            String topic = new String(m[0], StandardCharsets.UTF_8);
            if (topic.equals(StreamFormat.DIAGNOSTICS)) {
                diags.add(StreamFormat.decodeDiagnostics(m[1]));
            } else {
                assertEquals(StreamFormat.SAMPLE, topic);
                samples.add(StreamFormat.decodeSample(m[1]));
            }
        }
        int steps = STEPS, n = N;
        assertEquals(LongStream.rangeClosed(0, steps).boxed().toList(),
                diags.stream().map(d -> d.get("round").longValue()).toList(), "every round, in order");
        List<String> rows = Files.readAllLines(dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV));
        int forceCpu = List.of(rows.get(0).split(",")).indexOf(Phase.FORCE.cpuColumn());
        for (Map<String, Number> d : diags) {
            String[] row = rows.get(1 + d.get("round").intValue()).split(",");
            assertEquals(Double.parseDouble(row[4]), d.get("total_energy").doubleValue(), 0.0, "total energy as in the CSV");
            assertEquals(Double.parseDouble(row[5]), d.get("rel_energy_error").doubleValue(), 0.0);
            assertEquals(Long.parseLong(row[12]), d.get("interactions").longValue());
            assertEquals(Double.parseDouble(row[forceCpu]), d.get(Phase.FORCE.cpuColumn()).doubleValue(), 5e-4);
            assertEquals(n, d.get("bodies").longValue());
            assertEquals(2, d.get("partitions").longValue());
            assertEquals(steps, d.get("steps").longValue());
        }

        assertEquals(List.of(0L, 5L, 10L), samples.stream().map(StreamFormat.Sample::round).toList());
        long stride = (n + SAMPLE_SIZE - 1) / SAMPLE_SIZE;
        long[] ids = LongStream.iterate(0, id -> id < n, id -> id + stride).toArray();
        Bodies last = BodiesCsv.read(dir.resolve(DiagnosticsBolt.FINAL_BODIES_CSV)).sortedById();
        for (StreamFormat.Sample s : samples) {
            assertEquals(SAMPLE_SIZE, s.count(), "sample of round " + s.round());
            assertEquals(stride, s.stride());
            assertEquals(n, s.totalBodies());
            assertArrayEquals(ids, s.id());
        }
        StreamFormat.Sample finalSample = samples.get(samples.size() - 1);
        for (int k = 0; k < ids.length; k++) {
            int i = (int) ids[k];
            assertEquals(ids[k], last.id[i]);
            assertEquals((float) last.x[i], finalSample.x()[k]);
            assertEquals((float) last.y[i], finalSample.y()[k]);
            assertEquals((float) last.z[i], finalSample.z()[k]);
        }
    }

    /**
     * The force phase's CPU time is measured (more than nothing) on the phase's own thread: at most its wall
     * time, give or take the microseconds between reading the two clocks.
     */
    private static void assertForceCpuWithinWall(List<String> rows, int partitions) {
        List<String> header = List.of(rows.get(0).split(","));
        int wall = header.indexOf(Phase.FORCE.column()), cpu = header.indexOf(Phase.FORCE.cpuColumn());
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            double wallMs = Double.parseDouble(f[wall]), cpuMs = Double.parseDouble(f[cpu]);
            assertTrue(cpuMs > 0 && cpuMs <= wallMs + 0.5, partitions + " partitions, round " + f[0]
                    + ": force CPU " + cpuMs + " ms against wall " + wallMs + " ms");
        }
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
