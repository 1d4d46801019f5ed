package io.stormsim.benchmarks;

import io.stormsim.bolts.sort.SortSinkBolt;
import io.stormsim.sort.KeyGenerator;
import io.stormsim.sort.RadixSort;
import io.stormsim.sort.SortRecords;
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
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The radix sort benchmark, one Markdown table: for each size, uniform 32-bit keys or 64-bit keys with 64-bit
 * payloads, what a user would pick instead (Arrays.sort, Arrays.parallelSort on 2 threads: both on the keys
 * alone), the sequential radix kernel, and the radix-sort topology on an embedded LocalCluster at each
 * partition count, with the bytes each pass sends between partitions, the time of each phase, and the
 * memory-bandwidth bound of the kernel's passes (every pass reads and writes every record once, at the
 * copy bandwidth measured here). Library and kernel times come from a JVM of their own ({@link Baseline}).
 */
@Command(name = "radix-sort", sortOptions = false,
        description = {"Arrays.sort, Arrays.parallelSort (2 threads), the sequential radix kernel and the radix-sort"
                + " topology (LocalCluster) on uniform keys; one Markdown table (README, \"Radix sort\")."},
        footer = {"e.g. bench radix-sort      bench radix-sort --keys32=100000 --records64=100000 --jobs=2"})
public final class RadixSortBench implements Callable<Integer> {
    static final long SEED = 42;

    @Spec
    private CommandSpec spec;
    @Option(names = "--keys32", split = ",", paramLabel = "N", defaultValue = "1000000,10000000",
            description = "sizes of 32-bit key sorts (default: ${DEFAULT-VALUE}; 100000000 needs more than a 6 GB heap)")
    private int[] keys32;
    @Option(names = "--records64", split = ",", paramLabel = "N", defaultValue = "10000000",
            description = "sizes of 64-bit key + 64-bit payload sorts (default: ${DEFAULT-VALUE})")
    private int[] records64;
    @Option(names = "--partitions", split = ",", paramLabel = "P", defaultValue = "1,2",
            description = "topology partition counts (default: ${DEFAULT-VALUE})")
    private int[] partitions;
    @Option(names = "--jobs", paramLabel = "JOBS", defaultValue = "4",
            description = "jobs of each topology run, one in flight; the first is a warm-up (default: ${DEFAULT-VALUE})")
    private int jobs;
    @Option(names = "--digit-bits", paramLabel = "BITS", defaultValue = "8",
            description = "digit width of the kernel and the topology (default: ${DEFAULT-VALUE})")
    private int digitBits;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/radix-sort.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    /** One sort: its key width, whether each key has a payload, its size. */
    record Case(int keyBits, boolean payload, int n) {
        static Case parse(String s) {
            String[] f = s.split(":");
            return new Case(Integer.parseInt(f[0].replace("p", "")), f[0].endsWith("p"), Integer.parseInt(f[1]));
        }

        @Override
        public String toString() {
            return keyBits + (payload ? "p" : "") + ":" + n;
        }

        int recordBytes() {
            return keyBits / 8 + (payload ? 8 : 0);
        }

