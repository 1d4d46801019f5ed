package io.stormsim.benchmarks;

import io.stormsim.sort.KeyGenerator;
import io.stormsim.sort.RadixSort;
import io.stormsim.sort.SortRecords;
import io.stormsim.sort.bolts.SortKryo;
import io.stormsim.sort.bolts.SortSinkBolt;
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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The radix sort benchmark, one Markdown table: for each size, uniform 32-bit keys or 64-bit keys with 64-bit
 * payloads, what a user would pick instead (Arrays.sort, Arrays.parallelSort on 2 threads: both on the keys
 * alone), the baseline (a plain 8-bit LSD radix sort written here), the sequential radix kernel, and the
 * radix-sort topology on an embedded LocalCluster at each partition count, with the bytes its exchange sends
 * between partitions, the time of each phase, where its latency went (compute, waiting for the slowest
 * partition, Storm's hand-overs, serialization as SortKryo timed it, the rest), and the memory-bandwidth
 * bound of the kernel's passes (every
 * pass reads and writes every record once, at the copy bandwidth measured here); then the skewed inputs
 * (baseline, kernel, topology) with their time over the uniform input's. Library, baseline and kernel times
 * come from a JVM of their own ({@link Baseline}).
 */
@Command(name = "radix-sort", sortOptions = false,
        description = {"Arrays.sort, Arrays.parallelSort (2 threads), a plain 8-bit LSD radix sort, the sequential"
                + " radix kernel and the radix-sort topology (LocalCluster) on uniform and skewed keys; one Markdown"
                + " table (docs/performance/radix-sort.md)."},
        footer = {"e.g. stormsim bench radix-sort      stormsim bench radix-sort --keys32=100000 --records64=100000 --skewed=100000 --jobs=2"})
public final class RadixSortBench implements Callable<Integer> {
    static final long SEED = 42;
    private static final List<KeyGenerator> SKEWED = List.of(KeyGenerator.FEW_DISTINCT, KeyGenerator.HOT_DIGIT,
            KeyGenerator.SORTED, KeyGenerator.REVERSED);

    @Spec
    private CommandSpec spec;
    @Option(names = "--keys32", split = ",", paramLabel = "N", defaultValue = "1000000,10000000",
            description = "sizes of 32-bit key sorts (default: ${DEFAULT-VALUE}; 100000000 needs more than a 6 GB heap)")
    private int[] keys32;
    @Option(names = "--records64", split = ",", paramLabel = "N", defaultValue = "10000000",
            description = "sizes of 64-bit key + 64-bit payload sorts (default: ${DEFAULT-VALUE})")
    private int[] records64;
    @Option(names = "--skewed", split = ",", paramLabel = "N", defaultValue = "10000000",
            description = "sizes of 32-bit key sorts of each skewed input (few-distinct, hot-digit, sorted, reversed),"
                    + " also in --keys32 for the ratio to uniform keys (default: ${DEFAULT-VALUE})")
    private int[] skewed;
    @Option(names = "--partitions", split = ",", paramLabel = "P", defaultValue = "1,2",
            description = "topology partition counts (default: ${DEFAULT-VALUE})")
    private int[] partitions;
    @Option(names = "--jobs", paramLabel = "JOBS", defaultValue = "4",
            description = "jobs of each topology run, one in flight (default: ${DEFAULT-VALUE})")
    private int jobs;
    @Option(names = "--warmup", paramLabel = "JOBS", defaultValue = "1",
            description = "the first JOBS of each topology run are not measured: the JIT still compiles Storm's code"
                    + " for tens of seconds (default: ${DEFAULT-VALUE})")
    private int warmup;
    @Option(names = "--digit-bits", paramLabel = "BITS", defaultValue = "8",
            description = "digit width of the kernel and the topology (default: ${DEFAULT-VALUE})")
    private int digitBits;
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/radix-sort.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    /** One sort: its key width, whether each key has a payload, its size, its input. */
    record Case(int keyBits, boolean payload, int n, KeyGenerator input) {
        static Case parse(String s) {
            String[] f = s.split(":");
            return new Case(Integer.parseInt(f[0].replace("p", "")), f[0].endsWith("p"), Integer.parseInt(f[1]),
                    KeyGenerator.named(f[2]));
        }

        @Override
        public String toString() {
            return keyBits + (payload ? "p" : "") + ":" + n + ":" + input.configName();
        }

