package io.stormsim.bolts.nbody;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Leapfrog;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Phase 7: the leapfrog update (close the last step, measure, open the next) of the partition's
 * bodies; its conserved quantities go to the diagnostics bolt, its bodies back to the bounds phase
 * for the next round (or, after the last round, to the diagnostics bolt for output).
 */
public class UpdateBolt extends StepBolt {
    public static final String REPORT = "report";

    private transient NbodyConfig config;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(ForceBolt.FIELD, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(REPORT, BoundsBolt.STATE);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = NbodyConfig.from(conf);
    }

    @Override
    protected void onStep(long round, StepInputs in) {
        PartitionState state = in.one(ForceBolt.FIELD);
        Conserved conserved = Leapfrog.completeRound(state.bodies, state.field, config.params().dt(), round,
                config.params().steps());
        state.field = null;
        state.timed(Phase.UPDATE, stepElapsedNanos());
        boolean last = round == config.params().lastRound();
        emitTo(REPORT, 0, round, new PartitionReport(conserved, state.phaseNanos, last ? state.bodies : null));
        if (!last) {
            PartitionState next = new PartitionState(state.bodies);
            emitTo(BoundsBolt.STATE, partition, round + 1, next);
        }
    }
}
