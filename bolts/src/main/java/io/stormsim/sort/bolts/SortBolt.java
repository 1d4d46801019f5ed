package io.stormsim.sort.bolts;

import io.stormsim.bsp.StepBolt;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A radix sort stage: a {@link StepBolt} with the run's settings. */
abstract class SortBolt extends StepBolt {
    /** Records on their way to the next stage's partitions. */
    public static final String CHUNKS = "chunks";
    /** Every partition's sorted range, to the sink. */
    public static final String SORTED = "sorted";

    protected transient SortConfig config;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = SortConfig.from(conf);
    }
}
