package io.stormsim.nbody.bolts;

import io.stormsim.bsp.StepBolt;
import io.stormsim.run.RunOutput;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/** A Barnes-Hut phase bolt: a {@link StepBolt} that reads the run's settings from the topology config. */
public abstract class NbodyBolt extends StepBolt {
    protected transient NbodyConfig config;
    private transient RunOutput output;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = NbodyConfig.from(conf);
    }

    /**
     * The run's output directory, mirrored into the run store where one is set: opened at the bolt's first file (it
     * holds the store's connections), closed when the bolt goes away.
     */
    protected RunOutput output() {
        if (output == null) {
            output = config.run().output();
        }
        return output;
    }

    @Override
    public void cleanup() {
        if (output != null) {
            output.close();
        }
        super.cleanup();
    }

    /** Records this step's wall and CPU time so far as {@code phase}'s on {@code state}. */
    protected void timed(PartitionState state, Phase phase) {
        state.timed(phase, stepElapsedNanos(), stepCpuNanos());
    }
}
