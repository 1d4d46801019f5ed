package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.Precision;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.Phase;
import io.stormsim.plot.Charts;
import io.stormsim.run.Median;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Step time of the sequential kernel against the Barnes-Hut topology on an embedded LocalCluster, side by
 * side in one run: {@code BarnesHutBench YAML STEPS N[,N...] P[,P...] [REPEATS [WARMUP]]}. Each measurement runs in a
 * JVM of its own, started with this JVM's options, as a user runs one or the other: in a shared JVM each run
 * inherits the other's JIT profile, heap and idle threads (the sequential step was 3-4% slower next to an
 * idle LocalCluster; docs/performance/barnes-hut.md). With REPEATS > 1 the whole sequence (sequential, then each
 * partition count, per N) runs that many times, each ratio against the sequential run just before it, and a
 * second table gives each ratio's median and range: on a shared host a core's speed drifts by 10-20% over
 * minutes (the force phase's CPU time per step moved from 371 to 448 ms between two runs), which one pair of
 * runs cannot tell from the topology's own cost.
 * Each precision of the force kernel ({@code --precision}, default both) runs in the same sitting, its
 * topology runs against its own sequential run.
 * Prints a Markdown table: median step time over the steps from WARMUP on (default 2), the
 * topology/sequential ratio, interactions per second of the force phase, the force phase's wall and CPU time
 * on its slowest partition (wall above CPU: the thread waited for a core), the share of each phase, and the
 * largest heap in use after a collection during the topology run (the whole LocalCluster JVM: Storm's
 * own share included). A second table says where the measured rounds went ({@link StepShares}): the phases'
 * own CPU, their waiting for a core, the rest of the round (hand-overs, acks, sink, spout), and what the cores did
 * meanwhile (phase threads, JIT, GC, Storm and the rest, idle: {@link CoreShares}). The sequential kernel is warm after two steps; the embedded cluster's JVM keeps
 * compiling Storm's own code for minutes (C2 at 95 ms/s after 50 s, 20-35 ms/s after 4-6 minutes), which
 * takes cores from the walks: a large WARMUP over many steps measures the steady state of a long run.
 */
@Command(name = "barnes-hut", sortOptions = false,
        customSynopsis = "stormsim bench barnes-hut [-h] [--yaml=FILE] [--precision=P[,P...]] [--rebound=N[,N...]] [--rebound-steps=S]"
                + " [--png=FILE] [STEPS [N[,N...] [P[,P...] [REPEATS [WARMUP]]]]]",
        description = {"Step time of the sequential kernel against the Barnes-Hut topology on a LocalCluster,"
                + " each measurement in a JVM of its own; a Markdown table (docs/performance/barnes-hut.md#step-time)."},
        footer = {"e.g. stormsim bench barnes-hut 60 100000 1,2 5      stormsim bench barnes-hut 3 2000 1"})
public final class BarnesHutBench implements Callable<Integer> {
    private static final double THETA = 0.5, EPSILON = 0.01, DT = 0.005;
    private static final long SEED = 42;
    private static final String RESULT_FILE = "bench-result.txt";

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "STEPS", defaultValue = "10",
            description = "time steps of each run (default: ${DEFAULT-VALUE})")
    private int steps;
    @Parameters(index = "1", arity = "1", paramLabel = "N", split = ",", defaultValue = "20000,100000",
            description = "body counts (default: ${DEFAULT-VALUE})")
    private int[] sizes;
    @Parameters(index = "2", arity = "1", paramLabel = "P", split = ",", defaultValue = "1,2",
            description = "partition counts of the topology (default: ${DEFAULT-VALUE})")
    private int[] partitionCounts;
    @Parameters(index = "3", arity = "0..1", paramLabel = "REPEATS", defaultValue = "1",
            description = "runs of the whole sequence; above 1 adds each ratio's median and range (default: ${DEFAULT-VALUE})")
    private int repeats;
    @Parameters(index = "4", arity = "0..1", paramLabel = "WARMUP", defaultValue = "2",
            description = "steps left out of the medians, 0..STEPS-1 (default: ${DEFAULT-VALUE})")
    private int warmup;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/barnes-hut.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;
    @Option(names = "--precision", paramLabel = "P", split = ",", defaultValue = "double,mixed",
            description = "force kernel precisions, each with its own sequential and topology runs (default: ${DEFAULT-VALUE})")
    private String[] precisionNames;
    @Option(names = "--rebound", paramLabel = "N", split = ",",
            description = "also REBOUND's tree code (PyPI, pinned; needs python3) on the same bodies at these N, each one"
                    + " of N: its s/step in a row under the N's rows (no python3 or offline: a line says it is skipped)")
    private int[] reboundSizes = {};
    @Option(names = "--rebound-steps", paramLabel = "S", defaultValue = "5",
            description = "REBOUND's steps at each N, median over the 2nd to the last (default: ${DEFAULT-VALUE};"
                    + " it has no JIT to warm, and takes ~3 s a step at N = 10^5)")
    private int reboundSteps;
    @Option(names = "--png", paramLabel = "FILE",
            description = "also a bar chart of the step times of the first precision (medians over the repeats)")
    private Path png;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "STEPS", steps, 1);
        Checks.atLeast(spec, "N", sizes, 1);
        Checks.atLeast(spec, "P", partitionCounts, 1);
        Checks.atLeast(spec, "REPEATS", repeats, 1);
        Checks.inRange(spec, "WARMUP", warmup, 0, steps - 1);
        Precision[] precisions = Checks.precisions(spec, "--precision", precisionNames);
        Checks.atLeast(spec, "--rebound-steps", reboundSteps, 2);
        for (int n : reboundSizes) {
            Checks.oneOf(spec, "--rebound", n, sizes, "one of N");
        }
        TopologyFile.load(yaml, null, Map.of(), false);
        Path out = Files.createTempDirectory("stormsim-bench");
        Rebound rebound = null;
        if (reboundSizes.length > 0) {
            Rebound.Setup setup = Rebound.setUp(out);
            rebound = setup.rebound();
            System.out.println(rebound != null ? "REBOUND " + Rebound.VERSION + " (PyPI): tree gravity at the same theta,"
                    + " epsilon and dt, leapfrog (drift-kick-drift), monopoles, one thread"
                    : "REBOUND: skipped: " + setup.skipped());
        }
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; theta " + THETA
                + ", epsilon " + EPSILON + ", quadrupoles, " + steps + " steps, median over steps "
                + warmup + ".." + steps + "; every measurement in a JVM of its own");
        System.out.println();
        System.out.println("| N | precision | partitions | sequential s/step | topology s/step | ratio | force Minteractions/s/core |"
                + " force ms wall / CPU | bounds | decompose | migrate | tree | essential | force | update |"
                + " heap after GC, max MiB | bytes/body |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        List<String> whereTimeGoes = new ArrayList<>();
        double[][] sequentialSeconds = new double[sizes.length][repeats];
        double[][][] topologySeconds = new double[sizes.length][partitionCounts.length][repeats];
        for (int r = 1; r <= repeats; r++) {
            for (int i = 0; i < sizes.length; i++) {
                int n = sizes[i];
                double sequential = 0;
                for (Precision precision : precisions) {
                    String run = "r" + r + "-n" + n + "-" + precision.key();
                    Path sequentialDir = Files.createDirectories(out.resolve(run + "-sequential"));
                    sequential = Double.parseDouble(inOwnJvm(sequentialDir, Sequential.NAME, "--n", n,
                            "--steps", steps, "--warmup", warmup, "--precision", precision.key()));
                    boolean plotted = precision == precisions[0];
                    if (plotted) {
                        sequentialSeconds[i][r - 1] = sequential;
                    }
                    for (int j = 0; j < partitionCounts.length; j++) {
                        int p = partitionCounts[j];
                        Path dir = Files.createDirectories(out.resolve(run + "-p" + p));
                        String[] result = inOwnJvm(dir, Topology.NAME, "--yaml", yaml, "--n", n,
                                "--partitions", p, "--steps", steps, "--precision", precision.key(),
                                "--warmup", warmup).split(" ");
                        Path csv = dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV);
                        double topology = printRow(n, precision, p, sequential, csv, Long.parseLong(result[0]), warmup);
                        whereTimeGoes.add(StepShares.row(String.format("| %,d | %s | %d |", n, precision.key(), p), csv,
                                warmup, result));
                        if (plotted) {
                            topologySeconds[i][j][r - 1] = topology;
                        }
                        ratios.computeIfAbsent(String.format("| %,d | %s | %d |", n, precision.key(), p),
                                k -> new ArrayList<>()).add(topology / sequential);
                    }
                }
                if (rebound != null && Arrays.stream(reboundSizes).anyMatch(v -> v == n)) {
                    Path dir = Files.createDirectories(out.resolve("r" + r + "-n" + n + "-rebound"));
                    double seconds = rebound.secondsPerStep(PlummerSphere.generate(n, SEED), dir, reboundSteps, 1,
                            THETA, EPSILON, DT);
                    System.out.printf("| %,d | REBOUND %s | 1 thread | %.3f | %.3f | %.2f |%s%n", n, Rebound.VERSION,
                            sequential, seconds, seconds / sequential, " - |".repeat(11));
                }
            }
        }
        System.out.println();
        System.out.println(StepShares.HEADER);
        whereTimeGoes.forEach(System.out::println);
        if (repeats > 1) {
            System.out.println();
            System.out.println("| N | precision | partitions | ratio, median of " + repeats + " | min | max |");
            System.out.println("|---|---|---|---|---|---|");
            ratios.forEach((key, values) -> System.out.printf("%s %.2f | %.2f | %.2f |%n", key, Stats.median(values),
                    Collections.min(values), Collections.max(values)));
        }
        if (png != null) {
            writePlot(sequentialSeconds, topologySeconds, precisions[0]);
        }
        return 0;
    }

    private void writePlot(double[][] sequentialSeconds, double[][][] topologySeconds, Precision precision)
            throws Exception {
        double[] sequential = new double[sizes.length];
        double[][] topology = new double[sizes.length][partitionCounts.length];
        for (int i = 0; i < sizes.length; i++) {
            sequential[i] = Median.of(sequentialSeconds[i]);
            for (int j = 0; j < partitionCounts.length; j++) {
                topology[i][j] = Median.of(topologySeconds[i][j]);
            }
        }
        String run = String.format(Locale.ROOT, "LocalCluster, %d steps (median of steps %d..%d%s), theta %s, %s precision;"
                + " %s, %d cores", steps, warmup, steps, repeats > 1 ? ", median of " + repeats + " runs" : "", THETA,
                precision.key(), Machine.cpuModel(),
                Runtime.getRuntime().availableProcessors());
        Files.createDirectories(png.toAbsolutePath().getParent());
        Charts.writePng(BarnesHutPlot.chart(sizes, partitionCounts, sequential, topology, run), png);
    }

    /**
     * Runs the measurement subcommand {@code name} with {@code --dir dir} and {@code options} in a JVM of its own
     * (output in dir/jvm.log); returns what it wrote to dir's result file.
     */
    private static String inOwnJvm(Path dir, String name, Object... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(name, "--dir", dir.toString()));
        for (Object o : options) {
            args.add(String.valueOf(o));
        }
        ChildJvm.run(ChildJvm.bench(List.of(), args), "the " + name + " measurement", dir.resolve("jvm.log"));
        return Files.readString(dir.resolve(RESULT_FILE)).strip();
    }

    /** What both measurements take: where the result goes, the bodies, the steps and the kernel's precision. */
    static final class Measurement {
        @Option(names = "--dir", required = true)
        Path dir;
        @Option(names = "--n", required = true)
        int n;
        @Option(names = "--steps", required = true)
        int steps;
        @Option(names = "--precision", required = true)
        String precision;
    }

    /** One sequential measurement: writes the median seconds of a step after WARMUP to DIR's result file. */
    @Command(name = Sequential.NAME, hidden = true)
    static final class Sequential implements Callable<Integer> {
        static final String NAME = "barnes-hut-sequential";
        @Mixin
        private Measurement m;
        @Option(names = "--warmup", required = true)
        private int warmup;

        @Override
        public Integer call() throws Exception {
            SequentialSimulation sim = new SequentialSimulation(PlummerSphere.generate(m.n, SEED),
                    io.stormsim.nbody.Parameters.of(m.steps, DT, THETA, EPSILON).withPrecision(Precision.of(m.precision)));
            List<Double> seconds = new ArrayList<>();
            for (int r = 0; r <= m.steps; r++) {
                long t0 = System.nanoTime();
                Conserved c = sim.round();
                seconds.add((System.nanoTime() - t0) / 1e9);
                if (c.bodies != m.n) {
                    throw new BenchException("lost bodies: " + c.bodies + " of " + m.n + " after round " + r);
                }
            }
            Files.writeString(m.dir.resolve(RESULT_FILE), String.valueOf(Stats.median(seconds.subList(warmup, seconds.size()))));
            return 0;
        }
    }

    /**
     * One topology measurement: runs it with output in DIR; writes there the largest heap after GC and what the
     * cores did ({@link CoreShares}) from the end of round WARMUP - 1 to the end of the last round.
     */
    @Command(name = Topology.NAME, hidden = true)
    static final class Topology implements Callable<Integer> {
        static final String NAME = "barnes-hut-topology";
        @Mixin
        private Measurement m;
        @Option(names = "--yaml", required = true)
        private Path yaml;
        @Option(names = "--partitions", required = true)
        private int partitions;
        @Option(names = "--warmup", required = true)
        private int warmup;

        @Override
        public Integer call() throws Exception {
            Map<String, String> props = new HashMap<>(Map.of("n", String.valueOf(m.n), "steps", String.valueOf(m.steps),
                    "partitions", String.valueOf(partitions), "theta", String.valueOf(THETA),
                    "epsilon", String.valueOf(EPSILON), "dt", String.valueOf(DT), "output.dir", m.dir.toString(),
                    "precision", m.precision, "seed", String.valueOf(SEED)));
            TopologyFile topology = TopologyFile.load(yaml, null, props, false);
            HeapAfterGc heap = new HeapAfterGc();
            RoundWindow window = RoundWindow.start(m.dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), warmup, m.steps);
            try (LocalCluster cluster = new LocalCluster()) {
                LocalRun.run(cluster, topology, Duration.ofHours(2));
            }
            CoreShares.Shares cores = window.shares();
            Files.writeString(m.dir.resolve(RESULT_FILE), heap.maxBytes() + " " + cores.seconds() + " " + cores.phases()
                    + " " + cores.jit() + " " + cores.gc() + " " + cores.rest() + " " + cores.idle());
            return 0;
        }
    }

    /** Prints one row of the table; returns the topology's seconds per step. */
    private static double printRow(int n, Precision precision, int partitions, double sequential, Path csv,
                                   long heapBytes, int warmup) throws Exception {
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
        double topology = Stats.median(stepSeconds);
        StringBuilder line = new StringBuilder(String.format("| %,d | %s | %d | %.3f | %.3f | %.2f | %.0f | %.0f / %.0f |",
                n, precision.key(), partitions, sequential, topology, topology / sequential, Stats.median(rate), Stats.median(forceWallMs),
                Stats.median(forceCpuMs)));
        for (double ms : phaseMs) {
            line.append(String.format(" %.1f%% |", 100 * ms / total));
        }
        line.append(String.format(" %d | %.0f |", heapBytes >> 20, (double) heapBytes / n));
        System.out.println(line);
        return topology;
    }
}
