package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PartitionPhases.KeyedBodies;
import java.util.List;
import java.util.Map;

/**
 * Phase 3: the decomposition (costzones over the summed histograms; every partition derives the same
 * one) and the migration of bodies: each partition receives, from every partition, the bodies that
 * now fall in its zones (possibly none).
 */
public class MigrateBolt extends NbodyBolt {
    public static final String PIECE = "piece";
    public static final String PLAN = "plan";


    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(DecomposeBolt.HISTOGRAM, FanIn.EACH_SOURCE_TASK, DecomposeBolt.KEYED, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(PIECE, PLAN);
    }


    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(DecomposeBolt.KEYED);
        state.decomposition = PartitionPhases.decompose(in.all(DecomposeBolt.HISTOGRAM), partitions, config.params());
        Bodies[] pieces = PartitionPhases.migrate(new KeyedBodies(state.bodies, state.keys), state.decomposition);
        state.bodies = null;
        state.keys = null;
        timed(state, Phase.MIGRATE);
        emitToEach(PIECE, step, q -> pieces[q]);
        emitTo(PLAN, partition, step, state);
    }
}
