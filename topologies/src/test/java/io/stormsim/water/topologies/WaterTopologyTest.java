package io.stormsim.water.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stormsim.bsp.StepInputs;
import io.stormsim.stream.StreamFormat;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import io.stormsim.water.LatticeStart;
import io.stormsim.water.Rdf;
import io.stormsim.water.SeededRandomNumbers;
import io.stormsim.water.StepValues;
import io.stormsim.water.WaterInput;
import io.stormsim.water.WaterRun;
import io.stormsim.water.WaterState;
import io.stormsim.water.WaterStateFile;
import io.stormsim.water.bolts.IntermolecularBolt;
import io.stormsim.water.bolts.RdfWindow;
import io.stormsim.water.bolts.WaterPartitionState;
import io.stormsim.water.bolts.WaterSink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * water.yaml on an embedded LocalCluster, Kryo forced on every tuple: the original's 512-molecule run
 * printed as the original printed it, and every printed value and the final state the sequential kernel's
 * bits, at 1, 2, 3 and 7 partitions (3 and 7 divide neither NMOL nor the 64 blocks); a run continued from
 * its final state file, and a run whose force phase throws once (restored from a checkpoint and replayed),
 * each the bits of one undisturbed sequential run; with the live stream on, a subscriber gets each step's
 * energies as water.csv has them; the radial distribution files are the sequential kernel's sampling the same
 * steps (every step, and every other), and after a replay from a checkpoint inside their window.
 */
public class WaterTopologyTest extends LocalClusterTest {
    static final Path WATER_YAML = YAML.resolveSibling("water.yaml");
    public static final String INPUT = "input-512mol-cutoff6.212752-10steps";
    public static final String RANDOM = "random.in";
    public static final String PRINTED = "splash2-water-512mol-cutoff6.212752-10steps.out";

    /** A run's settings, its live stream off. */
    static Map<String, String> settings(int partitions, int steps, Path outputDir) {
        Map<String, String> m = new HashMap<>();
        m.put("partitions", String.valueOf(partitions));
        m.put("steps", String.valueOf(steps));
        m.put("output.dir", outputDir.toString());
        m.put("always.try.serialize", "true");
        m.put("stream.bind", "");
        return m;
    }

    /** shared/reference/water beside the checkout; the calling test is skipped, naming it, when absent. */
    public static Path referenceDirectory() {
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        Path root = start;
        while (root != null && !Files.exists(root.resolve(".git"))) {
            root = root.getParent();
        }
        assumeTrue(root != null, "no .git above " + start + ": cannot locate shared/reference/water beside the checkout");
        Path dir = root.getParent().resolve("shared/reference/water");
        assumeTrue(Files.isRegularFile(dir.resolve(INPUT)), "reference runs not found in " + dir);
        return dir;
    }

    @Test
    void theOriginalsRunPrintedAsItPrintedAndTheKernelsBitsAtEveryPartitionCount() throws Exception {
        Path ref = referenceDirectory();
        WaterInput in = WaterInput.read(ref.resolve(INPUT));
        WaterRun sequential = WaterRun.latticeStart(in, LatticeStart.readRandomNumbers(ref.resolve(RANDOM),
                in.molecules()), 1);
        List<StepValues> expected = advance(sequential, in.steps());
        List<String> printed = tableLines(Files.readAllLines(ref.resolve(PRINTED)));
        assertEquals(2 * in.steps(), printed.size(), "reference table lines");
        for (int partitions : new int[] {1, 2, 3, 7}) {
            Path dir = out.resolve("reference-" + partitions);
            Map<String, String> m = settings(partitions, in.steps(), dir);
            m.put("input.file", ref.resolve(INPUT).toString());
            m.put("random.file", ref.resolve(RANDOM).toString());
            LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
            assertEquals(printed, Files.readAllLines(dir.resolve(WaterSink.TABLE)), partitions + " partitions");
            assertSameBits(expected, sequential.state(), dir, partitions + " partitions");
            assertTrue(Files.readString(dir.resolve(WaterSink.SUMMARY)).contains("partitions=" + partitions));
        }
    }

