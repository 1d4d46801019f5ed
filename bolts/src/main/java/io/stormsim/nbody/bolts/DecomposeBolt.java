package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.CostHistogram;
import io.stormsim.nbody.PartitionPhases.KeyedBodies;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.RootCell;
import java.util.List;
import java.util.Map;

/**
 * Phase 2: the root cell from every partition's box; the partition's bodies sorted along the Morton
 * curve; and its cost histogram (last round's work per body, cell terms counted twice), sent to every partition.
 */
public class DecomposeBolt extends NbodyBolt {
    public static final String HISTOGRAM = "histogram";
    public static final String KEYED = "keyed";


    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(BoundsBolt.BOX, FanIn.EACH_SOURCE_TASK, BoundsBolt.BODIES, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(HISTOGRAM, KEYED);
    }


    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(BoundsBolt.BODIES);
        state.box = PartitionPhases.globalBox(in.all(BoundsBolt.BOX));
        state.root = RootCell.around(state.box);
        KeyedBodies keyed = KeyedBodies.sort(state.bodies, state.root);
        state.bodies = keyed.bodies();
        state.keys = keyed.keys();
        CostHistogram histogram = PartitionPhases.histogram(keyed, config.params());
        timed(state, Phase.DECOMPOSE);
        emitToEach(HISTOGRAM, step, p -> histogram);
        emitTo(KEYED, partition, step, state);
    }
}
