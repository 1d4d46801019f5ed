package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.OwnKeys;
import io.stormsim.bsp.SingleTask;
import io.stormsim.run.Cadence;
import io.stormsim.run.RunOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * An analysis stage of a Barnes-Hut run, beside the simulation: a bolt subscribed to the update phase's {@link
 * UpdateBolt#ANALYSIS} stream, which receives {@link AnalysisBodies} at the stage's output times, in the round's
 * tuple tree (a round completes once its stages have, so a replayed round redoes them and no output is lost).
 *
 * <p>A stage is named ({@link #stage}); its keys are {@code stormsim.<stage>.*}: {@code every} (steps) or {@code
 * every.time} (simulation time), its cadence ({@link Cadence}), and those of {@link #stageKeys}, checked by {@link
 * #checkStage} before submitting. A stage of one task ({@link SingleTask}) gets every partition's bodies in one step;
 * one of a task per partition gets its partition's. It writes its results into the run's output ({@link #output},
 * mirrored into the run store where one is set), each file whole or absent.
 */
public abstract class AnalysisBolt extends NbodyBolt implements OwnKeys {
    protected transient Cadence cadence;
    protected transient RunOutput output;

    /** The stage's name: its keys are {@code stormsim.<stage>.*}. */
    protected abstract String stage();

    /** The stage's keys besides its cadence. */
    protected abstract List<String> stageKeys();

    /** Reads the stage's keys into the bolt and checks them (a message naming the key, the value and what is allowed). */
    protected abstract void checkStage(Map<String, Object> conf);

    protected String key(String name) {
        return "stormsim." + stage() + "." + name;
    }

    @Override
    public final List<String> ownKeys() {
        List<String> keys = new ArrayList<>(List.of(AnalysisTaps.everyKey(stage()), AnalysisTaps.everyTimeKey(stage())));
        keys.addAll(stageKeys());
        return keys;
    }

    @Override
    public final void checkOwnKeys(Map<String, Object> conf) {
        Cadence c = readCadence(conf, NbodyConfig.from(conf).params().dt());
        if (!c.on()) {
            throw new IllegalArgumentException(AnalysisTaps.everyKey(stage()) + " and " + AnalysisTaps.everyTimeKey(stage())
                    + " are both 0: the topology has the " + stage() + " stage, which then never runs; give it a cadence"
                    + " or remove its bolt");
        }
        checkStage(conf);
    }

    private Cadence readCadence(Map<String, Object> conf, double dt) {
        return Cadence.read(conf, AnalysisTaps.everyKey(stage()), AnalysisTaps.everyTimeKey(stage()), dt);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(AnalysisTaps.STAGE_KEY, stage());
    }

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(UpdateBolt.ANALYSIS, this instanceof SingleTask ? FanIn.EACH_SOURCE_TASK : FanIn.SAME_PARTITION);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        checkStage(conf);
        cadence = readCadence(conf, config.params().dt());
        output = config.run().output();
    }

    @Override
    public void cleanup() {
        if (output != null) {
            output.close();
        }
        super.cleanup();
    }
}
