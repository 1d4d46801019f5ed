package io.stormsim.nbody.bolts;

import io.stormsim.run.Cadence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.utils.Utils;

/**
 * The analysis stages a partition feeds: the components subscribed to the update phase's {@link
 * UpdateBolt#ANALYSIS} stream, each with the cadence of its stage. A stage's bolt names its stage in its
 * component configuration ({@link #STAGE_KEY}, which Storm keeps in the topology, so every task can read it); the
 * stage's cadence is the topology config's {@code stormsim.<stage>.every} (steps) or {@code
 * stormsim.<stage>.every.time} (simulation time). A stage of one task gathers every partition's bodies; a stage
 * with one task per partition gets partition p's bodies at its task p.
 */
final class AnalysisTaps {
    /** The component configuration key naming an analysis bolt's stage. */
    static final String STAGE_KEY = "io.stormsim.analysis.stage";

    record Tap(String component, int task, Cadence cadence) {
    }

    private AnalysisTaps() {
    }

    /** The taps of partition {@code partition} of {@code partitions}, one per subscribed component. */
    static List<Tap> of(Map<String, List<Integer>> subscribers, TopologyContext context, Map<String, Object> conf,
                        double dt, int partition, int partitions) {
        List<Tap> taps = new ArrayList<>();
        subscribers.forEach((component, tasks) -> {
            String json = context.getComponentCommon(component).get_json_conf();
            Object stage = json == null ? null : Utils.parseJson(json).get(STAGE_KEY);
            if (stage == null) {
                throw new IllegalStateException("bolt '" + component + "' subscribes to stream '" + UpdateBolt.ANALYSIS
                        + "' of the update phase but is not an analysis stage (a subclass of AnalysisBolt)");
            }
            if (tasks.size() != 1 && tasks.size() != partitions) {
                throw new IllegalStateException("bolt '" + component + "' parallelism = " + tasks.size() + " is not"
                        + " allowed: an analysis stage runs 1 task (gathering every partition) or one per partition ("
                        + partitions + ")");
            }
            Cadence cadence = AnalysisBolt.cadence(conf, stage.toString(), dt);
            taps.add(new Tap(component, tasks.get(tasks.size() == 1 ? 0 : partition), cadence));
        });
        return taps;
    }
}
