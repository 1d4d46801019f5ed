package io.stormsim.matmul.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.matmul.BlockSet;
import io.stormsim.matmul.Dgemm;
import io.stormsim.matmul.Panels;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * SUMMA's local updates: with the A blocks of its grid row and the B blocks of its grid column, a task
 * computes its C blocks (K in order, whatever order the blocks arrived in) and sends them to the result
 * bolt.
 */
public class MultiplyBolt extends MatmulBolt {
    public static final String C_BLOCKS = "c-blocks";

    private transient Dgemm kernel;
    private transient Panels panels;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(BroadcastBolt.A_ROW, FanIn.EACH_SOURCE_TASK, BroadcastBolt.B_COL, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(C_BLOCKS);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        kernel = new Dgemm();
        panels = new Panels();
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<JobBlocks> a = in.all(BroadcastBolt.A_ROW);
        List<JobBlocks> b = in.all(BroadcastBolt.B_COL);
        BlockSet c = summa.multiply(partition, a.stream().map(m -> m.blocks).toList(),
                b.stream().map(m -> m.blocks).toList(), kernel, panels);
        // in.all lists the sources by task index: broadcast task `partition`'s share of the account comes this way
        emitTo(C_BLOCKS, 0, step, new JobBlocks(a.get(0).job, c, a.get(partition).broadcastCpuNanos, stepCpuNanos()));
    }
}