        int recordBytes() {
            return keyBits / 8 + (payload ? 8 : 0);
        }

        String kind() {
            return payload ? keyBits + "-bit keys + 64-bit payloads" : keyBits + "-bit keys";
        }

        Case uniform() {
            return new Case(keyBits, payload, n, KeyGenerator.UNIFORM);
        }

        boolean skewed() {
            return input != KeyGenerator.UNIFORM;
        }
    }

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "--keys32", keys32, 1);
        Checks.atLeast(spec, "--records64", records64, 1);
        Checks.atLeast(spec, "--skewed", skewed, 1);
        Checks.atLeast(spec, "--partitions", partitions, 1);
        Checks.atLeast(spec, "--jobs", jobs, 2);
        Checks.inRange(spec, "--warmup", warmup, 0, jobs - 1);
        Checks.inRange(spec, "--digit-bits", digitBits, RadixSort.MIN_DIGIT_BITS, RadixSort.MAX_DIGIT_BITS);
        List<Case> cases = new ArrayList<>();
        Arrays.stream(keys32).forEach(n -> cases.add(new Case(32, false, n, KeyGenerator.UNIFORM)));
        Arrays.stream(records64).forEach(n -> cases.add(new Case(64, true, n, KeyGenerator.UNIFORM)));
        Arrays.stream(skewed).forEach(n -> SKEWED.forEach(g -> cases.add(new Case(32, false, n, g))));
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
                + String.format("%.1f GB/s", bandwidth / 1e9) + "; " + digitBits + "-bit digits; load average before "
                + Machine.load());
        System.out.println();
        System.out.println("| keys | records | input | method | s/sort | Mkeys/s | x uniform | MB between partitions"
                + " | phases ms: load / sample / split / sort / sink | % of s/sort: compute / waiting / hand-over /"
                + " serialization / other | same bits as the kernel |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        Map<String, Double> uniformSeconds = new HashMap<>();
        try (LocalCluster cluster = new LocalCluster()) {
            for (Case c : cases) {
                Table t = new Table(c, uniformSeconds);
                int passes = RadixSort.passes(c.keyBits, digitBits);
                if (!c.skewed()) {
                    double boundSeconds = (double) c.n * (2.0 * passes * c.recordBytes() + c.keyBits / 8) / bandwidth;
                    t.row("memory-bandwidth bound (" + passes + " passes, read + write each)", boundSeconds, "", "", "", "");
                    String keysOnly = c.payload ? " (keys alone)" : "";
                    t.row("Arrays.sort" + keysOnly, seconds.get(c + " sort"), "", "", "", "");
                    t.row("Arrays.parallelSort, 2 threads" + keysOnly, seconds.get(c + " parallelSort"), "", "", "", "");
                }
                t.row(PLAIN, seconds.get(c + " plain"), "", "", "", "");
                t.row("radix kernel, sequential", seconds.get(c + " radix"), "", "", "", "");
                String[] expected = expectedHashes(c);
                for (int p : partitions) {
                    topology(cluster, t, p, out.resolve(c.toString().replace(':', '-') + "-" + p), expected);
                }
            }
        }
        return 0;
    }

    static final String PLAIN = "baseline: plain 8-bit LSD radix sort";

    /** The rows of one case; a skewed case's rows also give their time over the same method's on uniform keys. */
    private static final class Table {
        private final Case c;
        private final Map<String, Double> uniformSeconds;

        Table(Case c, Map<String, Double> uniformSeconds) {
            this.c = c;
            this.uniformSeconds = uniformSeconds;
        }

        void row(String method, double seconds, String bytes, String phases, String shares, String sameBits) {
            String key = c.uniform() + " " + method;
            String ratio = "";
            if (!c.skewed()) {
                uniformSeconds.put(key, seconds);
            } else if (uniformSeconds.containsKey(key)) {
                ratio = String.format("%.2f", seconds / uniformSeconds.get(key));
            }
            System.out.printf("| %,d | %s | %s | %s | %.4f | %.1f | %s | %s | %s | %s | %s |%n", c.n, c.kind(),
                    c.input.configName(), method, seconds, c.n / seconds / 1e6, ratio, bytes, phases, shares, sameBits);
        }
    }

    /** The bits hash of each job's records sorted by the kernel, as the sink computes it. */
    private String[] expectedHashes(Case c) {
        String[] hashes = new String[jobs];
        RadixSort kernel = new RadixSort(digitBits);
        for (int job = 0; job < jobs; job++) {
            SortRecords r = c.input.generate(c.keyBits, c.n, c.payload, SEED + job);
            kernel.sort(r);
            hashes[job] = Long.toHexString(SortSinkBolt.bitsHash(r));
        }
        return hashes;
    }

    /** One topology run; its row: the jobs after the warm-up, their latency less the load stage. */
    private void topology(LocalCluster cluster, Table t, int p, Path dir, String[] expected) throws Exception {
        Case c = t.c;
        Map<String, String> props = new HashMap<>();
        props.put("keys", String.valueOf(c.n));
        props.put("key.bits", String.valueOf(c.keyBits));
        props.put("payload", String.valueOf(c.payload));
        props.put("digit.bits", String.valueOf(digitBits));
        props.put("generator", c.input.configName());
        props.put("seed", String.valueOf(SEED));
        props.put("partitions", String.valueOf(p));
        props.put("jobs", String.valueOf(jobs));
        props.put("jobs.in.flight", "1");
        props.put("write.output", "false");
        props.put("output.dir", dir.toString());
        System.err.println("bench radix-sort: topology, " + c.kind() + ", " + c.n + " " + c.input.configName()
                + " keys, " + p + " partitions ...");
        long serializedBefore = SortKryo.NANOS.sum();
        LocalRun.run(cluster, TopologyFile.load(yaml, null, props, false), Duration.ofHours(1));
        double serializedMs = (SortKryo.NANOS.sum() - serializedBefore) / 1e6 / jobs;
        List<String> lines = Files.readAllLines(dir.resolve(SortSinkBolt.JOBS_CSV));
        List<String> header = List.of(lines.get(0).split(","));
        String[] phases = {"load_ms", "sample_ms", "split_ms", "sort_ms", "sink_ms"};
        String[] where = {"compute_ms", "wait_ms", "handover_ms"};
        int latency = header.indexOf("latency_ms"), bytesColumn = header.indexOf("bytes_moved");
        int hash = header.indexOf("bits_hash");
        double latencySum = 0, bytes = 0;
        double[] sum = new double[phases.length], whereSum = new double[where.length];
        int measured = 0;
        boolean sameBits = lines.size() == jobs + 1;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            int job = Integer.parseInt(f[0]);
            sameBits &= f[hash].equals(expected[job]);
            if (job < warmup) {
                continue;
            }
            measured++;
            latencySum += Double.parseDouble(f[latency]);
            for (int k = 0; k < phases.length; k++) {
                sum[k] += Double.parseDouble(f[header.indexOf(phases[k])]);
            }
            for (int k = 0; k < where.length; k++) {
                whereSum[k] += Double.parseDouble(f[header.indexOf(where[k])]);
            }
            bytes += Long.parseLong(f[bytesColumn]);
        }
        double perJobMs = (latencySum - sum[0]) / measured;
        StringBuilder phaseMs = new StringBuilder();
        for (double ms : sum) {
            phaseMs.append(phaseMs.length() == 0 ? "" : " / ").append(String.format("%.1f", ms / measured));
        }
        // Storm hands tuples within a worker by reference, so the hand-overs hold no serialization unless
        // Kryo ran: its time is taken out of them. Other: the spout's hop to the load and the clock's rounding.
        double compute = whereSum[0] / measured, waiting = whereSum[1] / measured;
        double handOver = whereSum[2] / measured - serializedMs;
        double other = perJobMs - compute - waiting - handOver - serializedMs;
        String shares = String.format("%.0f / %.0f / %.0f / %.0f / %.0f", 100 * compute / perJobMs,
                100 * waiting / perJobMs, 100 * handOver / perJobMs, 100 * serializedMs / perJobMs, 100 * other / perJobMs);
        t.row("topology, " + p + " partition" + (p == 1 ? "" : "s") + " (latency less load)", perJobMs / 1e3,
                String.format("%.1f", bytes / measured / 1e6), phaseMs.toString(), shares, sameBits ? "yes" : "NO");
    }

    /**
     * The libraries, the baseline and the kernel, in a JVM of its own: for each case "32:N:input" or
     * "64p:N:input" the best of a few timed sorts after one warm-up, as lines {@code RESULT case method seconds},
     * and the copy bandwidth as {@code BANDWIDTH bytes/s}. The libraries sort the keys alone (they cannot carry
     * payloads) and only uniform inputs.
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
            PlainRadixSort plain = new PlainRadixSort();
            for (String s : cases) {
                Case c = Case.parse(s);
                SortRecords input = c.input.generate(c.keyBits, c.n, c.payload, SEED);
                // one timed run of the slow library sorts at 1e8 keys and more keeps the bench to minutes
                int timed = c.n >= 100_000_000 ? 1 : c.n >= 10_000_000 ? 3 : 7;
                if (!c.skewed()) {
                    System.out.printf("RESULT %s sort %.6g%n", c, best(timed, () -> librarySort(input, false)));
                    System.out.printf("RESULT %s parallelSort %.6g%n", c, best(timed, () -> librarySort(input, true)));
                }
                int radixTimed = Math.max(timed, 3);
                System.out.printf("RESULT %s plain %.6g%n", c, best(radixTimed, () -> timedSort(input, plain::sort)));
                System.out.printf("RESULT %s radix %.6g%n", c, best(radixTimed, () -> timedSort(input, kernel::sort)));
            }
            return 0;
        }

        /** Nanoseconds of {@code sort} on a fresh copy of the records. */
        private static long timedSort(SortRecords in, java.util.function.Consumer<SortRecords> sort) {
            SortRecords r = in.copyOfRange(0, in.size());
            long t = System.nanoTime();
            sort.accept(r);
            return System.nanoTime() - t;
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

    /**
     * The baseline the kernel is held to: a textbook LSD radix sort in 8-bit digits, each pass a histogram read
     * and a stable scatter between two buffers (keys alone, or keys with their payloads), nothing skipped.
     */
    static final class PlainRadixSort {
        private int[] intBuffer = new int[0];
        private long[] longBuffer = new long[0];
        private long[] payloadBuffer = new long[0];

        void sort(SortRecords r) {
            int n = r.size();
            if (r.keyBits() == 32 && !r.hasPayloads()) {
                if (intBuffer.length < n) {
                    intBuffer = new int[n];
                }
                int[] src = r.intKeys(), dst = intBuffer;
                for (int shift = 0; shift < 32; shift += 8) {
                    int[] next = offsets(src, n, shift);
                    for (int i = 0; i < n; i++) {
                        int k = src[i];
                        dst[next[(k >>> shift) & 0xFF]++] = k;
                    }
                    int[] t = src;
                    src = dst;
                    dst = t;
                }
            } else if (r.keyBits() == 64 && r.hasPayloads()) {
                if (longBuffer.length < n) {
                    longBuffer = new long[n];
                    payloadBuffer = new long[n];
                }
                long[] src = r.longKeys(), dst = longBuffer, srcPay = r.payloads(), dstPay = payloadBuffer;
                for (int shift = 0; shift < 64; shift += 8) {
                    int[] next = offsets(src, n, shift);
                    for (int i = 0; i < n; i++) {
                        long k = src[i];
                        int to = next[(int) (k >>> shift) & 0xFF]++;
                        dst[to] = k;
                        dstPay[to] = srcPay[i];
                    }
                    long[] t = src;
                    src = dst;
                    dst = t;
                    t = srcPay;
                    srcPay = dstPay;
                    dstPay = t;
                }
            } else {
                throw new IllegalArgumentException("the baseline sorts 32-bit keys or 64-bit records, not " + r);
            }
        }

        /** Each 8-bit digit value's first output position. */
        private static int[] offsets(int[] keys, int n, int shift) {
            int[] count = new int[256];
            for (int i = 0; i < n; i++) {
                count[(keys[i] >>> shift) & 0xFF]++;
            }
            return exclusiveSums(count);
        }

        private static int[] offsets(long[] keys, int n, int shift) {
            int[] count = new int[256];
            for (int i = 0; i < n; i++) {
                count[(int) (keys[i] >>> shift) & 0xFF]++;
            }
            return exclusiveSums(count);
        }

        private static int[] exclusiveSums(int[] count) {
            for (int v = 0, sum = 0; v < 256; v++) {
                int c = count[v];
                count[v] = sum;
                sum += c;
            }
            return count;
        }
    }
}
