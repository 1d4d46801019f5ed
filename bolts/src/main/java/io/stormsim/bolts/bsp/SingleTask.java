package io.stormsim.bolts.bsp;

/**
 * A step bolt that gathers what every partition sends it (diagnostics, a job's result) and so must run
 * as exactly one task, whatever the number of partitions. Launchers check the parallelism; rebalancing
 * leaves it alone.
 */
public interface SingleTask {
}
