package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.TargetRegion;
import java.util.List;
import java.util.Map;

/**
 * Phase 5: the locally essential tree exchange. To every other partition this one sends its subtrees
 * pruned for that partition's region (the boxes of its top leaves): moments where the cells are far
 * enough for all its bodies, deeper cells and bodies otherwise. To itself it sends its whole local tree.
 */
public class EssentialTreeBolt extends NbodyBolt {
    public static final String ESSENTIAL = "essential";
    public static final String PARTITION = "partition";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(TreeBolt.REGION, FanIn.EACH_SOURCE_TASK, TreeBolt.TREE, FanIn.SAME_PARTITION);
    }

    @Override
    protected List<String> outputs() {
        return List.of(ESSENTIAL, PARTITION);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(TreeBolt.TREE);
        List<TargetRegion> regions = in.all(TreeBolt.REGION);
        Octree local = state.localTree;
        int subtrees = state.decomposition.leafStart(partition + 1) - state.decomposition.leafStart(partition);
        Octree[] essential = new Octree[partitions];
        for (int q = 0; q < partitions; q++) {
            essential[q] = q == partition ? local : PartitionPhases.essentialTree(local, subtrees, regions.get(q));
        }
        state.localTree = null;
        timed(state, Phase.ESSENTIAL_TREE);
        emitToEach(ESSENTIAL, step, q -> essential[q]);
        emitTo(PARTITION, partition, step, state);
    }
}
