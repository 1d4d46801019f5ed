package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.fof.Boundary;
import java.util.List;
import java.util.Map;

/**
 * Friends-of-friends, phase 2 of 6: sends each partition it flows to ({@link Boundary#flows}) those of its bodies
 * near the cells that partition occupies, and an empty boundary to the others.
 */
public class FofExchangeBolt extends FofPhaseBolt {
    public static final String BOUNDARY = "fof-boundary";
    private static final Boundary NONE = new Boundary(-1, new double[0], new double[0], new double[0], new int[0], new int[0]);

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FofLinkBolt.CELLS, FanIn.EACH_SOURCE_TASK, FofLinkBolt.STATE, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(BOUNDARY, FofLinkBolt.STATE);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        FofState state = in.one(FofLinkBolt.STATE);
        List<FofCells> cells = in.all(FofLinkBolt.CELLS);
        emitToEach(BOUNDARY, step, q -> Boundary.flows(partition, q)
                ? Boundary.of(state.local(params), cells.get(q).cells) : NONE);
        emitTo(FofLinkBolt.STATE, partition, step, state);
    }
}
