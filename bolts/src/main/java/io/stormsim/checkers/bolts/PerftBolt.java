package io.stormsim.checkers.bolts;

import com.codahale.metrics.Counter;
import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepBolt;
import io.stormsim.bsp.StepInputs;
import io.stormsim.checkers.PartitionedTable;
import io.stormsim.checkers.Perft;
import io.stormsim.checkers.PerftJob;
import io.stormsim.checkers.PerftJobs;
import io.stormsim.checkers.PerftTable;
import io.stormsim.checkers.Position;
import io.stormsim.run.JobCommand;
import io.stormsim.spouts.JobSpout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The split phase of a distributed perft. Every task makes the same job list ({@link PerftJobs#split},
 * deterministic); a job belongs to the worker holding task {@code PartitionedTable.owner(hash, P)} of
 * its position (so equal positions reached by different move orders go to one worker, where the second
 * is a table hit). The worker's tasks take its jobs one at a time as they come free and count them with
 * the worker's one table ({@link WorkerShare}); each sends its counts summed per root move to the
 * result bolt.
 */
public class PerftBolt extends StepBolt {
    public static final String PARTIAL = "partial";

    private transient PerftConfig config;
    /** Leaves counted (their rate is the partition's leaves a second) and split jobs done, for the metrics reporters. */
    private transient Counter leaves, jobsDone;
    private transient List<PerftJob> jobs;
    private transient WorkerShare<PerftTable> share;
    private transient Perft perft;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(JobSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(PARTIAL);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = PerftConfig.from(conf);
        List<Integer> tasks = context.getComponentTasks(context.getThisComponentId());
        List<Integer> workerTasks = context.getThisWorkerTasks();
        jobs = new ArrayList<>();
        for (PerftJob job : PerftJobs.split(config.root(), config.depth(), config.splitDepth())) {
            if (workerTasks.contains(tasks.get(PartitionedTable.owner(job.position(config.root()).hash, partitions)))) {
                jobs.add(job);
            }
        }
        int log2 = config.tableLog2();
        share = WorkerShare.acquire(context, () -> log2 == 0 ? null : new PerftTable(log2));
        perft = share.shared() == null ? new Perft() : new Perft(share.shared());
        leaves = context.registerCounter("stormsim.leaves");
        jobsDone = context.registerCounter("stormsim.jobs");
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        JobCommand trigger = in.one(JobSpout.STREAM);
        Position root = config.root();
        long[] perRootMove = new long[root.moves().length];
        int counted = 0;
        WorkerShare.Jobs mine = share.jobs(step, jobs.size());
        for (int j = mine.next(); j >= 0; j = mine.next()) {
            PerftJob job = jobs.get(j);
            long n = perft.count(root, job);
            perRootMove[job.rootMove] += n;
            leaves.inc(n);
            jobsDone.inc();
            counted++;
        }
        emitTo(PARTIAL, 0, step, new PerftPartial(perRootMove, counted, stepElapsedNanos(), trigger.emittedMillis));
    }

    @Override
    public void cleanup() {
        share.release();
        super.cleanup();
    }
}
