package io.stormsim.nbody.bolts;

import io.stormsim.bsp.StepBolt;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A Barnes-Hut phase bolt: a {@link StepBolt} that reads the run's settings from the topology config. */
public abstract class NbodyBolt extends StepBolt {
    protected transient NbodyConfig config;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = NbodyConfig.from(conf);
    }

    /** Records this step's wall and CPU time so far as {@code phase}'s on {@code state}. */
    protected void timed(PartitionState state, Phase phase) {
        state.timed(phase, stepElapsedNanos(), stepCpuNanos());
    }
}
