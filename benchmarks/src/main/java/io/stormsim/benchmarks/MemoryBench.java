package io.stormsim.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Heap needed by the sequential kernel (the memory part of {@link ScalingStudy}). Runs rounds of the
 * sequential phases and measures, per round, the live heap at every phase boundary (a full GC there,
 * with that phase's structures still referenced), the largest heap occupancy seen by the collector
 * (before any GC: live data plus garbage) and the largest occupancy right after any GC. With {@code --probe} it
 * only runs the rounds and prints {@code PROBE OK} (bench scaling uses it to find the smallest
 * -Xmx that runs a round).
 */
@Command(name = "memory", sortOptions = false,
        description = {"Heap the sequential kernel needs: live heap at each phase boundary, bytes per body (the memory part"
                + " of bench scaling; give the heap with STORMSIM_JAVA_OPTS)."})
public final class MemoryBench implements Callable<Integer> {
    /** The phases after which the live heap is measured: where the round's big structures are live. */
    private static final Set<String> MEASURED_PHASES = Set.of(SequentialSimulation.SORT, SequentialSimulation.TREE,
            SequentialSimulation.FORCE);

    @Option(names = "--n", paramLabel = "N", defaultValue = "1000000", description = "bodies (default: ${DEFAULT-VALUE})")
    private int n;
    @Option(names = "--rounds", paramLabel = "R", defaultValue = "3", description = "rounds (default: ${DEFAULT-VALUE})")
    private int rounds;
    @Option(names = "--probe", description = "only run the rounds and print PROBE OK: does this heap suffice?")
    private boolean probe;

    @Override
    public Integer call() {
        Parameters params = Parameters.of(0, ScalingBench.DT, ScalingBench.THETA, ScalingBench.EPSILON);
        if (probe) {
            SequentialPhases sim = new SequentialPhases(PlummerSphere.generate(n, 42), params);
            double[] s = new double[SequentialPhases.PHASES.length];
            for (int r = 0; r < rounds; r++) {
                sim.round(s, SequentialPhases.Probe.NONE);
            }
            System.out.printf("PROBE OK N=%d rounds=%d max heap %d MiB%n", n, rounds,
                    Runtime.getRuntime().maxMemory() >> 20);
            return 0;
        }
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        AtomicLong maxBeforeGc = new AtomicLong(), maxAfterGc = new AtomicLong();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
                if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    return;
                }
                var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                long before = 0, after = 0;
                for (MemoryUsage u : info.getGcInfo().getMemoryUsageBeforeGc().values()) {
                    before += u.getUsed();
                }
                for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) {
                    after += u.getUsed();
                }
                maxBeforeGc.accumulateAndGet(before, Math::max);
                maxAfterGc.accumulateAndGet(after, Math::max);
            }, null, null);
        }
        System.gc();
        long baseline = mem.getHeapMemoryUsage().getUsed();
        var initial = PlummerSphere.generate(n, 42);
        SequentialPhases sim = new SequentialPhases(initial, params);
        initial = null;
        System.gc();
        long state = mem.getHeapMemoryUsage().getUsed() - baseline;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
        maxBeforeGc.set(0);
        maxAfterGc.set(0);
        Map<String, Long> livePeak = new LinkedHashMap<>();
        long[] cells = new long[1];
        SequentialPhases.Probe atPhase = (phase, live) -> {
            if (!MEASURED_PHASES.contains(phase)) {
                return;
            }
            System.gc();
            long used = mem.getHeapMemoryUsage().getUsed() - baseline;
            livePeak.merge(phase, used, Math::max);
            for (Object o : live) {
                if (o instanceof Octree t) {
                    cells[0] = t.cellCount;
                }
            }
            if (live.length > 0 && live[0] instanceof Gravity.Field f && f.ax.length < 0) {
                throw new AssertionError(); // keeps the field reachable up to here
            }
        };
        double[] s = new double[SequentialPhases.PHASES.length];
        long t0 = System.nanoTime();
        for (int r = 0; r < rounds; r++) {
            sim.round(s, atPhase);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.gc();
        long after = mem.getHeapMemoryUsage().getUsed() - baseline;
        long poolPeaks = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                poolPeaks += p.getPeakUsage().getUsed();
            }
        }
        long maxLive = livePeak.values().stream().mapToLong(Long::longValue).max().orElse(0);
        double mib = 1 << 20;
        System.out.println("machine: " + Machine.line() + "; GC: " + gcNames());
        System.out.printf("N = %d, %d rounds (%.1f s with a full GC at every phase boundary)%n", n, rounds, seconds);
        System.out.println();
        System.out.println("| what | MiB | bytes per body |");
        System.out.println("|---|---:|---:|");
        System.out.printf("| JVM baseline before the bodies (not counted below) | %.1f | |%n", baseline / mib);
        System.out.printf("| state between rounds (the bodies) | %.1f | %.1f |%n", state / mib, (double) state / n);
        for (var e : livePeak.entrySet()) {
            System.out.printf("| live after phase %s (full GC there) | %.1f | %.1f |%n", e.getKey(), e.getValue() / mib,
                    (double) e.getValue() / n);
        }
        System.out.printf("| largest occupancy right after any GC (a young GC leaves old garbage: an upper bound of the live set) | %.1f | %.1f |%n", (maxAfterGc.get() - baseline) / mib,
                (double) (maxAfterGc.get() - baseline) / n);
        System.out.printf("| largest occupancy before any GC (live + garbage) | %.1f | %.1f |%n",
                (maxBeforeGc.get() - baseline) / mib, (double) (maxBeforeGc.get() - baseline) / n);
        System.out.printf("| sum of heap pools' peak usage (upper bound) | %.1f | %.1f |%n", (poolPeaks - baseline) / mib,
                (double) (poolPeaks - baseline) / n);
        System.out.printf("| after the rounds (full GC) | %.1f | %.1f |%n", after / mib, (double) after / n);
        System.out.println();
        double cellsPerBody = (double) cells[0] / n;
        System.out.printf("tree: %d cells = %.3f per body; by layout: bodies 72 B/body, keys 8, tree %.1f"
                        + " (cells %.3f x (%d x 8 + %d x 4) + body %d x 8 + id 8), field 40 B/body%n", cells[0],
                cellsPerBody, cellsPerBody * (Octree.CELL_STRIDE * 8 + Octree.LINK_STRIDE * 4)
                        + Octree.BODY_STRIDE * 8 + 8, cellsPerBody, Octree.CELL_STRIDE, Octree.LINK_STRIDE,
                Octree.BODY_STRIDE);
        System.out.printf("MEMORY n=%d max_live_bytes=%d per_body=%.1f%n", n, maxLive, (double) maxLive / n);
        return 0;
    }

    private static String gcNames() {
        StringBuilder sb = new StringBuilder();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(gc.getName());
        }
        return sb.toString();
    }
}
