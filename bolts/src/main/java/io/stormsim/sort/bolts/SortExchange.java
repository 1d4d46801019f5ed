package io.stormsim.sort.bolts;

import io.stormsim.run.JobCommand;
import io.stormsim.sort.RadixPartition.Chunk;

/**
 * One message of a sort job between two stages: the records one partition sends another ({@code chunks}: its
 * stripe to itself from the load, one chunk a destination from the split, its sorted range to the sink; a
 * chunk may view part of a larger array, which nobody writes once it is sent), the sender's sample of its
 * stripe for the splitters ({@code samples}, from the load; empty otherwise), and the job's statistics so far
 * ({@link SortStats}). Read-only once sent.
 */
public final class SortExchange {
    public final JobCommand job;
    public final Chunk[] chunks;
    public final long[] samples;
    public final long[] stats;

    public SortExchange(JobCommand job, Chunk[] chunks, long[] samples, long[] stats) {
        this.job = job;
        this.chunks = chunks;
        this.samples = samples;
        this.stats = stats;
    }
}
