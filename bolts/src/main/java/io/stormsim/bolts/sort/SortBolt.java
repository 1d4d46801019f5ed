package io.stormsim.bolts.sort;

import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.sort.DigitHistogram;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortRecords;
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

    /** Empty records of the job's kind. */
    protected SortRecords noRecords() {
        return SortRecords.allocate(config.keyBits(), config.payloads(), 0);
    }

    /** The chunk that hands all of {@code records} to this partition, unmoved. */
    protected Chunk toSelf(SortRecords records) {
        return new Chunk(partition, partition, records, 0, records.size(), new int[] {0}, new int[] {records.size()});
    }

    /** One chunk per destination partition: {@code mine} to this one, nothing to the others. */
    protected Chunk[] onlyToSelf(Chunk mine) {
        Chunk[] out = new Chunk[partitions];
        for (int q = 0; q < partitions; q++) {
            out[q] = q == partition ? mine
                    : new Chunk(partition, q, noRecords(), 0, 0, new int[0], new int[0]);
        }
        return out;
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
