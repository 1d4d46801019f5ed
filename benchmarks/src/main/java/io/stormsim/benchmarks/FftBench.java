package io.stormsim.benchmarks;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.Direction;
import io.stormsim.fft.Signals;
import io.stormsim.fft.SixStepFft;
import io.stormsim.fft.bolts.FftKryo;
import io.stormsim.fft.bolts.FftResultBolt;
import io.stormsim.run.Median;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;
import org.jtransforms.fft.DoubleFFT_1D;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import pl.edu.icm.jlargearrays.ConcurrencyUtils;

/**
 * The six-step FFT against JTransforms on one thread, on the same input, in one JVM. Library and sequential
 * times are the median of TRANSFORMS runs after two warm-up runs; topology times are the median of the
 * TRANSFORMS rounds after the warm-up round 0 (summary.txt), wall time per transform with its three
 * all-to-all exchanges, on an embedded LocalCluster (more than one worker: tuples between workers are
 * Kryo-serialised, as on a cluster, but not sent over TCP), and each topology's median round split into the
 * phases' own compute, their emitting and the rest (Storm's hand-overs and waiting), as the result bolt
 * records it. Prints a Markdown table.
 */
@Command(name = "fft", sortOptions = false,
        customSynopsis = "stormsim bench fft [-h] [--yaml=FILE] [TRANSFORMS [M[,M...] [WORKERS[,WORKERS...] [PARTITIONS]]]]",
        description = {"The six-step FFT against JTransforms (1 thread) and the fft topology on a LocalCluster with"
                + " each worker count, in one JVM; a Markdown table (docs/performance/fft.md).",
                "The default heap (12 GB, committed and touched at start) suits m = 24; for small m give less, e.g."
                + " STORMSIM_JAVA_OPTS=\"-Xmx2g -Xms2g -XX:+AlwaysPreTouch -XX:+UseTransparentHugePages\"."},
        footer = {"e.g. stormsim bench fft 10 16,20,22,24 1,2 2      stormsim bench fft 3 12 1 2"})
