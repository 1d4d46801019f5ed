package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.fof.Boundary;
import io.stormsim.nbody.fof.CrossLinks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Friends-of-friends, phase 3 of 6: the links between the partition's local groups and the boundaries it received. */
public class FofJoinBolt extends FofPhaseBolt {
    public static final String LINKS = "fof-links";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FofExchangeBolt.BOUNDARY, FanIn.EACH_SOURCE_TASK, FofLinkBolt.STATE, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(LINKS, FofLinkBolt.STATE);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        FofState state = in.one(FofLinkBolt.STATE);
        List<Boundary> all = in.all(FofExchangeBolt.BOUNDARY), received = new ArrayList<>();
        for (int p = 0; p < all.size(); p++) {
            if (Boundary.flows(p, partition)) {
                received.add(all.get(p));
            }
        }
        emitTo(LINKS, 0, step, CrossLinks.find(state.local(params), received));
        emitTo(FofLinkBolt.STATE, partition, step, state);
    }
}
