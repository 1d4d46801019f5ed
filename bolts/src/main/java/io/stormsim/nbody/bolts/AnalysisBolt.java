package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.OwnKeys;
import io.stormsim.bsp.SingleTask;
import io.stormsim.run.Cadence;
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
 * one of a task per partition gets its partition's. It writes its results into the run's output ({@link #output()},
 * mirrored into the run store where one is set), each file whole or absent.
 */
public abstract class AnalysisBolt extends NbodyBolt implements OwnKeys {
    protected transient Cadence cadence;

    /** The stage's name: its keys are {@code stormsim.<stage>.*}. */
    protected abstract String stage();

    /** The stage's keys besides its cadence. */
    protected abstract List<String> stageKeys();

    /** Reads the stage's keys into the bolt and checks them (a message naming the key, the value and what is allowed). */
    protected abstract void checkStage(Map<String, Object> conf);

    protected String key(String name) {
        return key(stage(), name);
    }

    /** The config key {@code name} of stage {@code stage}. */
    static String key(String stage, String name) {
        return "stormsim." + stage + "." + name;
    }

    /** The cadence of stage {@code stage}, from {@code stormsim.<stage>.every} or {@code .every.time}. */
    static Cadence cadence(Map<String, Object> conf, String stage, double dt) {
        return Cadence.read(conf, key(stage, "every"), key(stage, "every.time"), dt);
    }

    @Override
    public final List<String> ownKeys() {
        List<String> keys = new ArrayList<>(List.of(key("every"), key("every.time")));
        keys.addAll(stageKeys());
        return keys;
    }

    /** The stage's own keys first (a stage may say more about its cadence), then that it has a cadence. */
    @Override
    public final void checkOwnKeys(Map<String, Object> conf) {
        checkStage(conf);
        if (!readCadence(conf).on()) {
            throw new IllegalArgumentException(key("every") + " and " + key("every.time") + " are both 0: the topology"
                    + " has the " + stage() + " stage, which then never runs; give it a cadence, or remove its bolts,"
                    + " their streams and its config lines (docs/pipelines.md)");
        }
    }

    /** This stage's cadence. */
    protected Cadence readCadence(Map<String, Object> conf) {
        return cadence(conf, stage(), NbodyConfig.from(conf).params().dt());
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
        cadence = readCadence(conf);
    }

}