    @Test
    void aRunContinuedFromItsFinalStateIsOneUninterruptedRun() throws Exception {
        int molecules = 216, first = 4, more = 5;
        WaterRun sequential = WaterRun.latticeStart(WaterInput.of(molecules, first + more, 0.0, 2),
                SeededRandomNumbers.generate(molecules, 42), 1);
        List<StepValues> expected = advance(sequential, first + more);
        Path a = out.resolve("first"), b = out.resolve("continued");
        Map<String, String> m = settings(2, first, a);
        m.put("molecules", String.valueOf(molecules));
        m.put("print.every", "2");
        LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
        m = settings(3, more, b);
        m.put("restart.file", a.resolve(WaterSink.FINAL_STATE).toString());
        LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
        List<String> rows = new ArrayList<>(Files.readAllLines(a.resolve(WaterSink.CSV)));
        rows.addAll(Files.readAllLines(b.resolve(WaterSink.CSV)).subList(1, 3));
        Path joined = out.resolve("joined");
        Files.createDirectories(joined);
        Files.write(joined.resolve(WaterSink.CSV), rows);
        Files.copy(b.resolve(WaterSink.FINAL_STATE), joined.resolve(WaterSink.FINAL_STATE));
        assertSameBits(expected, sequential.state(), joined, "continued run");
    }

    /**
     * The fault at round 10 restores the checkpoint of round 8 (7 steps done): the window of rdf_000008.csv, steps
     * 5..8 sampled at 6 and 8, resumes from the sums the sink kept at step 7 (the sample of step 6).
     */
    @Test
    void aForcePhaseThatThrowsOnceIsRestoredAndReplayedExactly() throws Exception {
        int molecules = 216, steps = 12, rdfEvery = 4, sampleEvery = 2, rdfBins = 25;
        WaterRun sequential = WaterRun.latticeStart(WaterInput.of(molecules, steps, 0.0, 1),
                SeededRandomNumbers.generate(molecules, 42), 1);
        Map<String, List<String>> rdfFiles = new TreeMap<>();
        List<StepValues> expected = advance(sequential, steps, rdfEvery, sampleEvery, rdfBins, rdfFiles);
        Path dir = out.resolve("fail-once");
        Map<String, String> m = settings(3, steps, dir);
        m.put("molecules", String.valueOf(molecules));
        m.put("checkpoint.every", "4");
        m.put("rdf.every", String.valueOf(rdfEvery));
        m.put("rdf.sample.every", String.valueOf(sampleEvery));
        m.put("rdf.bins", String.valueOf(rdfBins));
        Path file = topologyWith(WATER_YAML, IntermolecularBolt.class, FailOnceIntermolecularBolt.class);
        LocalRun.run(cluster, TopologyFile.load(file, null, m, false), Duration.ofMinutes(3));
        assertTrue(FailOnceIntermolecularBolt.FAILED.get(), "the fault was injected");
        assertSameBits(expected, sequential.state(), dir, "restored run");
        assertEquals(List.of(RdfWindow.file(4), RdfWindow.file(8), RdfWindow.file(12)), List.copyOf(rdfFiles.keySet()));
        assertRdfFiles(rdfFiles, dir, "restored run");
    }

