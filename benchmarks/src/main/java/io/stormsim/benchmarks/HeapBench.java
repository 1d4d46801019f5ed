package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The heap a topology needs at each of several values of its size key, against the workload's estimate
 * ({@link HeapCheck#estimate}, what the launcher checks): where the bytes-per-item figures of docs/performance/
 * ("Heap per workload") come from. Each value runs in JVMs of its own on an embedded LocalCluster: once at a
 * generous heap with a full collection every {@value #GC_EVERY_MS} ms (the largest heap after any collection,
 * as for Barnes-Hut's figure), then at the heaps a bisection tries, down to the smallest that completes the run.
 */
@Command(name = "heap", sortOptions = false,
        description = {"Live heap of a topology on a LocalCluster at each value of one key (a JVM each), against the"
                + " launcher's estimate (docs/performance/README.md#heap-per-workload)."},
        footer = {"e.g. stormsim bench heap flux-configs/fft.yaml m 18,20,22 --heap 4g      stormsim bench heap flux-configs/matmul.yaml n 512,1024 --set block=256"})
public final class HeapBench implements Callable<Integer> {
    private static final long GC_EVERY_MS = 200;
    private static final String RESULT_FILE = "heap-after-gc.txt";
    private static final long PRECISION_MIB = 16;

    @Parameters(index = "0", paramLabel = "TOPOLOGY.yaml", description = "the topology")
    private Path yaml;
    @Parameters(index = "1", paramLabel = "KEY", description = "the size property (as for --set), e.g. m")
    private String key;
    @Parameters(index = "2", paramLabel = "VALUES", split = ",", description = "its values, one run each")
    private List<String> values;
    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "other properties, as for stormsim run")
    private Map<String, String> set = new HashMap<>();
    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "4g", description = "-Xmx of each run's JVM (default: ${DEFAULT-VALUE})")
    private String heap;
    @Option(names = "--no-bisect", description = "only the run at --heap: no search for the smallest heap")
    private boolean noBisect;

    @Override
    public Integer call() throws Exception {
        Path out = Files.createTempDirectory("stormsim-bench-heap");
        System.out.println("machine (this JVM; the runs have their own heaps): " + Machine.line() + "; " + yaml + " "
                + set + "; each run in a JVM of its own, a full GC every " + GC_EVERY_MS + " ms; the smallest -Xmx that completes the run found by"
                + " bisection to 5% or " + PRECISION_MIB + " MiB (an OutOfMemoryError ends the JVM)");
        System.out.println();
        System.out.println("| " + key + " | largest heap after GC at -Xmx" + heap + ", MiB | smallest -Xmx that runs, MiB"
                + " | estimate (1 worker), MiB | estimate / smallest |");
        System.out.println("|---|---:|---:|---:|---:|");
        long heapMib = parseMib(heap);
        for (String value : values) {
            Map<String, String> props = new HashMap<>(set);
            props.put(key, value);
            Path dir = out.resolve(key + "-" + value);
            Files.createDirectories(dir);
            props.put("output.dir", dir.resolve("output").toString());
            TopologyFile topology = TopologyFile.load(yaml, null, props, false);
            long estimate = HeapCheck.estimate(topology, 1);
            long t0 = System.nanoTime();
            if (!runs(props, dir, heapMib, Duration.ofHours(1))) {
                throw new BenchException("the run with " + key + " = " + value + " failed with -Xmx" + heap + ", see "
                        + dir.resolve("log.txt"));
            }
            Duration patience = Duration.ofSeconds(60).plusNanos(5 * (System.nanoTime() - t0));
            long measured = Long.parseLong(Files.readString(dir.resolve(RESULT_FILE)).trim());
            // the live peak is near the largest heap after GC: bracket it there first, then halve the bracket
            long lo = Math.max(PRECISION_MIB, (measured >> 20) / 2), hi = heapMib, first = (measured >> 20) * 5 / 4;
            if (noBisect) {
                lo = hi;
            } else if (first < hi && runs(props, dir, first, patience)) {
                hi = first;
            } else {
                lo = Math.max(lo, first);
            }
            while (hi - lo > Math.max(PRECISION_MIB, hi / 20)) {
                long mid = (lo + hi) / 2;
                if (runs(props, dir, mid, patience)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            System.out.printf("| %s | %.1f | %s | %.1f | %s |%n", value, measured / (double) (1 << 20),
                    noBisect ? "" : String.valueOf(hi), estimate / (double) (1 << 20),
                    noBisect ? "" : String.format("%.2f", estimate / (double) (hi << 20)));
        }
        return 0;
    }

    /** Whether the run completes in a JVM of {@code mib} MiB of heap within {@code patience}. */
    private boolean runs(Map<String, String> props, Path dir, long mib, Duration patience) throws Exception {
        List<String> args = new ArrayList<>(List.of(Run.NAME, yaml.toString(), dir.toString()));
        props.forEach((k, v) -> args.add("--set=" + k + "=" + v));
        Process p = ChildJvm.bench(List.of("-Xmx" + mib + "m", "-XX:+ExitOnOutOfMemoryError"), args)
                .redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile()).start();
        if (!p.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly().waitFor();
            return false;
        }
        return p.exitValue() == 0;
    }

    private static long parseMib(String size) {
        Matcher m = Pattern.compile("(\\d{1,9})([mMgG])").matcher(size);
        if (!m.matches()) {
            throw new IllegalArgumentException("--heap " + size + " is not allowed: give it as 512m or 4g");
        }
        return Long.parseLong(m.group(1)) << (m.group(2).equalsIgnoreCase("g") ? 10 : 0);
    }

    /** One run: the topology on a LocalCluster in this JVM; writes the largest heap after GC to DIR. */
    @Command(name = Run.NAME, hidden = true)
    static final class Run implements Callable<Integer> {
        static final String NAME = "heap-run";
        @Parameters(index = "0")
        private Path yaml;
        @Parameters(index = "1")
        private Path dir;
        @Option(names = "--set")
        private Map<String, String> set = new HashMap<>();

        @Override
        public Integer call() throws Exception {
            TopologyFile topology = TopologyFile.load(yaml, null, set, false);
            HeapAfterGc heap = new HeapAfterGc();
            Thread collector = new Thread(() -> {
                try {
                    while (true) {
                        Thread.sleep(GC_EVERY_MS);
                        System.gc();
                    }
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                }
            }, "heap-bench-gc");
            collector.setDaemon(true);
            collector.start();
            try (LocalCluster cluster = new LocalCluster()) {
                LocalRun.run(cluster, topology, Duration.ofHours(1));
            }
            collector.interrupt();
            Files.writeString(dir.resolve(RESULT_FILE), String.valueOf(heap.maxBytes()));
            return 0;
        }
    }
}
