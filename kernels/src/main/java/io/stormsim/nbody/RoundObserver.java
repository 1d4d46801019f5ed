package io.stormsim.nbody;

/**
 * Watches the phases of a Barnes-Hut round as {@link SequentialSimulation} and {@link PartitionedRun} run them:
 * what the benchmarks measure (phase times, the objects a phase leaves live, the messages between partitions).
 * The simulation's results never depend on it.
 */
public interface RoundObserver {
    RoundObserver NONE = new RoundObserver() {
    };

    /** Phase {@code phase} of {@code partition} (0 in a sequential round) took {@code nanos} and left {@code live}. */
    default void phase(String phase, int partition, long nanos, Object... live) {
    }

    /** Partition {@code from} sends {@code payload} to partition {@code to} on {@code stream} (never to itself). */
    default void sent(String stream, int from, int to, Object payload) {
    }
}
