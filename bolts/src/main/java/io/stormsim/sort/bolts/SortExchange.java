package io.stormsim.sort.bolts;

import io.stormsim.run.JobCommand;
import io.stormsim.sort.RadixPartition.Chunk;

/**
 * One message of a sort job between two stages: the records one partition sends another ({@code chunks}: one
 * to a partition, all of the sender's to the sink; a chunk may view part of a larger array, which nobody
 * writes once it is sent), the sender's counts of the next
 * pass's digit over what it sends each destination ({@code histograms}: destination q's counts at
 * {@code q * radix}; empty after the last pass), and the job's statistics so far ({@link SortStats}).
 * Read-only once sent.
 */
public final class SortExchange {
    public final JobCommand job;
    public final Chunk[] chunks;
    public final long[] histograms;
    public final long[] stats;

    public SortExchange(JobCommand job, Chunk[] chunks, long[] histograms, long[] stats) {
        this.job = job;
        this.chunks = chunks;
        this.histograms = histograms;
        this.stats = stats;
    }
}
