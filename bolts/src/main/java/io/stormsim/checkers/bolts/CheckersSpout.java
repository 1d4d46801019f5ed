package io.stormsim.checkers.bolts;


import io.stormsim.spouts.JobSpout;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;

/**
 * A {@link JobSpout} whose job count follows from the checkers settings instead of a key of its own: one
 * job for a perft ({@code "perft"}), one job per round of a search ({@code "search"}: {@link SearchConfig#rounds}).
 * One job in flight. Retries, recovery and halting are JobSpout's.
 */
public class CheckersSpout extends JobSpout {
    private final String topology;

    /** @param topology {@code perft} or {@code search} */
    public CheckersSpout(String topology) {
        super(CheckersKeys.SPOUT_JOBS, CheckersKeys.SPOUT_IN_FLIGHT);
        if (!topology.equals("perft") && !topology.equals("search")) {
            throw new IllegalArgumentException("CheckersSpout '" + topology + "': must be perft or search");
        }
        this.topology = topology;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        Map<String, Object> withJobs = new HashMap<>(conf);
        withJobs.put(CheckersKeys.SPOUT_JOBS, topology.equals("perft") ? 1L : SearchConfig.from(conf).rounds());
        withJobs.put(CheckersKeys.SPOUT_IN_FLIGHT, 1);
        super.open(withJobs, context, collector);
    }
}
