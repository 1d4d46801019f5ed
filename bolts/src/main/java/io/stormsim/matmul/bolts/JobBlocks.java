package io.stormsim.matmul.bolts;

import io.stormsim.matmul.BlockSet;
import io.stormsim.run.JobCommand;

/** Blocks of one job's matrices on their way between phases, with the job they belong to. */
public final class JobBlocks {
    public final JobCommand job;
    public final BlockSet blocks;

    public JobBlocks(JobCommand job, BlockSet blocks) {
        this.job = job;
        this.blocks = blocks;
    }
}