        String kind() {
            return payload ? keyBits + "-bit keys + 64-bit payloads" : keyBits + "-bit keys";
        }
    }

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "--keys32", keys32, 1);
        Checks.atLeast(spec, "--records64", records64, 1);
        Checks.atLeast(spec, "--partitions", partitions, 1);
        Checks.atLeast(spec, "--jobs", jobs, 2);
        Checks.inRange(spec, "--digit-bits", digitBits, RadixSort.MIN_DIGIT_BITS, RadixSort.MAX_DIGIT_BITS);
        List<Case> cases = new ArrayList<>();
        Arrays.stream(keys32).forEach(n -> cases.add(new Case(32, false, n)));
        Arrays.stream(records64).forEach(n -> cases.add(new Case(64, true, n)));
        Path out = Files.createTempDirectory("stormsim-bench-radix-sort");
        System.err.println("bench radix-sort: load average before " + Machine.load() + "; libraries and kernel ...");
        List<String> args = new ArrayList<>(List.of(Baseline.NAME, String.valueOf(digitBits)));
        cases.forEach(c -> args.add(c.toString()));
        Path log = out.resolve("baseline.txt");
        // Arrays.parallelSort splits by the common pool's parallelism, whichever pool runs it: set it to 2 there.
        ChildJvm.run(ChildJvm.bench(List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=2"), args),
                "the library and kernel baselines", log);
        Map<String, Double> seconds = new HashMap<>();
        double bandwidth = Double.NaN;
        for (String line : Files.readAllLines(log)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[0].equals("RESULT")) {
                seconds.put(f[1] + " " + f[2], Double.parseDouble(f[3]));
            } else if (f.length == 2 && f[0].equals("BANDWIDTH")) {
                bandwidth = Double.parseDouble(f[1]);
            }
        }
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, " + Machine.cpuModel()
                + ", " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB; copy bandwidth (read + write) "
                + String.format("%.1f GB/s", bandwidth / 1e9) + "; uniform keys, " + digitBits + "-bit digits");
        System.out.println();
        System.out.println("| keys | records | method | s/sort | Mkeys/s | MB between partitions per pass"
                + " | phases ms: load / place / permute / count | same bits as the kernel |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        try (LocalCluster cluster = new LocalCluster()) {
            for (Case c : cases) {
                int passes = RadixSort.passes(c.keyBits, digitBits);
                double boundSeconds = (double) c.n * (2.0 * passes * c.recordBytes() + c.keyBits / 8) / bandwidth;
                row(c, "memory-bandwidth bound (" + passes + " passes, read + write each)", boundSeconds, "", "", "");
                String keysOnly = c.payload ? " (keys alone)" : "";
                row(c, "Arrays.sort" + keysOnly, seconds.get(c + " sort"), "", "", "");
                row(c, "Arrays.parallelSort, 2 threads" + keysOnly, seconds.get(c + " parallelSort"), "", "", "");
                row(c, "radix kernel, sequential", seconds.get(c + " radix"), "", "", "");
                String[] expected = expectedHashes(c);
                for (int p : partitions) {
                    topology(cluster, c, p, out.resolve(c.toString().replace(':', '-') + "-" + p), expected);
                }
            }
        }
        return 0;
    }

    private static void row(Case c, String method, double seconds, String bytes, String phases, String sameBits) {
        System.out.printf("| %,d | %s | %s | %.4f | %.1f | %s | %s | %s |%n", c.n, c.kind(), method, seconds,
                c.n / seconds / 1e6, bytes, phases, sameBits);
    }

    /** The bits hash of each job's records sorted by the kernel, as the sink computes it. */
    private String[] expectedHashes(Case c) {
        String[] hashes = new String[jobs];
        RadixSort kernel = new RadixSort(digitBits);
        for (int job = 0; job < jobs; job++) {
            SortRecords r = KeyGenerator.UNIFORM.generate(c.keyBits, c.n, c.payload, SEED + job);
            kernel.sort(r);
            hashes[job] = Long.toHexString(SortSinkBolt.bitsHash(r));
        }
        return hashes;
    }

    /** One topology run; its row: the jobs after the first, their latency less the load stage. */
    private void topology(LocalCluster cluster, Case c, int p, Path dir, String[] expected) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("keys", String.valueOf(c.n));
        props.put("key.bits", String.valueOf(c.keyBits));
        props.put("payload", String.valueOf(c.payload));
        props.put("digit.bits", String.valueOf(digitBits));
        props.put("generator", "uniform");
        props.put("seed", String.valueOf(SEED));
        props.put("partitions", String.valueOf(p));
        props.put("jobs", String.valueOf(jobs));
        props.put("jobs.in.flight", "1");
        props.put("write.output", "false");
        props.put("output.dir", dir.toString());
        System.err.println("bench radix-sort: topology, " + c.kind() + ", " + c.n + " keys, " + p + " partitions ...");
        LocalRun.run(cluster, TopologyFile.load(yaml, null, props, false), Duration.ofHours(1));
        List<String> lines = Files.readAllLines(dir.resolve(SortSinkBolt.JOBS_CSV));
        List<String> header = List.of(lines.get(0).split(","));
        int latency = header.indexOf("latency_ms"), load = header.indexOf("load_ms"), firstBytes = header.indexOf("bytes_pass_0");
        int hash = header.indexOf("bits_hash");
        double[] sum = new double[5];
        double bytes = 0;
        int measured = 0, movedPasses = 0;
        boolean sameBits = lines.size() == jobs + 1;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            int job = Integer.parseInt(f[0]);
            sameBits &= f[hash].equals(expected[job]);
            if (job == 0) {
                continue;
            }
            measured++;
            for (int k = 0; k < 5; k++) {
                sum[k] += Double.parseDouble(f[latency + k]);
            }
            for (int b = firstBytes; b < hash; b++) {
                long passBytes = Long.parseLong(f[b]);
                bytes += passBytes;
                movedPasses += passBytes > 0 ? 1 : 0;
            }
        }
        double perJob = (sum[0] - sum[1]) / measured / 1e3;
        row(c, "topology, " + p + " partition" + (p == 1 ? "" : "s") + " (latency less load)", perJob,
                movedPasses == 0 ? "0" : String.format("%.1f", bytes / movedPasses / 1e6),
                String.format("%.0f / %.0f / %.0f / %.0f", sum[1] / measured, sum[2] / measured, sum[3] / measured,
                        sum[4] / measured), sameBits ? "yes" : "NO");
    }

    /**
     * The libraries and the kernel, in a JVM of its own: for each case "32:N" or "64p:N" the best of a few
     * timed sorts of uniform records after one warm-up, as lines {@code RESULT case method seconds}, and the
     * copy bandwidth as {@code BANDWIDTH bytes/s}. The libraries sort the keys alone (they cannot carry payloads).
     */
    @Command(name = Baseline.NAME, hidden = true)
    static final class Baseline implements Callable<Integer> {
        static final String NAME = "radix-sort-baseline";
        @Parameters(index = "0")
        private int digitBits;
        @Parameters(index = "1..*")
        private List<String> cases;

        @Override
        public Integer call() {
            if (ForkJoinPool.getCommonPoolParallelism() != 2) {
                throw new IllegalStateException("the common pool's parallelism is " + ForkJoinPool.getCommonPoolParallelism()
                        + ", the baseline needs 2 (-Djava.util.concurrent.ForkJoinPool.common.parallelism=2)");
            }
            System.out.printf("BANDWIDTH %.6g%n", bandwidth());
            RadixSort kernel = new RadixSort(digitBits);
            for (String s : cases) {
                Case c = Case.parse(s);
                SortRecords input = KeyGenerator.UNIFORM.generate(c.keyBits, c.n, c.payload, SEED);
                int timed = c.n >= 10_000_000 ? 3 : 7;
                System.out.printf("RESULT %s sort %.6g%n", c, best(timed, () -> librarySort(input, false)));
                System.out.printf("RESULT %s parallelSort %.6g%n", c, best(timed, () -> librarySort(input, true)));
                System.out.printf("RESULT %s radix %.6g%n", c, best(timed, () -> {
                    SortRecords r = input.copyOfRange(0, input.size());
                    long t = System.nanoTime();
                    kernel.sort(r);
                    return System.nanoTime() - t;
                }));
            }
            return 0;
        }

        /** Nanoseconds of a library sort of a fresh copy of the keys, sign bits flipped for unsigned order. */
        private static long librarySort(SortRecords in, boolean parallel) {
            if (in.keyBits() == 32) {
                int[] a = Arrays.copyOf(in.intKeys(), in.size());
                Arrays.setAll(a, i -> a[i] ^ Integer.MIN_VALUE);
                long t = System.nanoTime();
                if (parallel) {
                    Arrays.parallelSort(a);
                } else {
                    Arrays.sort(a);
                }
                return System.nanoTime() - t;
            }
            long[] a = Arrays.copyOf(in.longKeys(), in.size());
            Arrays.setAll(a, i -> a[i] ^ Long.MIN_VALUE);
            long t = System.nanoTime();
            if (parallel) {
                Arrays.parallelSort(a);
            } else {
                Arrays.sort(a);
            }
            return System.nanoTime() - t;
        }

        /** Seconds of the fastest of one warm-up and {@code timed} runs, the warm-up not counted. */
        private static double best(int timed, java.util.function.LongSupplier runNanos) {
            runNanos.getAsLong();
            long best = Long.MAX_VALUE;
            for (int r = 0; r < timed; r++) {
                best = Math.min(best, runNanos.getAsLong());
            }
            return best / 1e9;
        }

        /** Bytes read plus bytes written per second by System.arraycopy of 256 MiB, the best of 5. */
        private static double bandwidth() {
            long[] src = new long[1 << 25], dst = new long[1 << 25];
            Arrays.fill(src, 1);
            double best = best(5, () -> {
                long t = System.nanoTime();
                System.arraycopy(src, 0, dst, 0, src.length);
                return System.nanoTime() - t;
            });
            return 2.0 * src.length * Long.BYTES / best;
        }
    }
}
