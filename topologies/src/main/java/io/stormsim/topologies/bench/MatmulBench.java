package io.stormsim.topologies.bench;

import io.stormsim.bolts.matmul.ResultBolt;
import io.stormsim.matrix.DenseMatrix;
import io.stormsim.matrix.Dgemm;
import io.stormsim.matrix.Summa;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.LocalCluster;

/**
 * The matrix multiply benchmark behind scripts/bench-matmul, two Markdown tables:
 * the local kernel's GFLOP/s against OpenBLAS (numpy, one thread) and EJML, measured by the script and
 * passed in as files of lines "name n seconds gflops"; and the topology on an embedded LocalCluster
 * (write.c = false, 2 jobs in flight) against EJML's time for one multiply, with the bytes each phase
 * moves and a check that every job's C has the bits of the kernel.
 *
 * <p>{@code MatmulBench YAML NUMPY_FILE EJML_FILE KERNEL_SIZES TOPOLOGY_N BLOCK JOBS RUNS}, sizes
 * comma-separated, RUNS like {@code 1x1:1,1x2:1,1x2:2} (grid rows x cols : workers).
 */
public final class MatmulBench {
    private static final long WARM_UP_NANOS = 3_000_000_000L;
    private static final int TIMED = 10;
    private static final long SEED = 42;

    private MatmulBench() {
    }

    public static void main(String[] args) {
        LocalClusterMain.runThenExit(MatmulBench::measure, args);
    }

    private static void measure(String[] args) throws Exception {
        Path yaml = Path.of(args[0]);
        Map<Integer, Double> numpy = readBaseline(Path.of(args[1]), 3), ejml = readBaseline(Path.of(args[2]), 3);
        Map<Integer, Double> ejmlSeconds = readBaseline(Path.of(args[2]), 2);
        int[] sizes = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
        int n = Integer.parseInt(args[4]), block = Integer.parseInt(args[5]), jobs = Integer.parseInt(args[6]);
        String[] runs = args[7].split(",");
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
        System.out.println();
        System.out.println("| n | stormsim Dgemm GFLOP/s | OpenBLAS (numpy, 1 thread) GFLOP/s | Dgemm / OpenBLAS"
                + " | EJML GFLOP/s | Dgemm / EJML |");
        System.out.println("|---|---|---|---|---|---|");
        for (int size : sizes) {
            double gflops = kernelGflops(size);
            System.out.printf("| %d | %.1f | %.1f | %.0f%% | %.2f | %.1fx |%n", size, gflops, numpy.get(size),
                    100 * gflops / numpy.get(size), ejml.get(size), gflops / ejml.get(size));
        }
        System.out.println();
        DenseMatrix a = DenseMatrix.random(n, n, SEED);
        String[] expectedHash = new String[jobs];
        for (int job = 0; job < jobs; job++) {
            DenseMatrix c = DenseMatrix.zeros(n, n);
            new Dgemm().multiplyAdd(a, DenseMatrix.random(n, n, SEED + 1 + job), c);
            expectedHash[job] = Long.toHexString(c.bitsHash());
        }
        System.out.println("| n | block | grid | workers | jobs (2 in flight) | topology s/job | GFLOP/s |"
                + " EJML s | topology / EJML | broadcast MB/job | gather MB/job | C = Dgemm bits |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        Path out = Files.createTempDirectory("stormsim-bench-matmul");
        try (LocalCluster cluster = new LocalCluster()) {
            for (String run : runs) {
                String[] gridWorkers = run.split(":");
                String[] grid = gridWorkers[0].split("x");
                int rows = Integer.parseInt(grid[0]), cols = Integer.parseInt(grid[1]);
                Path dir = out.resolve(run.replace(':', '-'));
                Map<String, String> props = new HashMap<>();
                props.put("n", String.valueOf(n));
                props.put("block", String.valueOf(block));
                props.put("grid.rows", String.valueOf(rows));
                props.put("grid.cols", String.valueOf(cols));
                props.put("partitions", String.valueOf(rows * cols));
                props.put("workers", gridWorkers[1]);
                props.put("seed", String.valueOf(SEED));
                props.put("jobs", String.valueOf(jobs));
                props.put("jobs.in.flight", "2");
                props.put("write.c", "false");
                props.put("output.dir", dir.toString());
                LocalRun.run(cluster, TopologyFile.load(yaml, null, props, false), Duration.ofHours(1));
                double wall = summaryValue(dir, "wall time \\(first job sent to last job done\\) = ([0-9.]+) s");
                double perJob = wall / jobs;
                Summa.Traffic traffic = new Summa(n, block, rows, cols).traffic();
                List<String> lines = Files.readAllLines(dir.resolve(ResultBolt.JOBS_CSV));
                boolean sameBits = lines.size() == jobs + 1;
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.split(",");
                    sameBits &= f[3].equals(expectedHash[Integer.parseInt(f[0])]);
                }
                System.out.printf("| %d | %d | %dx%d | %s | %d | %.2f | %.1f | %.2f | %.2f | %.1f | %.1f | %s |%n", n,
                        block, rows, cols, gridWorkers[1], jobs, perJob, 2.0 * n * n * (double) n / perJob / 1e9,
                        ejmlSeconds.get(n), perJob / ejmlSeconds.get(n), traffic.broadcastBytes() / 1e6,
                        traffic.gatherBytes() / 1e6, sameBits ? "yes" : "NO");
            }
        }
    }

    /** Best of {@link #TIMED} multiplies after at least {@link #WARM_UP_NANOS} of warm-up. */
    private static double kernelGflops(int n) {
        DenseMatrix a = DenseMatrix.random(n, n, 1), b = DenseMatrix.random(n, n, 2), c = DenseMatrix.zeros(n, n);
        Dgemm kernel = new Dgemm();
        long warmUntil = System.nanoTime() + WARM_UP_NANOS;
        do {
            kernel.multiplyAdd(a, b, c);
        } while (System.nanoTime() < warmUntil);
        double best = Double.MAX_VALUE;
        for (int r = 0; r < TIMED; r++) {
            Arrays.fill(c.data, 0.0);
            long t = System.nanoTime();
            kernel.multiplyAdd(a, b, c);
            best = Math.min(best, (System.nanoTime() - t) / 1e9);
        }
        return 2.0 * n * n * (double) n / best / 1e9;
    }

    /** Column {@code column} of the lines "name n seconds gflops" of a baseline file, by n. */
    private static Map<Integer, Double> readBaseline(Path file, int column) throws Exception {
        Map<Integer, Double> out = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4) {
                out.put(Integer.parseInt(f[1]), Double.parseDouble(f[column]));
            }
        }
        return out;
    }

    private static double summaryValue(Path dir, String regex) throws Exception {
        Matcher m = Pattern.compile(regex).matcher(Files.readString(dir.resolve(ResultBolt.SUMMARY)));
        if (!m.find()) {
            throw new IllegalStateException("no '" + regex + "' in " + dir.resolve(ResultBolt.SUMMARY));
        }
        return Double.parseDouble(m.group(1));
    }
}