    /**
     * With rdf.every = 4 and print.every = 3, 9 steps write rdf_000004.csv and rdf_000008.csv (the 9th step's window
     * is not complete), each the sequential kernel's sampling the same steps: every step at 1 partition; at 2, every
     * other step (rdf.sample.every = 2: the boundary frames exchanged for the pair counts alone at steps 2, 4 and 8,
     * for the potential energies alone at 3 and 9, for neither at 1, 5 and 7); water.csv and the final state stay
     * the kernel's bits.
     */
    @Test
    void theRadialDistributionFilesAreTheSequentialKernelsSamplingTheSameSteps() throws Exception {
        int molecules = 125, steps = 9, printEvery = 3, rdfEvery = 4, rdfBins = 30;
        int[][] partitionsAndStride = {{1, 1}, {2, 2}};
        for (int[] run : partitionsAndStride) {
            int partitions = run[0], sampleEvery = run[1];
            WaterRun sequential = WaterRun.latticeStart(WaterInput.of(molecules, steps, 0.0, printEvery),
                    SeededRandomNumbers.generate(molecules, 42), 1);
            Map<String, List<String>> rdfFiles = new TreeMap<>();
            List<StepValues> expected = advance(sequential, steps, rdfEvery, sampleEvery, rdfBins, rdfFiles);
            assertEquals(List.of(RdfWindow.file(4), RdfWindow.file(8)), List.copyOf(rdfFiles.keySet()));
            String what = partitions + " partitions, rdf.sample.every = " + sampleEvery;
            Path dir = out.resolve("rdf-" + partitions);
            Map<String, String> m = settings(partitions, steps, dir);
            m.put("molecules", String.valueOf(molecules));
            m.put("print.every", String.valueOf(printEvery));
            m.put("rdf.every", String.valueOf(rdfEvery));
            m.put("rdf.sample.every", String.valueOf(sampleEvery));
            m.put("rdf.bins", String.valueOf(rdfBins));
            LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
            assertRdfFiles(rdfFiles, dir, what);
            assertSameBits(expected, sequential.state(), dir, what);
        }
    }

