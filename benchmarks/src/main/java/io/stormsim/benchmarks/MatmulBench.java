package io.stormsim.benchmarks;

import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.Dgemm;
import io.stormsim.matmul.Summa;
import io.stormsim.matmul.bolts.ResultBolt;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The matrix multiply benchmark, two Markdown tables: the local kernel's GFLOP/s against OpenBLAS (one
 * thread) and EJML, each library measured in a JVM of its own ({@link DgemmBaseline}); and the topology on
 * an embedded LocalCluster (write.c = false, 2 jobs in flight) against EJML's time for one multiply, with
 * the bytes each phase moves and a check that every job's C has the bits of the kernel; then where the
 * core time went, run by run: of the machine's cores times the stream's wall time (first job sent to last
 * done), the CPU time of each phase's steps (all tasks, all jobs: jobs.csv), the rest of this JVM's CPU
 * time over the same window (Storm's executors, hand-overs and daemons, Kryo between workers, the
 * collector, the JIT), and what no thread used (idle cores: waiting). Every run is done once untimed first.
 */
@Command(name = "matmul", sortOptions = false,
        customSynopsis = "stormsim bench matmul [-h] [--yaml=FILE] [KERNEL_SIZE[,KERNEL_SIZE...] [TOPOLOGY_N [BLOCK [JOBS [RUN[,RUN...]]]]]]",
        description = {"The dgemm kernel against OpenBLAS (the system's libopenblas.so.0, 1 thread; \"not measured\""
                + " without it) and EJML (1 thread), then the matmul topology on a LocalCluster at TOPOLOGY_N;"
                + " two Markdown tables (docs/performance/matmul.md)."},
        footer = {"e.g. stormsim bench matmul 512,1024,2048 2048 512 4 1x1:1,1x2:1,1x2:2      stormsim bench matmul 256 512 256 2 1x1:1"})
public final class MatmulBench implements Callable<Integer> {
    private static final long WARM_UP_NANOS = 3_000_000_000L;
    private static final int TIMED = 10;
    private static final int WARM_UP_JOBS = 6;
    private static final long SEED = 42;
    private static final String NOT_MEASURED = "not measured";
    private static final String CORE_LINE = "Core:";
    /** The columns of jobs.csv with each phase's CPU time for a job (all its tasks). */
    private static final String[] PHASE_COLUMNS = {"broadcast_cpu_ms", "multiply_cpu_ms", "result_cpu_ms"};

    /** One topology run: a grid of tasks on a number of workers, written ROWSxCOLS:WORKERS. */
    record GridRun(int rows, int cols, int workers) {
        static final class Converter implements ITypeConverter<GridRun> {
            private static final Pattern FORM = Pattern.compile("([1-9][0-9]{0,3})x([1-9][0-9]{0,3}):([1-9][0-9]{0,3})");

