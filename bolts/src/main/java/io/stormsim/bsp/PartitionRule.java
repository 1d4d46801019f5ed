package io.stormsim.bsp;

import java.util.Optional;

/**
 * Which partition counts a workload's phase bolts may run with, stated once: the launcher applies it to the
 * YAML's parallelism before submitting, and every phase task to its own count when it starts.
 */
@FunctionalInterface
public interface PartitionRule {
    /** Every count. */
    PartitionRule ANY = partitions -> Optional.empty();

    /** Why {@code partitions} is not allowed, as it ends "parallelism = N is not allowed...", or empty. */
    Optional<String> rejects(int partitions);
}
