package io.stormsim.benchmarks;

import io.stormsim.run.Median;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import io.stormsim.water.SeededRandomNumbers;
import io.stormsim.water.StepValues;
import io.stormsim.water.WaterInput;
import io.stormsim.water.WaterRun;
import io.stormsim.water.bolts.WaterSink;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * SPLASH-2 Water: the sequential kernel (one partition, in process) against the water topology on an
 * embedded LocalCluster with each partition count, lattice starts with seeded velocities, the default cutoff,
 * potential energies every step (as the original's timings were taken), no radial distribution functions (the
 * kernel's steps count none). Sequential (first, before the cluster starts, after a JIT warm-up on the smallest size): median of STEPS steps after STEPS warm-up steps; topology: median of its 2 STEPS rounds' times at the sink (summary.txt). The
 * topology's last printed total energy is checked against the kernel's, bit for bit. Prints a Markdown table.
 */
@Command(name = "water", sortOptions = false,
        customSynopsis = "stormsim bench water [-h] [--yaml=FILE] [STEPS [NMOL[,NMOL...] [PARTITIONS[,PARTITIONS...]]]]",
        description = {"The Water kernel (sequential) and the water topology on a LocalCluster with each partition"
                + " count, in one JVM: step times, pairs within the cutoff per second, bytes exchanged per step;"
                + " a Markdown table (docs/performance/water.md)."},
        footer = {"e.g. stormsim bench water 5 512,1728,4096 1,2      stormsim bench water 3 216 1,2"})
public final class WaterBench implements Callable<Integer> {
    private static final long SEED = 42;

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "STEPS", defaultValue = "5",
            description = "timed steps (and as many warm-up steps) of each run (default: ${DEFAULT-VALUE})")
    private int steps;
    @Parameters(index = "1", arity = "1", paramLabel = "NMOL", split = ",", defaultValue = "512,1728,4096",
            description = "molecule counts, cubes (default: ${DEFAULT-VALUE})")
    private int[] sizes;
    @Parameters(index = "2", arity = "1", paramLabel = "PARTITIONS", split = ",", defaultValue = "1,2",
            description = "partition counts of the topology (default: ${DEFAULT-VALUE})")
    private int[] partitionCounts;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/water.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "STEPS", steps, 1);
        Checks.atLeast(spec, "PARTITIONS", partitionCounts, 1);
        Path out = Files.createTempDirectory("stormsim-bench-water");
        // every topology's values (NMOL a cube, partitions within its blocks) checked before anything is measured
        for (int n : sizes) {
            for (int p : partitionCounts) {
                topology(n, p, out.resolve(n + "-" + p));
            }
        }
        System.err.println("bench water: load average " + Machine.load() + " on "
                + Runtime.getRuntime().availableProcessors() + " cores");
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; lattice starts (seeded velocities), default"
                + " cutoff (half the box, at most 11 A), potential energies every step; sequential (before the cluster"
                + " starts, after a JIT warm-up): median of "
                + steps + " steps after " + steps + " warm-up steps; topology: median of its " + 2 * steps
                + " steps on an embedded LocalCluster (1 worker), ms (pairs within the cutoff per second)");
        System.out.println();
        StringBuilder header = new StringBuilder("| NMOL | cutoff A | pairs in cutoff / step | sequential kernel ms (pairs/s) |");
        StringBuilder rule = new StringBuilder("|---|---|---|---|");
        for (int p : partitionCounts) {
            header.append(" topology ").append(p).append(p == 1 ? " partition" : " partitions").append(" ms (pairs/s) |");
            rule.append("---|");
        }
        for (int p : partitionCounts) {
            header.append(" bytes exchanged / step, ").append(p).append(" |");
            rule.append("---|");
        }
        System.out.println(header);
        System.out.println(rule);
        // the kernel first, before any cluster thread exists, after a warm-up of the JIT on the smallest size
        sequential(sizes[0], 3 * steps);
        Sequential[] kernel = new Sequential[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            kernel[i] = sequential(sizes[i], steps);
        }
        try (LocalCluster cluster = new LocalCluster()) {
            for (int i = 0; i < sizes.length; i++) {
                int n = sizes[i];
                Sequential k = kernel[i];
                StringBuilder row = new StringBuilder(String.format("| %d | %.3f | %.0f | %s |", n, k.cutoff, k.pairs,
                        cell(k.ms, k.pairs)));
                StringBuilder bytes = new StringBuilder();
                for (int p : partitionCounts) {
                    Path dir = out.resolve(n + "-" + p);
                    LocalRun.run(cluster, topology(n, p, dir), Duration.ofMinutes(30));
                    Properties summary = new Properties();
                    try (Reader r = Files.newBufferedReader(dir.resolve(WaterSink.SUMMARY))) {
                        summary.load(r);
                    }
                    String total = summary.getProperty("final_total_XTT");
                    if (!total.equals(Double.toString(k.lastTotal))) {
                        throw new IllegalStateException(n + " molecules, " + p + " partitions: the topology's last"
                                + " total energy " + total + " differs from the kernel's " + k.lastTotal);
                    }
                    row.append(' ').append(cell(Double.parseDouble(summary.getProperty("step_seconds_median")) * 1e3,
                            k.pairs)).append(" |");
                    bytes.append(String.format(" %.0f |", Double.parseDouble(summary.getProperty("exchanged_bytes_per_step"))));
                }
                System.out.println(row.append(bytes));
            }
        }
        return 0;
    }

    /** The kernel's median step time, pairs within the cutoff per step, cutoff and last total energy. */
    private record Sequential(double ms, double pairs, double cutoff, double lastTotal) {
    }

    /** {@code timed} steps after as many warm-up steps, one partition, as the topology's run (2 timed steps). */
    private static Sequential sequential(int n, int timed) {
        WaterRun run = WaterRun.latticeStart(WaterInput.of(n, 2 * timed, 0.0, 1), SeededRandomNumbers.generate(n, SEED), 1);
        double[] ms = new double[timed];
        StepValues last = null;
        long pairs0 = 0;
        for (int i = -timed; i < timed; i++) {
            if (i == 0) {
                pairs0 = run.interactingPairs();
            }
            long t0 = System.nanoTime();
            last = run.advance();
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return new Sequential(Median.of(ms), (double) (run.interactingPairs() - pairs0) / timed, run.constants.cutoff,
                last.total());
    }

    private TopologyFile topology(int molecules, int partitions, Path dir) throws Exception {
        return TopologyFile.load(yaml, null, Map.of("molecules", String.valueOf(molecules), "partitions",
                String.valueOf(partitions), "steps", String.valueOf(2 * steps), "print.every", "1", "cutoff", "0",
                "seed", String.valueOf(SEED), "checkpoint.every", "0", "rdf.every", "0", "output.dir", dir.toString()),
                false);
    }

    private static String cell(double ms, double pairsPerStep) {
        return String.format("%.1f (%.3g)", ms, pairsPerStep / (ms / 1e3));
    }
}
