package io.stormsim.bsp;

import java.util.Optional;

/**
 * A step bolt that gathers what every partition sends it (diagnostics, a job's result) and so must run
 * as exactly one task, whatever the number of partitions. Rebalancing leaves it alone.
 */
public interface SingleTask {
    /** The rule for such bolts. */
    PartitionRule ONE_TASK = tasks -> tasks == 1 ? Optional.empty()
            : Optional.of(": it gathers every partition's output and must have parallelism 1");
}
