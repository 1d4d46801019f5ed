package io.stormsim.bolts.water;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.WaterPartition;
import java.util.List;
import java.util.Map;

/**
 * Phase 3, the Gear corrector with the summed force updates, the periodic boundary and the kinetic energy
 * partials (merged: no exchange separates them). On a lattice start's first round, the initial
 * accelerations instead. On printing steps it sends every partition the frames the potential energies need
 * (empty frames on other rounds: every partition hears from every other each round).
 */
public class CorrectBolt extends WaterBolt {
    public static final String FRAMES = "boundary-frames";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(IntermolecularBolt.FORCES, FanIn.EACH_SOURCE_TASK, PARTITION, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(FRAMES, PARTITION);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        WaterPartitionState state = in.one(PARTITION);
        WaterPartition part = state.partition;
        List<ForceUpdate> updates = nonEmpty(in.all(IntermolecularBolt.FORCES), ForceUpdate::isEmpty);
        switch (state.mode) {
            case LATTICE_START -> part.startAccelerations(updates);
            case STEP -> {
                part.correct(updates);
                part.boundary();
                state.kinetic = part.kinetic();
            }
            case LOADED -> { }
        }
        if (state.prints(config.input().printEvery())) {
            state.exchangedBytes += emitFrames(FRAMES, step, part);
        } else {
            emitToEach(FRAMES, step, p -> NO_FRAMES);
        }
        emitTo(PARTITION, partition, step, state);
    }
}