    /** A finished run resumed from its newest checkpoint (round 8) on another partition count redoes its end exactly. */
    @Test
    void aRunResumedFromACheckpointWithAnotherPartitionCountIsOneUninterruptedRun() throws Exception {
        int molecules = 125, steps = 10;
        WaterRun sequential = WaterRun.latticeStart(WaterInput.of(molecules, steps, 0.0, 1),
                SeededRandomNumbers.generate(molecules, 42), 1);
        List<StepValues> expected = advance(sequential, steps);
        Path dir = out.resolve("resumed");
        Map<String, String> m = settings(2, steps, dir);
        m.put("molecules", String.valueOf(molecules));
        m.put("checkpoint.every", "4");
        LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
        assertTrue(Files.exists(dir.resolve("checkpoints/round-000000008/MANIFEST")), "checkpoint of round 8");
        Files.delete(dir.resolve(WaterSink.FINAL_STATE));
        m.put("partitions", "5");
        m.put("resume", "true");
        LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3));
        assertTrue(Files.readString(dir.resolve(WaterSink.SUMMARY)).contains("partitions=5"), "the resumed run ended it");
        assertSameBits(expected, sequential.state(), dir, "resumed run");
    }

    /** A time step a thousand times too large: velocities overflow by step 4, and the run halts naming step and molecules. */
    @Test
    void aRunThatBlowsUpHaltsNamingStepAndMolecules() throws Exception {
        Path input = out.resolve("input-27-huge-step"), random = out.resolve("random-27.in");
        Files.writeString(input, "  1.0e-13   27  10   6\n -1      3000     1  0\n1 0\n");
        StringBuilder numbers = new StringBuilder("0.5\n");
        for (double v : SeededRandomNumbers.generate(27, 42)) {
            numbers.append(v).append('\n');
        }
        Files.writeString(random, numbers);
        Map<String, String> m = settings(2, 10, out.resolve("blow-up"));
        m.put("input.file", input.toString());
        m.put("random.file", random.toString());
        m.put("max.restores", "0");
        LocalRun.RunFailedException e = assertThrows(LocalRun.RunFailedException.class,
                () -> LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(3)));
        assertTrue(e.getMessage().contains("halted: round "), e.getMessage());
        assertTrue(e.getMessage().matches("(?s).*step [1-4]: molecule \\d+ has a non-finite velocity after"
                + " the corrector: the run blew up \\(is TSTEP too large\\?\\).*"), e.getMessage());
    }

    /**
     * With the live stream on, a subscriber connected before the run gets a diag message a step, in order: the
     * kinetic energy and average temperature of every step, the potential and total energy on printing steps only,
     * each the bits of water.csv's row of the step.
     */
    @Test
    void aSubscriberGetsEveryStepsEnergiesAsTheCsvHasThem() throws Exception {
        int molecules = 125, steps = 6, printEvery = 2;
        String endpoint = StreamRecorder.freeEndpoint();
        Path dir = out.resolve("stream");
        Map<String, String> m = settings(2, steps, dir);
        m.put("molecules", String.valueOf(molecules));
        m.put("print.every", String.valueOf(printEvery));
        m.put("stream.bind", endpoint);
        var received = StreamRecorder.during(endpoint,
                () -> LocalRun.run(cluster, TopologyFile.load(WATER_YAML, null, m, false), Duration.ofMinutes(1)));
        List<Map<String, Number>> diags = new ArrayList<>();
        for (byte[][] message : received) {
            assertEquals(StreamFormat.DIAGNOSTICS, new String(message[0], StandardCharsets.UTF_8));
            diags.add(StreamFormat.decodeDiagnostics(message[1]));
        }
        assertEquals(LongStream.rangeClosed(1, steps).boxed().toList(),
                diags.stream().map(d -> d.get("round").longValue()).toList(), "a message a step round, in order");
        List<String> rows = Files.readAllLines(dir.resolve(WaterSink.CSV));
        double timeStep = WaterInput.of(molecules, steps, 0.0, printEvery).timeStepSeconds();
        for (Map<String, Number> d : diags) {
            int step = d.get("step").intValue();
            assertEquals(d.get("round").longValue(), step, "a lattice start's round r computes step r");
            assertEquals(steps, d.get("steps").longValue());
            assertEquals(step * timeStep, d.get("time").doubleValue());
            assertTrue(d.get("round_wall_ms").doubleValue() > 0, d.toString());
            if (step % printEvery != 0) {
                assertEquals(List.of("round", "steps", "step", "time", "kinetic", "temperature", "round_wall_ms"),
                        List.copyOf(d.keySet()), "no potential energy off the printing steps");
                continue;
            }
            assertEquals(List.of("round", "steps", "step", "time", "kinetic", "potential", "total", "temperature",
                    "round_wall_ms"), List.copyOf(d.keySet()));
            String[] f = rows.get(step / printEvery).split(",");
            assertEquals(step, Integer.parseInt(f[0]));
            assertEquals(Double.parseDouble(f[1]), d.get("kinetic").doubleValue(), 0.0, "kinetic, step " + step);
            assertEquals(Double.parseDouble(f[2]) + Double.parseDouble(f[3]) + Double.parseDouble(f[4]),
                    d.get("potential").doubleValue(), 0.0, "potential, step " + step);
            assertEquals(Double.parseDouble(f[5]), d.get("total").doubleValue(), 0.0, "total, step " + step);
            assertEquals(Double.parseDouble(f[6]), d.get("temperature").doubleValue(), 0.0,
                    "temperature, step " + step);
        }
    }

    /** The force phase, except that partition 1 throws once, at round {@link #ROUND}: an injected fault. */
    public static class FailOnceIntermolecularBolt extends IntermolecularBolt {
        static final long ROUND = 10;
        static final AtomicBoolean FAILED = new AtomicBoolean();

        @Override
        protected void onStep(long step, StepInputs in) {
            WaterPartitionState s = in.one("partition");
            if (partition == 1 && s.round == ROUND && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected fault in the intermolecular phase at round " + ROUND);
            }
            super.onStep(step, in);
        }
    }

    /**
     * {@link #advance}, and the radial distribution files a run with rdf.every = {@code every} and rdf.sample.every =
     * {@code sampleEvery} writes, by name: the pair counts of the steps that are multiples of {@code sampleEvery}
     * summed over each window, normalised by the kernel.
     */
    private static List<StepValues> advance(WaterRun run, int steps, int every, int sampleEvery, int bins,
                                            Map<String, List<String>> files) {
        Rdf rdf = new Rdf(run.constants, bins);
        long[] sums = rdf.newCounts();
        List<StepValues> printed = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            StepValues v = run.advance();
            if (v != null) {
                printed.add(v);
            }
            if (run.step() % sampleEvery == 0) {
                run.countPairs(rdf, sums);
            }
            if (run.step() % every == 0) {
                files.put(RdfWindow.file(run.step()), rdf.csv(sums, every / sampleEvery));
                Arrays.fill(sums, 0);
            }
        }
        return printed;
    }

    /** The run's rdf files are exactly {@code expected}'s, line for line. */
    private static void assertRdfFiles(Map<String, List<String>> expected, Path dir, String what) throws Exception {
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(f -> f.getFileName().toString()).filter(f -> f.matches("rdf_\\d+\\.csv")).sorted().toList();
        }
        assertEquals(List.copyOf(expected.keySet()), names, what);
        for (Map.Entry<String, List<String>> e : expected.entrySet()) {
            assertEquals(e.getValue(), Files.readAllLines(dir.resolve(e.getKey())), what + ", " + e.getKey());
        }
    }

    private static List<StepValues> advance(WaterRun run, int steps) {
        List<StepValues> printed = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            StepValues v = run.advance();
            if (v != null) {
                printed.add(v);
            }
        }
        return printed;
    }

    /** water.csv holds exactly the printed values, and the final state file exactly the state, of the kernel's run. */
    private static void assertSameBits(List<StepValues> expected, WaterState state, Path dir, String what)
            throws Exception {
        List<String> rows = Files.readAllLines(dir.resolve(WaterSink.CSV));
        assertEquals(expected.size() + 1, rows.size(), what + ": a header and a row per printed step: " + rows);
        for (int i = 0; i < expected.size(); i++) {
            StepValues v = expected.get(i);
            double[] want = {v.kinetic(), v.intramolecular(), v.intermolecular(), v.reactionField(), v.total(),
                    v.temperature(), v.virial()};
            String[] f = rows.get(i + 1).split(",");
            assertEquals(v.step(), Integer.parseInt(f[0]), what + ", row " + (i + 1));
            for (int k = 0; k < want.length; k++) {
                assertEquals(Double.doubleToRawLongBits(want[k]), Double.doubleToRawLongBits(Double.parseDouble(f[k + 1])),
                        what + ", step " + v.step() + ", column " + (k + 1) + ": " + want[k] + " vs " + f[k + 1]);
            }
        }
        WaterState got = WaterStateFile.read(dir.resolve(WaterSink.FINAL_STATE));
        assertEquals(state.step(), got.step(), what);
        assertEquals(Double.doubleToRawLongBits(state.kineticSum()), Double.doubleToRawLongBits(got.kineticSum()), what);
        assertEquals(Double.doubleToRawLongBits(state.virialSum()), Double.doubleToRawLongBits(got.virialSum()), what);
        for (int k = 0; k < state.derivatives().length; k++) {
            assertTrue(Arrays.equals(state.derivatives()[k], got.derivatives()[k]),
                    what + ": final derivatives of order " + k + " differ");
        }
    }

    /**
     * The printed table of an original run's output (what water.out holds): the line pairs between the lattice
     * banner and the timing lines.
     */
    public static List<String> tableLines(List<String> lines) {
        List<String> table = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (line.startsWith("***** NEW RUN")) {
                in = true;
            } else if (line.startsWith("COMPUTESTART")) {
                in = false;
            } else if (in) {
                table.add(line);
            }
        }
        return table;
    }
}
