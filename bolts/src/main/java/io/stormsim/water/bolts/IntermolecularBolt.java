package io.stormsim.water.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.Frames;
import io.stormsim.water.WaterPartition;
import java.util.List;
import java.util.Map;

/**
 * Phase 2, the intermolecular forces: every pair whose row molecule this partition owns, computed once
 * from the frames the partner partitions sent, and ONE combined force update per other partition (the
 * partial forces on its molecules, summed along the kernel's fixed tree of blocks; empty where the rows
 * reach none of them).
 */
public class IntermolecularBolt extends WaterBolt {
    public static final String FORCES = "forces";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(PredictBolt.FRAMES, FanIn.EACH_SOURCE_TASK, PARTITION, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(FORCES, PARTITION);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        WaterPartitionState state = in.one(PARTITION);
        if (state.mode == WaterPartitionState.Mode.LOADED) {
            emitToEach(FORCES, step, p -> NO_UPDATE);
        } else {
            WaterPartition part = state.partition;
            long pairsBefore = part.interactingPairs();
            WaterPartition.Intermolecular out = part.intermolecular(nonEmpty(in.<Frames>all(PredictBolt.FRAMES),
                    Frames::isEmpty));
            state.pairs = part.interactingPairs() - pairsBefore;
            state.intermolecularVirial = out.virial();
            ForceUpdate[] updates = out.updates();
            for (int q = 0; q < partitions; q++) {
                ForceUpdate u = updates[q];
                state.exchangedBytes += 8L * u.values().length + 16L * u.lo().length;
                emitTo(FORCES, q, step, u);
            }
        }
        emitTo(PARTITION, partition, step, state);
    }
}
