package io.stormsim.topologies.bench;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.bolts.nbody.Phase;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.LocalCluster;

/**
 * Step time of the sequential kernel against the Barnes-Hut topology on an embedded LocalCluster, side by
 * side in one run: {@code BarnesHutBench YAML STEPS N[,N...] P[,P...] [REPEATS [WARMUP]]}. Each measurement runs in a
 * JVM of its own, started with this JVM's options, as a user runs one or the other: in a shared JVM each run
 * inherits the other's JIT profile, heap and idle threads (the sequential step was 3-4% slower next to an
 * idle LocalCluster; docs/performance.md). With REPEATS > 1 the whole sequence (sequential, then each
 * partition count, per N) runs that many times, each ratio against the sequential run just before it, and a
 * second table gives each ratio's median and range: on a shared host a core's speed drifts by 10-20% over
 * minutes (the force phase's CPU time per step moved from 371 to 448 ms between two runs), which one pair of
 * runs cannot tell from the topology's own cost.
 * Prints a Markdown table: median step time over the steps from WARMUP on (default 2), the
 * topology/sequential ratio, interactions per second of the force phase, the force phase's wall and CPU time
 * on its slowest partition (wall above CPU: the thread waited for a core), the share of each phase, and the
 * largest heap in use after a collection during the topology run (the whole LocalCluster JVM: Storm's
 * own share included). The sequential kernel is warm after two steps; the embedded cluster's JVM keeps
 * compiling Storm's own code for minutes (C2 at 95 ms/s after 50 s, 20-35 ms/s after 4-6 minutes), which
 * takes cores from the walks: a large WARMUP over many steps measures the steady state of a long run.
 */
public final class BarnesHutBench {
    private static final double THETA = 0.5, EPSILON = 0.01, DT = 0.005;
    private static final int DEFAULT_WARMUP_ROUNDS = 2;
    private static final String SEQUENTIAL = "--sequential", TOPOLOGY = "--topology";
    private static final String RESULT_FILE = "bench-result.txt";

    private BarnesHutBench() {
    }

    public static void main(String[] args) {
        LocalClusterMain.runThenExit(switch (args[0]) {
            case SEQUENTIAL -> BarnesHutBench::measureSequential;
            case TOPOLOGY -> BarnesHutBench::measureTopology;
            default -> BarnesHutBench::measure;
        }, args);
    }

