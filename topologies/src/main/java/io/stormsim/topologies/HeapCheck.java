package io.stormsim.topologies;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.apache.storm.utils.ObjectReader;

/**
 * Refuses, before submitting, a run whose sizes cannot fit the heap it will have: a LocalCluster's workers
 * share this JVM's heap; a cluster's worker has the {@code -Xmx} of {@code topology.worker.childopts}, or
 * what Storm gives it (the on-heap memory of its executors, 128 MB each by default).
 */
public final class HeapCheck {
    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");
    private static final long STORM_DEFAULT_EXECUTOR_MB = 128;

    private HeapCheck() {
    }

    /** The run on an embedded LocalCluster in this JVM. */
    public static void local(TopologyFile topology) throws ConfigException {
        check(topology, heap(topology, 1), Runtime.getRuntime().maxMemory(),
                "this JVM (the embedded cluster) has", "give it more with STORMSIM_JAVA_OPTS=\"-Xmx...\", or submit to a"
                        + " cluster with more workers");
    }

    /** The run submitted to a cluster: each worker holds its share of the partitions. */
    public static void cluster(TopologyFile topology) throws ConfigException {
        int workers = ObjectReader.getInt(topology.config.get(Config.TOPOLOGY_WORKERS), 1);
        check(topology, heap(topology, workers), workerHeap(topology),
                "each worker has", "give more with -Xmx in " + Config.TOPOLOGY_WORKER_CHILDOPTS + ", or more workers");
    }

    /** Bytes of heap one of {@code workers} JVMs needs for the run. */
    public static long estimate(TopologyFile topology, int workers) {
        return heap(topology, workers).bytes();
    }

    /** The heap one of {@code workers} JVMs needs for the run: the workload's estimate for its partition count. */
    private static Workload.Heap heap(TopologyFile topology, int workers) {
        // the phase bolts all run one task per partition; the sinks run one
        int partitions = topology.definition.getBolts().stream().mapToInt(b -> b.getParallelism()).max().orElse(1);
        return topology.settings.heap(partitions, workers);
    }

    /** Tasks of each phase bolt one of {@code workers} holds: Storm spreads a bolt's tasks evenly over them. */
    public static long partitionsPerWorker(int partitions, int workers) {
        return (partitions + workers - 1) / workers;
    }

    /**
     * Jobs a job-stream topology holds at once: its spout's limit {@code inFlight}, at most the stream's
     * {@code jobs} when it is bounded (0: without end).
     */
    public static long jobsInFlight(int inFlight, long jobs) {
        return jobs > 0 ? Math.min(inFlight, jobs) : inFlight;
    }

    private static void check(TopologyFile topology, Workload.Heap needed, long available, String who, String how)
            throws ConfigException {
        if (needed.bytes() <= available) {
            return;
        }
        String key = needed.key();
        throw new ConfigException(key + " = " + topology.config.get(key) + " is not allowed: the run needs about "
                + bytes(needed.bytes()) + " of heap in a JVM (" + needed.basis() + "), and " + who + " "
                + bytes(available) + ": " + how);
    }

    /** The -Xmx the workers are given, else Storm's: the on-heap memory of the executors of one worker. */
    static long workerHeap(TopologyFile topology) {
        Matcher m = XMX.matcher(String.valueOf(topology.config.getOrDefault(Config.TOPOLOGY_WORKER_CHILDOPTS, "")));
        long xmx = -1;
        while (m.find()) {
            xmx = Long.parseLong(m.group(1)) * switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 1L << 10;
                case "m" -> 1L << 20;
                case "g" -> 1L << 30;
                case "t" -> 1L << 40;
                default -> 1L;
            };
        }
        if (xmx > 0) {
            return xmx;
        }
        int executors = topology.definition.getSpouts().stream().mapToInt(s -> s.getParallelism()).sum()
                + topology.definition.getBolts().stream().mapToInt(b -> b.getParallelism()).sum();
        int workers = ObjectReader.getInt(topology.config.get(Config.TOPOLOGY_WORKERS), 1);
        double perExecutorMb = ObjectReader.getDouble(
                topology.config.get(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB), (double) STORM_DEFAULT_EXECUTOR_MB);
        return (long) (Math.ceil((double) executors / workers) * perExecutorMb * (1 << 20));
    }

    static String bytes(long b) {
        return b >= 1L << 40 ? String.format(Locale.ROOT, "%.1f TiB", b / (double) (1L << 40))
                : b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MiB", b / (double) (1L << 20));
    }
}