public final class FftBench implements Callable<Integer> {
    private static final long SEED = 42;
    private static final int WARMUP = 2;

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "TRANSFORMS", defaultValue = "10",
            description = "timed transforms of each kind (default: ${DEFAULT-VALUE})")
    private int transforms;
    @Parameters(index = "1", arity = "1", paramLabel = "M", split = ",", defaultValue = "16,20,22,24",
            description = "sizes N = 2^m (default: ${DEFAULT-VALUE})")
    private int[] ms;
    @Parameters(index = "2", arity = "1", paramLabel = "WORKERS", split = ",", defaultValue = "1,2",
            description = "worker counts of the topology (default: ${DEFAULT-VALUE})")
    private int[] workerCounts;
    @Parameters(index = "3", arity = "0..1", paramLabel = "PARTITIONS", defaultValue = "2",
            description = "partitions of the topology (default: ${DEFAULT-VALUE})")
    private int partitions;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/fft.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "TRANSFORMS", transforms, 1);
        Checks.atLeast(spec, "WORKERS", workerCounts, 1);
        Path out = Files.createTempDirectory("stormsim-bench-fft");
        // every topology's values (m, partitions for m, workers) checked before anything is measured
        for (int m : ms) {
            for (int w : workerCounts) {
                topology(m, w, out.resolve("m" + m + "-w" + w));
            }
        }
        System.err.println("bench fft: load average " + Machine.load() + " on " + Runtime.getRuntime().availableProcessors()
                + " cores");
        ConcurrencyUtils.setNumberOfThreads(1);
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; forward transforms of seeded input;"
                + " median (and min) of " + transforms + " transforms after warm-up, JTransforms and sequential"
                + " alternating; topology: " + partitions
                + " partitions on an embedded LocalCluster; GFLOP/s = 5 N log2 N / time");
        System.out.println();
        StringBuilder header = new StringBuilder("| m | JTransforms 1 thread ms (GFLOP/s) | six-step sequential ms (GFLOP/s) |");
        StringBuilder rule = new StringBuilder("|---|---|---|");
        for (int w : workerCounts) {
            header.append(" topology ").append(w).append(w == 1 ? " worker" : " workers").append(" ms (GFLOP/s) |");
            rule.append("---|");
        }
        for (int w : workerCounts) {
            header.append(" topology ").append(w).append(w == 1 ? " worker" : " workers")
                    .append(": compute / emit / Storm and waiting, ms (% of the round) |");
            rule.append("---|");
        }
        header.append(" sequential: pass 1 / pass 2 ms | Kryo write + read of one transpose's block, 2 partitions, ms |"
                + " bytes between partitions per transpose | round-0 gather bytes | rel. L2 vs JTransforms | round trip rel. L2 |");
        rule.append("---|---|---|---|---|---|");
        System.out.println(header);
        System.out.println(rule);
        try (LocalCluster cluster = new LocalCluster()) {
            for (int m : ms) {
                SixStepFft fft = new SixStepFft(m);
                double[][] librarySequential = libraryAndSequentialMs(fft, transforms);
                StringBuilder row = new StringBuilder(String.format("| %d | %s | %s |", m,
                        cell(Median.of(librarySequential[0]), min(librarySequential[0]), fft),
                        cell(Median.of(librarySequential[1]), min(librarySequential[1]), fft)));
                String bytes = "";
                StringBuilder shares = new StringBuilder();
                for (int w : workerCounts) {
                    Path dir = out.resolve("m" + m + "-w" + w);
                    LocalRun.run(cluster, topology(m, w, dir), Duration.ofMinutes(20));
                    Properties summary = new Properties();
                    try (Reader r = Files.newBufferedReader(dir.resolve(FftResultBolt.SUMMARY))) {
                        summary.load(r);
                    }
                    row.append(' ').append(cell(Double.parseDouble(summary.getProperty("median_ms")),
                            Double.parseDouble(summary.getProperty("min_ms")), fft)).append(" |");
                    bytes = summary.getProperty("bytes_between_partitions_per_transpose");
                    shares.append(' ').append(shares(summary)).append(" |");
                    Files.deleteIfExists(dir.resolve(FftResultBolt.OUTPUT));
                }
                row.append(shares).append(' ').append(sequentialPhases(fft, transforms)).append(" | ")
                        .append(String.format("%.2f", kryoMs(fft, transforms))).append(" |");
                row.append(' ').append(bytes.replace(",", " / ")).append(" | ").append(16L << m).append(" | ")
                        .append(String.format("%.2e | %.2e |", differenceFromJTransforms(fft), roundTripError(fft)));
                System.out.println(row);
            }
        }
        return 0;
    }

    private TopologyFile topology(int m, int workers, Path dir) throws Exception {
        return TopologyFile.load(yaml, null, Map.of("m", String.valueOf(m), "partitions", String.valueOf(partitions),
                "workers", String.valueOf(workers), "steps", String.valueOf(transforms), "output.dir", dir.toString()), false);
    }

    /**
     * The median round split into the phases' own compute, their emitting (Kryo writes with 2 workers) and
     * the rest (Storm's hand-overs, Kryo reads, acks, waiting): medians over the rounds of the first two as
     * the result bolt recorded them (summary.txt), the rest what remains of the median wall time.
     */
    private static String shares(Properties summary) {
        if (!summary.containsKey("median_compute_ms")) {
            return "n/a";
        }
        double wall = Double.parseDouble(summary.getProperty("median_ms"));
        double compute = Double.parseDouble(summary.getProperty("median_compute_ms"));
        double emit = Double.parseDouble(summary.getProperty("median_emit_ms"));
        double rest = wall - compute - emit;
        return String.format("%.1f / %.1f / %.1f (%.0f%% / %.0f%% / %.0f%%)", compute, emit, rest,
                100 * compute / wall, 100 * emit / wall, 100 * rest / wall);
    }

    /** Median ms (GFLOP/s at the median), then the minimum ms. */
    private static String cell(double medianMs, double minMs, SixStepFft fft) {
        return String.format("%.1f (%.2f), min %.1f", medianMs, fft.flops() / medianMs / 1e6, minMs);
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElseThrow();
    }

    private static double[][] input(int m) {
        int n = 1 << m;
        double[][] x = {new double[n], new double[n]};
        Signals.generate(SEED, 0, n, x[0], x[1], 0);
        return x;
    }

    /**
     * JTransforms and the sequential six-step on the same input, run alternately (one of each per
     * iteration), so that load from elsewhere on a shared machine falls on both alike: their times.
     */
    private static double[][] libraryAndSequentialMs(SixStepFft fft, int transforms) {
        double[][] x = input(fft.m);
        int n = fft.n;
        double[] interleaved = new double[2 * n];
        double[] outRe = new double[n];
        double[] outIm = new double[n];
        DoubleFFT_1D plan = new DoubleFFT_1D(n);
        double[][] times = new double[2][transforms];
        for (int run = -WARMUP; run < transforms; run++) {
            for (int i = 0; i < n; i++) {
                interleaved[2 * i] = x[0][i];
                interleaved[2 * i + 1] = x[1][i];
            }
            long t0 = System.nanoTime();
            plan.complexForward(interleaved);
            long t1 = System.nanoTime();
            fft.transform(x[0], x[1], outRe, outIm, Direction.FORWARD);
            long t2 = System.nanoTime();
            if (run >= 0) {
                times[0][run] = (t1 - t0) / 1e6;
                times[1][run] = (t2 - t1) / 1e6;
            }
        }
        return times;
    }

    /**
     * Median times of the sequential transform's two fused passes (the first with the first transpose's
     * gather, both with their scatters), as {@link SixStepFft#transform} runs them, on reused blocks.
     */
    private static String sequentialPhases(SixStepFft fft, int transforms) {
        double[][] x = input(fft.m);
        List<ComplexBlock> a = List.of(new ComplexBlock(fft.n2, fft.n1, x[0], x[1]));
        List<ComplexBlock> middle = fft.outputBlocks(1, fft.n1, 1);
        List<ComplexBlock> out = fft.outputBlocks(2, fft.n2, 1);
        double[][] times = new double[2][transforms];
        for (int run = -WARMUP; run < transforms; run++) {
            long t0 = System.nanoTime();
            fft.rowPass(1, a, 0, Direction.FORWARD, middle);
            long t1 = System.nanoTime();
            fft.rowPass(2, middle, 0, Direction.FORWARD, out);
            long t2 = System.nanoTime();
            if (run >= 0) {
                times[0][run] = (t1 - t0) / 1e6;
                times[1][run] = (t2 - t1) / 1e6;
            }
        }
        return String.format("%.1f / %.1f", Median.of(times[0]), Median.of(times[1]));
    }

    /**
     * What one worker of two spends in Storm's Kryo (with FftKryo) per transpose: writing the block for
     * the other partition (N/4 points) and reading the one it gets. Median.
     */
    private static double kryoMs(SixStepFft fft, int transforms) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, false);
        conf.put(Config.TOPOLOGY_KRYO_DECORATORS, List.of(FftKryo.class.getName()));
        Kryo kryo = SerializationFactory.getKryo(conf);
        ComplexBlock block = ComplexBlock.zeros(fft.n1 / 2, fft.n2 / 2);
        Signals.generate(SEED, 0, block.re.length, block.re, block.im, 0);
        double[] times = new double[transforms];
        for (int run = -WARMUP; run < transforms; run++) {
            long t0 = System.nanoTime();
            Output out = new Output(2000, -1);
            kryo.writeClassAndObject(out, block);
            Object back = kryo.readClassAndObject(new Input(out.getBuffer(), 0, out.position()));
            if (run >= 0) {
                times[run] = (System.nanoTime() - t0) / 1e6;
            }
            if (((ComplexBlock) back).re.length != block.re.length) {
                throw new IllegalStateException("Kryo lost points");
            }
        }
        return Median.of(times);
    }

    /** ||six-step - JTransforms||_2 / ||JTransforms||_2, forward, on the benchmark's input. */
    private static double differenceFromJTransforms(SixStepFft fft) {
        double[][] x = input(fft.m);
        double[] interleaved = new double[2 * fft.n];
        for (int i = 0; i < fft.n; i++) {
            interleaved[2 * i] = x[0][i];
            interleaved[2 * i + 1] = x[1][i];
        }
        new DoubleFFT_1D(fft.n).complexForward(interleaved);
        ComplexBlock ours = fft.transform(x[0], x[1], Direction.FORWARD);
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < fft.n; i++) {
            double dr = ours.re[i] - interleaved[2 * i];
            double di = ours.im[i] - interleaved[2 * i + 1];
            diff += dr * dr + di * di;
            norm += interleaved[2 * i] * interleaved[2 * i] + interleaved[2 * i + 1] * interleaved[2 * i + 1];
        }
        return Math.sqrt(diff / norm);
    }

    /** ||inverse(forward(x)) - x||_2 / ||x||_2. */
    private static double roundTripError(SixStepFft fft) {
        double[][] x = input(fft.m);
        ComplexBlock f = fft.transform(x[0], x[1], Direction.FORWARD);
        ComplexBlock back = fft.transform(f.re, f.im, Direction.INVERSE);
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < fft.n; i++) {
            double dr = back.re[i] - x[0][i];
            double di = back.im[i] - x[1][i];
            diff += dr * dr + di * di;
            norm += x[0][i] * x[0][i] + x[1][i] * x[1][i];
        }
        return Math.sqrt(diff / norm);
    }
}
