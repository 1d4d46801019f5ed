package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortRecords;
import io.stormsim.spouts.JobSpout;
import java.util.List;
import java.util.Map;

/**
 * The first stage of a sort job: each partition makes (generator) or reads (input file) its stripe, the
 * balanced range of the input records it owns, and hands it to its own partition of the first pass, with
 * the stripe's counts of the first digit to every partition (the scan's inputs). Nothing moves between
 * partitions yet.
 */
public class LoadBolt extends SortBolt {
    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(JobSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(CHUNKS);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        JobCommand job = in.one(JobSpout.STREAM);
        long start = System.nanoTime();
        SortRecords stripe = config.stripe(job.job, partition, partitions);
        long loaded = System.nanoTime();
        Chunk[] out = {Chunk.toSelf(partition, stripe)};
        long[] histograms = histograms(out, 0);
        long[] stats = SortStats.empty();
        stats[SortStats.at(0, SortStats.LOAD_NS)] = loaded - start;
        stats[SortStats.at(0, SortStats.COUNT_NS)] = System.nanoTime() - loaded;
        emitToSelf(CHUNKS, step, job, out, histograms, stats);
    }
}
