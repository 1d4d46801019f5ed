package io.stormsim.water.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.water.BlockPartials;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.MoleculeBlocks;
import io.stormsim.water.WaterPartition;
import java.util.List;
import java.util.Map;

/**
 * Phase 3, the Gear corrector with the summed force updates, the periodic boundary and the kinetic energy
 * partials (merged: no exchange separates them); a non-finite velocity fails the round. On a lattice
 * start's first round, the initial accelerations instead. On printing steps and RDF samples it sends every
 * partition the frames the potential energies and pair counts need (empty frames on other rounds: every
 * partition hears from every other each round).
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
                checkFinite(state);
            }
            case LOADED -> { }
        }
        if (exchangesBoundaryFrames(state)) {
            state.exchangedBytes += emitFrames(FRAMES, step, part);
        } else {
            emitToEach(FRAMES, step, p -> NO_FRAMES);
        }
        emitTo(PARTITION, partition, step, state);
    }

    /**
     * A non-finite velocity (the molecules flew apart: a time step far too large) fails the round; replays
     * fail alike, so the spout halts the run with this message among the reported errors.
     */
    private static void checkFinite(WaterPartitionState state) {
        BlockPartials k = state.kinetic;
        MoleculeBlocks layout = state.partition.layout;
        for (int b = 0; b < k.blockCount(); b++) {
            for (int d = 0; d < k.width(); d++) {
                if (!Double.isFinite(k.values()[b * k.width() + d])) {
                    int block = k.firstBlock() + b, first = layout.blockStart(block), last = layout.blockStart(block + 1) - 1;
                    throw new IllegalStateException("step " + state.step + ": " + (first == last ? "molecule " + first
                            : "a molecule of " + first + ".." + last) + " has a non-finite velocity after the corrector:"
                            + " the run blew up (is TSTEP too large?)");
                }
            }
        }
    }
}
