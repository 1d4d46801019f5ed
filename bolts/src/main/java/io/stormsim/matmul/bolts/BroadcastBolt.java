package io.stormsim.matmul.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.matmul.BlockSet;
import io.stormsim.matmul.DenseMatrix;
import io.stormsim.run.JobCommand;
import io.stormsim.spouts.JobSpout;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * SUMMA's broadcasts, all K steps in one exchange: each grid task holds its blocks of A (read or
 * generated once) and makes its blocks of the job's B, then sends its A blocks to every task of its grid
 * row and its B blocks to every task of its grid column (an empty set to the others: every partition
 * gets one message per stream and job).
 */
public class BroadcastBolt extends MatmulBolt {
    public static final String A_ROW = "a-row";
    public static final String B_COL = "b-col";

    private transient BlockSet ownA;
    private transient DenseMatrix bFromFile;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(JobSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(A_ROW, B_COL);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        ownA = summa.ownedBlocks(partition, config.a());
        bFromFile = config.readB();
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        JobCommand job = in.one(JobSpout.STREAM);
        BlockSet ownB = summa.ownedBlocks(partition, config.b(job.job, bFromFile));
        long cpu = stepCpuNanos();
        emitToEach(A_ROW, step, to -> new JobBlocks(job, summa.sendA(partition, to, ownA), cpu, 0));
        emitToEach(B_COL, step, to -> new JobBlocks(job, summa.sendB(partition, to, ownB), cpu, 0));
    }
}
