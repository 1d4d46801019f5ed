package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.KeySplitters;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.RecordPool;
import io.stormsim.spouts.JobSpout;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The first stage of a sort job: each partition makes (generator) or reads (input file) its stripe, the
 * balanced range of the input records it owns, and hands it to its own partition of the split stage, with a
 * regular sample of it to every partition (the splitters' input; none at one partition). Nothing moves
 * between partitions yet.
 */
public class LoadBolt extends SortBolt {
    /** The stripes' buffers, reused once this partition's split has released them. */
    private transient RecordPool pool;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(JobSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(CHUNKS);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        pool = new RecordPool();
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        JobCommand job = in.one(JobSpout.STREAM);
        long start = System.nanoTime();
        Chunk stripe = config.stripe(job.job, partition, partitions, pool);
        long loaded = System.nanoTime();
        long[] sample = partitions == 1 ? new long[0]
                : KeySplitters.sample(stripe.records(), RadixPartition.rangeStart(config.keys(), partitions, partition));
        Chunk[] mine = {stripe}, none = {};
        long[] stats = SortStats.empty();
        stats[SortStats.at(SortStats.LOAD, SortStats.INPUT_NS)] = loaded - start;
        SortStats.stamp(stats, SortStats.LOAD, loaded, System.nanoTime() - loaded, 0);
        emitToEach(CHUNKS, step, q -> new SortExchange(job, q == partition ? mine : none, sample, stats));
    }
}
