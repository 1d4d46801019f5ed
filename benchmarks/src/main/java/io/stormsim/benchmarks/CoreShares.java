package io.stormsim.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import io.stormsim.nbody.bolts.Phase;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * What the cores of this JVM did between two snapshots, as CPU seconds: the Barnes-Hut phase bolts' executor
 * threads (their own computation, as their timers see it, plus Storm's handling of their tuples), the JIT's
 * compiler threads, the garbage collector's threads, and everything else (Storm's other executors and
 * timers, its ZooKeeper, the spout, the acker, the sink); the cores' idle time is what is left of
 * cores x wall. Why: a phase's wall above its CPU says it waited for a core, not who had it; on two cores
 * with two partitions every other thread's CPU comes out of a walk.
 *
 * <p>The phase threads are found by Storm's executor thread names ({@code Thread-N-<component>-executor[...]},
 * the components named as {@link Phase}'s constants in the topology); the compiler and collector threads,
 * which the JVM hides from {@link ThreadMXBean}, by their names in Linux's {@code /proc/self/task/}{@code *}{@code /comm}
 * (CPU in its clock ticks of 10 ms). Without {@code /proc} (not Linux) JIT and GC read as NaN.
 */
final class CoreShares {
    /** Linux's USER_HZ: {@code /proc} counts CPU time in hundredths of a second. */
    private static final double SECONDS_PER_TICK = 0.01;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String[] PHASE_COMPONENTS = Arrays.stream(Phase.values())
            .map(p -> "-" + p.name().toLowerCase().replace('_', '-') + "-executor").toArray(String[]::new);

    /** CPU seconds since the JVM started, and the wall time of the snapshot. */
    record Snapshot(long nanoTime, double process, double phases, double jit, double gc) {
    }

    /** The shares between two snapshots, each in seconds of CPU per second of wall. */
    record Shares(double seconds, double phases, double jit, double gc, double rest, double idle) {
    }

    private CoreShares() {
    }

    static Snapshot now() {
        double process = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        double phases = 0;
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && isPhase(info.getThreadName())) {
                phases += Math.max(0, THREADS.getThreadCpuTime(info.getThreadId())) / 1e9;
            }
        }
        double jit = 0, gc = 0;
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return new Snapshot(System.nanoTime(), process, phases, Double.NaN, Double.NaN);
        }
        try (Stream<Path> list = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) list::iterator) {
                String name;
                String stat;
                try {
                    name = Files.readString(task.resolve("comm")).strip();
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                // utime and stime are fields 14 and 15, the 12th and 13th after the parenthesised name
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                double cpu = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * SECONDS_PER_TICK;
                if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                    jit += cpu;
                } else if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
                    gc += cpu;
                }
            }
        } catch (IOException e) {
            return new Snapshot(System.nanoTime(), process, phases, Double.NaN, Double.NaN);
        }
        return new Snapshot(System.nanoTime(), process, phases, jit, gc);
    }

    /** What the cores did from {@code a} to {@code b}, per second of wall: each share in cores (0..cores). */
    static Shares between(Snapshot a, Snapshot b, int cores) {
        double wall = (b.nanoTime - a.nanoTime) / 1e9;
        double process = (b.process - a.process) / wall, phases = (b.phases - a.phases) / wall;
        double jit = (b.jit - a.jit) / wall, gc = (b.gc - a.gc) / wall;
        return new Shares(wall, phases, jit, gc, process - phases - jit - gc, cores - process);
    }

    private static boolean isPhase(String threadName) {
        for (String component : PHASE_COMPONENTS) {
            if (threadName.contains(component)) {
                return true;
            }
        }
        return false;
    }
}