    private static void measure(String[] args) throws Exception {
        String yaml = args[0];
        int steps = Integer.parseInt(args[1]);
        int[] sizes = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        int[] partitionCounts = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
        int repeats = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        if (repeats < 1) {
            throw new IllegalArgumentException("REPEATS must be at least 1, was " + repeats);
        }
        int warmup = args.length > 5 ? Integer.parseInt(args[5]) : DEFAULT_WARMUP_ROUNDS;
        if (warmup < 0 || warmup >= steps) {
            throw new IllegalArgumentException("WARMUP must be at least 0 and below STEPS (" + steps + "), was " + warmup);
        }
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; theta " + THETA
                + ", epsilon " + EPSILON + ", quadrupoles, " + steps + " steps, median over steps "
                + warmup + ".." + steps + "; every measurement in a JVM of its own");
        System.out.println();
        System.out.println("| N | partitions | sequential s/step | topology s/step | ratio | force Minteractions/s/core |"
                + " force ms wall / CPU | bounds | decompose | migrate | tree | essential | force | update |"
                + " heap after GC, max MiB | bytes/body |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        Path out = Files.createTempDirectory("stormsim-bench");
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        for (int r = 1; r <= repeats; r++) {
            for (int n : sizes) {
                Path sequentialDir = Files.createDirectories(out.resolve("r" + r + "-n" + n + "-sequential"));
                double sequential = Double.parseDouble(inOwnJvm(sequentialDir, SEQUENTIAL, sequentialDir.toString(),
                        String.valueOf(n), String.valueOf(steps), String.valueOf(warmup)));
                for (int p : partitionCounts) {
                    Path dir = Files.createDirectories(out.resolve("r" + r + "-n" + n + "-p" + p));
                    long heapBytes = Long.parseLong(inOwnJvm(dir, TOPOLOGY, dir.toString(), yaml, String.valueOf(n),
                            String.valueOf(p), String.valueOf(steps)));
                    double ratio = printRow(n, p, sequential, dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), heapBytes,
                            warmup);
                    ratios.computeIfAbsent(String.format("| %,d | %d |", n, p), k -> new ArrayList<>()).add(ratio);
                }
            }
        }
        if (repeats > 1) {
            System.out.println();
            System.out.println("| N | partitions | ratio, median of " + repeats + " | min | max |");
            System.out.println("|---|---|---|---|---|");
            ratios.forEach((key, values) -> System.out.printf("%s %.2f | %.2f | %.2f |%n", key, median(values),
                    Collections.min(values), Collections.max(values)));
        }
    }

    /** Runs this class with {@code args} in a new JVM with this one's options (output in dir/jvm.log); returns what it wrote to dir's result file. */
    private static String inOwnJvm(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), BarnesHutBench.class.getName()));
        command.addAll(List.of(args));
        Path log = dir.resolve("jvm.log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int status = child.waitFor();
        if (status != 0) {
            throw new IllegalStateException("the " + args[0] + " measurement failed (exit " + status + "), see " + log);
        }
        return Files.readString(dir.resolve(RESULT_FILE)).strip();
    }

    /** {@code --sequential DIR N STEPS WARMUP}: writes the median seconds of a step after WARMUP to DIR's result file. */
    private static void measureSequential(String[] args) throws Exception {
        int n = Integer.parseInt(args[2]), steps = Integer.parseInt(args[3]), warmup = Integer.parseInt(args[4]);
        SequentialSimulation sim = new SequentialSimulation(PlummerSphere.generate(n, 42),
                Parameters.of(steps, DT, THETA, EPSILON));
        List<Double> seconds = new ArrayList<>();
        for (int r = 0; r <= steps; r++) {
            long t0 = System.nanoTime();
            Conserved c = sim.round();
            seconds.add((System.nanoTime() - t0) / 1e9);
            if (c.bodies != n) {
                throw new IllegalStateException("lost bodies");
            }
        }
        Files.writeString(Path.of(args[1]).resolve(RESULT_FILE), String.valueOf(median(seconds.subList(warmup, seconds.size()))));
    }

    /** {@code --topology DIR YAML N P STEPS}: runs the topology with output in DIR; writes the largest heap after GC there. */
    private static void measureTopology(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        Map<String, String> props = new HashMap<>(Map.of("n", args[3], "steps", args[5], "partitions", args[4],
                "theta", String.valueOf(THETA), "epsilon", String.valueOf(EPSILON), "dt", String.valueOf(DT),
                "output.dir", dir.toString()));
        TopologyFile topology = TopologyFile.load(Path.of(args[2]), null, props, false);
        HeapAfterGc heap = new HeapAfterGc();
        try (LocalCluster cluster = new LocalCluster()) {
            LocalRun.run(cluster, topology, Duration.ofHours(2));
        }
        Files.writeString(dir.resolve(RESULT_FILE), String.valueOf(heap.maxBytes()));
    }

    /** Prints one row of the table; returns the topology/sequential ratio. */
    private static double printRow(int n, int partitions, double sequential, Path csv, long heapBytes, int warmup)
            throws Exception {
        List<String> rows = Files.readAllLines(csv);
        List<String> header = Arrays.asList(rows.get(0).split(","));
        int wall = header.indexOf("round_wall_ms"), interactions = header.indexOf("interactions");
        List<Double> stepSeconds = new ArrayList<>();
        List<Double> rate = new ArrayList<>();
        List<Double> forceWallMs = new ArrayList<>();
        List<Double> forceCpuMs = new ArrayList<>();
        double[] phaseMs = new double[Phase.values().length];
        for (String row : rows.subList(1 + warmup, rows.size())) {
            String[] f = row.split(",");
            stepSeconds.add(Double.parseDouble(f[wall]) / 1e3);
            double forceMs = Double.parseDouble(f[header.indexOf(Phase.FORCE.column())]);
            forceWallMs.add(forceMs);
            forceCpuMs.add(Double.parseDouble(f[header.indexOf(Phase.FORCE.cpuColumn())]));
            rate.add(Long.parseLong(f[interactions]) / (double) partitions / (forceMs / 1e3) / 1e6);
            for (Phase phase : Phase.values()) {
                phaseMs[phase.ordinal()] += Double.parseDouble(f[header.indexOf(phase.column())]);
            }
        }
        double total = Arrays.stream(phaseMs).sum();
        double topology = median(stepSeconds);
        StringBuilder line = new StringBuilder(String.format("| %,d | %d | %.3f | %.3f | %.2f | %.0f | %.0f / %.0f |", n,
                partitions, sequential, topology, topology / sequential, median(rate), median(forceWallMs),
                median(forceCpuMs)));
        for (double ms : phaseMs) {
            line.append(String.format(" %.1f%% |", 100 * ms / total));
        }
        line.append(String.format(" %d | %.0f |", heapBytes >> 20, (double) heapBytes / n));
        System.out.println(line);
        return topology / sequential;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : 0.5 * (v[v.length / 2 - 1] + v[v.length / 2]);
    }
}
