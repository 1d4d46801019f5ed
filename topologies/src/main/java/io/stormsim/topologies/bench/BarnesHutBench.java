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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.LocalCluster;

/**
 * Step time of the sequential kernel against the Barnes-Hut topology on an embedded LocalCluster, in
 * one JVM, side by side: {@code BarnesHutBench YAML STEPS N[,N...] P[,P...]}. Prints a Markdown table:
 * median step time over the steps after the first two (JIT warm-up), the topology/sequential ratio,
 * interactions per second of the force phase, the share of each phase, and the largest heap in use
 * after a collection during the topology run (the whole LocalCluster JVM: Storm's own share included).
 */
public final class BarnesHutBench {
    private static final double THETA = 0.5, EPSILON = 0.01, DT = 0.005;
    private static final int WARMUP_ROUNDS = 2;

    private BarnesHutBench() {
    }

    public static void main(String[] args) {
        LocalClusterMain.runThenExit(BarnesHutBench::measure, args);
    }

    private static void measure(String[] args) throws Exception {
        Path yaml = Path.of(args[0]);
        int steps = Integer.parseInt(args[1]);
        int[] sizes = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        int[] partitionCounts = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; theta " + THETA
                + ", epsilon " + EPSILON + ", quadrupoles, " + steps + " steps, median over steps "
                + WARMUP_ROUNDS + ".." + steps);
        System.out.println();
        System.out.println("| N | partitions | sequential s/step | topology s/step | ratio | force Minteractions/s/core |"
                + " bounds | decompose | migrate | tree | essential | force | update | heap after GC, max MiB | bytes/body |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        Path out = Files.createTempDirectory("stormsim-bench");
        HeapAfterGc heap = new HeapAfterGc();
        try (LocalCluster cluster = new LocalCluster()) {
            for (int n : sizes) {
                double sequential = sequentialStepSeconds(n, steps);
                for (int p : partitionCounts) {
                    Path dir = out.resolve("n" + n + "-p" + p);
                    Map<String, String> props = new HashMap<>(Map.of("n", String.valueOf(n), "steps",
                            String.valueOf(steps), "partitions", String.valueOf(p), "theta", String.valueOf(THETA),
                            "epsilon", String.valueOf(EPSILON), "dt", String.valueOf(DT), "output.dir", dir.toString()));
                    TopologyFile topology = TopologyFile.load(yaml, null, props, false);
                    System.gc(); // the sequential run's garbage is not the topology's
                    heap.reset();
                    LocalRun.run(cluster, topology, Duration.ofHours(2));
                    printRow(n, p, sequential, dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), heap.maxBytes());
                }
            }
        }
    }

    private static double sequentialStepSeconds(int n, int steps) {
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
        return median(seconds.subList(WARMUP_ROUNDS, seconds.size()));
    }

    private static void printRow(int n, int partitions, double sequential, Path csv, long heapBytes) throws Exception {
        List<String> rows = Files.readAllLines(csv);
        List<String> header = Arrays.asList(rows.get(0).split(","));
        int wall = header.indexOf("round_wall_ms"), interactions = header.indexOf("interactions");
        List<Double> stepSeconds = new ArrayList<>();
        List<Double> rate = new ArrayList<>();
        double[] phaseMs = new double[Phase.values().length];
        for (String row : rows.subList(1 + WARMUP_ROUNDS, rows.size())) {
            String[] f = row.split(",");
            stepSeconds.add(Double.parseDouble(f[wall]) / 1e3);
            double forceMs = Double.parseDouble(f[header.indexOf(Phase.FORCE.column())]);
            rate.add(Long.parseLong(f[interactions]) / (double) partitions / (forceMs / 1e3) / 1e6);
            for (Phase phase : Phase.values()) {
                phaseMs[phase.ordinal()] += Double.parseDouble(f[header.indexOf(phase.column())]);
            }
        }
        double total = Arrays.stream(phaseMs).sum();
        double topology = median(stepSeconds);
        StringBuilder line = new StringBuilder(String.format("| %,d | %d | %.3f | %.3f | %.2f | %.0f |", n, partitions,
                sequential, topology, topology / sequential, median(rate)));
        for (double ms : phaseMs) {
            line.append(String.format(" %.1f%% |", 100 * ms / total));
        }
        line.append(String.format(" %d | %.0f |", heapBytes >> 20, (double) heapBytes / n));
        System.out.println(line);
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : 0.5 * (v[v.length / 2 - 1] + v[v.length / 2]);
    }
}
