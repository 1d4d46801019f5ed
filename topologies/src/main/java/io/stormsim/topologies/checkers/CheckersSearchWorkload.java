package io.stormsim.topologies.checkers;

import io.stormsim.bolts.checkers.CheckersKeys;
import io.stormsim.bolts.checkers.CheckersKryo;
import io.stormsim.bolts.checkers.SearchConfig;
import io.stormsim.bolts.checkers.SearchCoordinatorBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.flux.model.TopologyDef;

/**
 * Parallel alpha-beta search of checkers positions: a coordinator and P searchers, one batch of root and
 * depth-2 jobs a round ({@code checkers-search.yaml}).
 */
public final class CheckersSearchWorkload implements Workload {
    @Override
    public String name() {
        return "checkers";
    }

    @Override
    public List<String> keys() {
        return SearchConfig.KEYS;
    }

    @Override
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        SearchConfig.from(config);
        Object pending = config.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        if (!Integer.valueOf(1).equals(pending)) {
            throw new ConfigException(Config.TOPOLOGY_MAX_SPOUT_PENDING + " = " + pending + " is not allowed: must be 1"
                    + " (a round's batch depends on the scores of the round before)");
        }
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(CheckersKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return SearchConfig.from(config).outputDir();
    }

    /** Rounds: at most positions x depth x {@code RootBatches.BATCHES} (empty batches take none). */
    @Override
    public long steps(Map<String, Object> config) {
        return SearchConfig.from(config).rounds();
    }

    @Override
    public String stepsKey() {
        return CheckersKeys.DEPTH;
    }

    @Override
    public List<String> results() {
        return List.of(SearchCoordinatorBolt.SEARCH_TXT, SearchCoordinatorBolt.SEARCH_CSV, RunOutput.SUMMARY);
    }

    @Override
    public List<String> pathKeys() {
        return List.of(RunConfig.OUTPUT_DIR, SearchConfig.POSITIONS_FILE);
    }
}
