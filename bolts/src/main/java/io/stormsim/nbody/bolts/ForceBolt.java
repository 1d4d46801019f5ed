package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.PartitionPhases;
import java.util.List;
import java.util.Map;

/**
 * Phase 6: the global tree as this partition needs it (the shared top cells over every partition's
 * essential subtrees) and the walk that gives its bodies their accelerations, potentials and
 * interaction counts.
 */
public class ForceBolt extends NbodyBolt {
    public static final String FIELD = "field";


    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(EssentialTreeBolt.ESSENTIAL, FanIn.EACH_SOURCE_TASK, EssentialTreeBolt.PARTITION, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(FIELD);
    }


    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(EssentialTreeBolt.PARTITION);
        state.field = PartitionPhases.field(state.decomposition, state.root, in.all(EssentialTreeBolt.ESSENTIAL),
                partition, state.bodies.n, config.params());
        timed(state, Phase.FORCE);
        emitTo(FIELD, partition, step, state);
    }
}
