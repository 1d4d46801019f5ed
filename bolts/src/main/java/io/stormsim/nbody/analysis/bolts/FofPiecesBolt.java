package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.fof.GroupPieces;
import io.stormsim.nbody.fof.Selection;
import java.util.List;
import java.util.Map;

/** Friends-of-friends, phase 5 of 6: the partition's pieces of the catalogue's groups (sizes, exact sums, ids). */
public class FofPiecesBolt extends FofPhaseBolt {
    public static final String PIECES = "fof-pieces";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FofSelectBolt.SELECTION, FanIn.EACH_SOURCE_TASK, FofLinkBolt.STATE, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(PIECES);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        FofState state = in.one(FofLinkBolt.STATE);
        Selection selection = in.one(FofSelectBolt.SELECTION);
        emitTo(PIECES, 0, step, new FofPieces(state.number, state.time, state.boxSize,
                GroupPieces.of(state.local(params), selection, params.minMembers)));
    }
}
