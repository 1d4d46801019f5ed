package io.stormsim.bsp;

/** How many messages a task receives on an input stream per step. */
public enum FanIn {
    /** One from every task of the source component (all-to-all exchanges, reductions, the trigger). */
    EACH_SOURCE_TASK,
    /** One, from the source task with this task's index (a partition handing its state to its next phase). */
    SAME_PARTITION
}