            @Override
            public GridRun convert(String value) {
                Matcher m = FORM.matcher(value);
                if (!m.matches()) {
                    throw new TypeConversionException("'" + value + "' is not ROWSxCOLS:WORKERS (positive integers, e.g. 1x2:2)");
                }
                return new GridRun(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
        }

        @Override
        public String toString() {
            return rows + "x" + cols + ":" + workers;
        }
    }

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "1", paramLabel = "KERNEL_SIZE", split = ",", defaultValue = "512,1024,2048",
            description = "n of the kernel table (default: ${DEFAULT-VALUE})")
    private int[] sizes;
    @Parameters(index = "1", arity = "0..1", paramLabel = "TOPOLOGY_N", defaultValue = "2048",
            description = "n of the topology table (default: ${DEFAULT-VALUE})")
    private int n;
    @Parameters(index = "2", arity = "0..1", paramLabel = "BLOCK", defaultValue = "512",
            description = "block size, dividing TOPOLOGY_N (default: ${DEFAULT-VALUE})")
    private int block;
    @Parameters(index = "3", arity = "0..1", paramLabel = "JOBS", defaultValue = "16",
            description = "jobs of each topology run, 2 in flight (default: ${DEFAULT-VALUE})")
    private int jobs;
    @Parameters(index = "4", arity = "1", paramLabel = "RUN", split = ",", defaultValue = "1x1:1,1x2:1,1x2:2",
            converter = GridRun.Converter.class, description = "topology runs, ROWSxCOLS:WORKERS each (default: ${DEFAULT-VALUE})")
    private List<GridRun> runs;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/matmul.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "KERNEL_SIZE", sizes, 1);
        Checks.atLeast(spec, "JOBS", jobs, 1);
        Path out = Files.createTempDirectory("stormsim-bench-matmul");
        for (GridRun run : runs) {
            topology(run, out.resolve(run.toString().replace(':', '-')), jobs);
        }
        System.err.println("bench matmul: load average before " + Machine.load());
        Set<Integer> ejmlSizes = new LinkedHashSet<>();
        Arrays.stream(sizes).forEach(ejmlSizes::add);
        // EJML's time at the topology's n is the topology table's baseline
        ejmlSizes.add(n);
        Baseline openblas = baseline(DgemmBaseline.Library.openblas, Arrays.stream(sizes).boxed().toList(), out);
        Baseline ejml = baseline(DgemmBaseline.Library.ejml, List.copyOf(ejmlSizes), out);
        System.out.println("machine: " + Machine.line());
        System.out.println();
        System.out.println("| n | stormsim Dgemm GFLOP/s | OpenBLAS (1 thread" + (openblas.core() == null ? ""
                : ", its " + openblas.core() + " kernels") + ") GFLOP/s | Dgemm / OpenBLAS | EJML GFLOP/s | Dgemm / EJML |");
        System.out.println("|---|---|---|---|---|---|");
        for (int size : sizes) {
            double gflops = kernelGflops(size);
            double blas = openblas.gflops(size), ej = ejml.gflops(size);
            System.out.printf("| %d | %.1f | %s | %s | %.2f | %.1fx |%n", size, gflops,
                    Double.isNaN(blas) ? NOT_MEASURED : String.format("%.1f", blas),
                    Double.isNaN(blas) ? NOT_MEASURED : String.format("%.0f%%", 100 * gflops / blas), ej, gflops / ej);
        }
        if (openblas.unavailable() != null) {
            System.out.println();
            System.out.println("OpenBLAS " + NOT_MEASURED + ": " + openblas.unavailable());
        }
        System.out.println();
        double ejmlSeconds = ejml.seconds().get(n);
        DenseMatrix a = DenseMatrix.random(n, n, SEED);
        String[] expectedHash = new String[jobs];
        for (int job = 0; job < jobs; job++) {
            DenseMatrix c = DenseMatrix.zeros(n, n);
            new Dgemm().multiplyAdd(a, DenseMatrix.random(n, n, SEED + 1 + job), c);
            expectedHash[job] = Long.toHexString(c.bitsHash());
        }
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.println("| n | block | grid | workers | jobs (2 in flight) | topology s/job | GFLOP/s |"
                + " EJML s | topology / EJML | broadcast MB/job | gather MB/job | C = Dgemm bits |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        List<String> shares = new ArrayList<>();
        shares.add("| grid | workers | s/job | jobs/s against " + runs.get(0) + " | core ms/job (" + cores + " x s/job)"
                + " | broadcast | multiply | result | other threads (Storm, Kryo, GC, JIT) | idle |");
        shares.add("|---|---|---|---|---|---|---|---|---|---|");
        double firstPerJob = Double.NaN;
        try (LocalCluster cluster = new LocalCluster(); ProcessCpuTrace cpu = new ProcessCpuTrace()) {
            // every run once untimed first: the JIT's work on the phases' code (and Storm's) would otherwise
            // count against whichever grid runs first, and favour the ones after it
            System.err.println("bench matmul: warm-up, each run with " + WARM_UP_JOBS + " jobs ...");
            for (GridRun run : runs) {
                LocalRun.run(cluster, topology(run, out.resolve("warm-up-" + run.toString().replace(':', '-')),
                        WARM_UP_JOBS), Duration.ofHours(1));
            }
            for (GridRun run : runs) {
                int rows = run.rows(), cols = run.cols();
                Path dir = out.resolve(run.toString().replace(':', '-'));
                LocalRun.run(cluster, topology(run, dir, jobs), Duration.ofHours(1));
                double wall = summaryValue(dir, "wall time \\(first job sent to last job done\\) = ([0-9.]+) s");
                double perJob = wall / jobs;
                firstPerJob = Double.isNaN(firstPerJob) ? perJob : firstPerJob;
                Summa.Traffic traffic = new Summa(n, block, rows, cols).traffic();
                List<String> lines = Files.readAllLines(dir.resolve(ResultBolt.JOBS_CSV));
                boolean sameBits = lines.size() == jobs + 1;
                // each phase's CPU seconds over all jobs and tasks, as shares of the core time the stream had
                double coreSeconds = cores * wall;
                double[] phaseShare = new double[PHASE_COLUMNS.length];
                List<String> header = Arrays.asList(lines.get(0).split(","));
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.split(",");
                    sameBits &= f[3].equals(expectedHash[Integer.parseInt(f[0])]);
                    for (int p = 0; p < PHASE_COLUMNS.length; p++) {
                        phaseShare[p] += Double.parseDouble(f[header.indexOf(PHASE_COLUMNS[p])]) / 1e3 / coreSeconds;
                    }
                }
                // the summary is written as the last job is done: its time ends the window the wall time spans
                long end = Files.getLastModifiedTime(dir.resolve(ResultBolt.SUMMARY)).toMillis();
                double busy = cpu.cpuSeconds(end - Math.round(wall * 1e3), end) / coreSeconds;
                System.out.printf("| %d | %d | %dx%d | %s | %d | %.3f | %.1f | %.2f | %.3f | %.1f | %.1f | %s |%n", n,
                        block, rows, cols, run.workers(), jobs, perJob, 2.0 * n * n * (double) n / perJob / 1e9,
                        ejmlSeconds, perJob / ejmlSeconds, traffic.broadcastBytes() / 1e6,
                        traffic.gatherBytes() / 1e6, sameBits ? "yes" : "NO");
                shares.add(String.format("| %dx%d | %d | %.3f | %.2fx | %.0f | %.0f%% | %.0f%% | %.0f%% | %.0f%%"
                        + " | %.0f%% |", rows, cols, run.workers(), perJob, firstPerJob / perJob, 1e3 * cores * perJob,
                        100 * phaseShare[0], 100 * phaseShare[1], 100 * phaseShare[2],
                        100 * (busy - Arrays.stream(phaseShare).sum()), 100 * (1 - busy)));
            }
        }
        System.out.println();
        shares.forEach(System.out::println);
        return 0;
    }

    private TopologyFile topology(GridRun run, Path dir, int jobCount) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("n", String.valueOf(n));
        props.put("block", String.valueOf(block));
        props.put("grid.rows", String.valueOf(run.rows()));
        props.put("grid.cols", String.valueOf(run.cols()));
        props.put("partitions", String.valueOf(run.rows() * run.cols()));
        props.put("workers", String.valueOf(run.workers()));
        props.put("seed", String.valueOf(SEED));
        props.put("jobs", String.valueOf(jobCount));
        props.put("jobs.in.flight", "2");
        props.put("write.c", "false");
        props.put("output.dir", dir.toString());
        return TopologyFile.load(yaml, null, props, false);
    }

    /**
     * A library's best seconds and GFLOP/s by n; why it was not measured, or null; the kernels OpenBLAS said it uses
     * (its "Core:" line), or null.
     */
    private record Baseline(Map<Integer, Double> seconds, Map<Integer, Double> gflopsByN, String unavailable, String core) {
        /** NaN where not measured. */
        double gflops(int n) {
            return gflopsByN.getOrDefault(n, Double.NaN);
        }
    }

    /** Measures a library at each n in a JVM of its own ({@link DgemmBaseline}), reading its lines "LIBRARY n seconds gflops". */
    private static Baseline baseline(DgemmBaseline.Library library, List<Integer> ns, Path out) throws Exception {
        System.err.println("bench matmul: " + library + " (1 thread) ...");
        List<String> args = new ArrayList<>(List.of(DgemmBaseline.NAME, library.name()));
        ns.forEach(size -> args.add(String.valueOf(size)));
        ProcessBuilder child = ChildJvm.bench(List.of(), args);
        child.environment().put("OPENBLAS_NUM_THREADS", "1");
        child.environment().put("OMP_NUM_THREADS", "1");
        // OpenBLAS picks its best kernels for the CPU: a core type set for the whole machine (one was, on the
        // machine of docs/performance/matmul.md: Haswell's 256-bit kernels on an AVX-512 CPU, 62 against 107
        // GFLOP/s) would make the reference slower than the library is. It says what it picked ("Core: SkylakeX").
        child.environment().remove("OPENBLAS_CORETYPE");
        child.environment().put("OPENBLAS_VERBOSE", "2");
        Path log = out.resolve(library + ".txt");
        ChildJvm.run(child, "the " + library + " baseline", log);
        Map<Integer, Double> seconds = new HashMap<>(), gflops = new HashMap<>();
        String unavailable = null, core = null;
        String unavailablePrefix = library + " " + DgemmBaseline.UNAVAILABLE;
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith(CORE_LINE)) {
                core = line.substring(CORE_LINE.length()).trim();
            }
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[0].equals(library.name())) {
                seconds.put(Integer.parseInt(f[1]), Double.parseDouble(f[2]));
                gflops.put(Integer.parseInt(f[1]), Double.parseDouble(f[3]));
            } else if (line.startsWith(unavailablePrefix)) {
                unavailable = line.substring(unavailablePrefix.length()).trim();
            }
        }
        return new Baseline(seconds, gflops, unavailable, core);
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

    private static double summaryValue(Path dir, String regex) throws Exception {
        Matcher m = Pattern.compile(regex).matcher(Files.readString(dir.resolve(ResultBolt.SUMMARY)));
        if (!m.find()) {
            throw new IllegalStateException("no '" + regex + "' in " + dir.resolve(ResultBolt.SUMMARY));
        }
        return Double.parseDouble(m.group(1));
    }
}
