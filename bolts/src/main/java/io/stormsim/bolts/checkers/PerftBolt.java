package io.stormsim.bolts.checkers;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.checkers.Perft;
import io.stormsim.checkers.PerftJob;
import io.stormsim.checkers.PerftJobs;
import io.stormsim.spouts.JobCommand;
import io.stormsim.spouts.JobSpout;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * The split phase of a distributed perft: each partition p makes the same job list
 * ({@link PerftJobs#split}, deterministic), counts jobs p, p + P, p + 2P, ... (neighbouring jobs, often
 * of similar size, go to different partitions) and sends its counts summed per root move to the result bolt.
 */
public class PerftBolt extends StepBolt {
    public static final String PARTIAL = "partial";

    private transient PerftConfig config;
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
        perft = config.tableLog2() == 0 ? new Perft() : new Perft(config.tableLog2());
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        JobCommand trigger = in.one(JobSpout.STREAM);
        List<PerftJob> jobs = PerftJobs.split(config.root(), config.depth(), config.splitDepth());
        long[] perRootMove = new long[config.root().moves().length];
        int counted = 0;
        for (int j = partition; j < jobs.size(); j += partitions) {
            PerftJob job = jobs.get(j);
            perRootMove[job.rootMove] += perft.count(config.root(), job);
            counted++;
        }
        emitTo(PARTIAL, 0, step, new PerftPartial(perRootMove, counted, stepElapsedNanos(), trigger.emittedMillis));
    }
}
