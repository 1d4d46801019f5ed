package io.stormsim.matmul.bolts;

import io.stormsim.matmul.BlockSet;
import io.stormsim.run.JobCommand;

/**
 * Blocks of one job's matrices on their way between phases, with the job they belong to and the CPU time
 * its phases took so far, for the result's per-job account (jobs.csv). A broadcast message carries its
 * sender's step; multiply task p's message carries its own step and that of broadcast task p (which sends
 * to p on both streams), so that the result, summing its inputs, counts every task of every phase once.
 */
public final class JobBlocks {
    public final JobCommand job;
    public final BlockSet blocks;
    /** CPU nanoseconds of the broadcast step(s) this message accounts for. */
    public final long broadcastCpuNanos;
    /** CPU nanoseconds of the multiply step this message accounts for (0 from the broadcast phase). */
    public final long multiplyCpuNanos;

    public JobBlocks(JobCommand job, BlockSet blocks, long broadcastCpuNanos, long multiplyCpuNanos) {
        this.job = job;
        this.blocks = blocks;
        this.broadcastCpuNanos = broadcastCpuNanos;
        this.multiplyCpuNanos = multiplyCpuNanos;
    }
}
