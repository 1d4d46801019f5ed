package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PartitionPhases.KeyedBodies;
import io.stormsim.nbody.TargetRegion;
import java.util.List;
import java.util.Map;

/**
 * Phase 4: the partition's bodies (the pieces it received, in key order) and the subtrees of its top
 * leaves with their moments; the bounding boxes of its top leaves ({@link TargetRegion}) go to every
 * partition, which prunes what it sends this one by them.
 */
public class TreeBolt extends NbodyBolt {
    public static final String REGION = "region";
    public static final String TREE = "tree";


    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(MigrateBolt.PIECE, FanIn.EACH_SOURCE_TASK, MigrateBolt.PLAN, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(REGION, TREE);
    }


    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(MigrateBolt.PLAN);
        List<Bodies> pieces = in.all(MigrateBolt.PIECE);
        KeyedBodies owned = KeyedBodies.merge(pieces, state.root);
        state.bodies = owned.bodies();
        state.localTree = PartitionPhases.localTree(owned, state.root, state.decomposition, partition, config.params());
        TargetRegion region = TargetRegion.of(state.localTree,
                state.decomposition.leafStart(partition + 1) - state.decomposition.leafStart(partition));
        timed(state, Phase.TREE);
        emitToEach(REGION, step, p -> region);
        emitTo(TREE, partition, step, state);
    }
}
