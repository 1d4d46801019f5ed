package io.stormsim.nbody.analysis.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.fof.CrossLinks;
import io.stormsim.nbody.fof.GroupMerge;
import io.stormsim.nbody.fof.Selection;
import java.util.List;
import java.util.Map;

/**
 * Friends-of-friends, phase 4 of 6, one task: joins the local groups linked across partitions and tells each
 * partition which of its linked groups make the catalogue, so that member ids travel only for those.
 */
public class FofSelectBolt extends FofPhaseBolt implements SingleTask {
    public static final String SELECTION = "fof-selection";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FofJoinBolt.LINKS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(SELECTION);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<CrossLinks> links = in.all(FofJoinBolt.LINKS);
        Selection[] selection = GroupMerge.select(links, links.size(), params.minMembers);
        emitToEach(SELECTION, step, p -> selection[p]);
    }
}
