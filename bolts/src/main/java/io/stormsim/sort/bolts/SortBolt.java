package io.stormsim.sort.bolts;

import io.stormsim.bsp.StepBolt;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.DigitHistogram;
import io.stormsim.sort.RadixPartition.Chunk;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A radix sort stage: a {@link StepBolt} with the run's settings and what its stages share. */
abstract class SortBolt extends StepBolt {
    /** Records on their way to the next stage's partitions. */
    public static final String CHUNKS = "chunks";
    /** Every partition's records after the last stage, to the sink. */
    public static final String SORTED = "sorted";

    protected transient SortConfig config;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = SortConfig.from(conf);
    }

    /** Sends {@code mine} to this partition of the next stage, and no chunks to the others. */
    protected void emitToSelf(String stream, long step, JobCommand job, Chunk[] mine, long[] histograms,
                              long[] stats) {
        Chunk[] none = new Chunk[0];
        emitToEach(stream, step, q -> new SortExchange(job, q == partition ? mine : none, histograms, stats));
    }

    /**
     * The counts of digit {@code pass} over what {@code out} sends each destination (destination q's at
     * {@code q * radix}), or an empty array after the last pass.
     */
    protected long[] histograms(Chunk[] out, int pass) {
        if (pass >= config.passes()) {
            return new long[0];
        }
        long[] h = new long[partitions * config.radix()];
        for (Chunk c : out) {
            DigitHistogram.add(c.records(), c.from(), c.count(), pass, config.digitBits(), h,
                    c.destination() * config.radix());
        }
        return h;
    }
}
