package io.stormsim.checkers.topologies;

import io.stormsim.checkers.bolts.CheckersKeys;
import io.stormsim.checkers.bolts.CheckersKryo;
import io.stormsim.checkers.bolts.SearchConfig;
import io.stormsim.checkers.bolts.SearchCoordinatorBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/**
 * Parallel alpha-beta search of checkers positions: a coordinator and P searchers, one batch of root and
 * depth-2 jobs a round ({@code checkers-search.yaml}).
 */
public final class CheckersSearchWorkload implements Workload {
    private static final String HEAP_BASIS = CheckersPerftWorkload.BYTES_PER_ENTRY + " bytes a table entry,"
            + " 2^table.log2 entries in each searcher (table local or partitioned) or each worker (table worker),"
            + " measured at 2^24";

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
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(CheckersKryo.class.getName());
    }

    /**
     * A table has a perft table's layout (a key and an entry, 2^table.log2 longs each; {@link
     * CheckersPerftWorkload#heapBytes}): one a searcher when local or partitioned, one a worker when the searchers
     * of a worker share it. Not counted (not measured): a partitioned searcher's buffers of the entries it stores
     * for other owners in a round, at most a share's size each.
     */
    @Override
    public long heapBytes(Map<String, Object> config, int partitions, int workers) {
        SearchConfig search = SearchConfig.from(config);
        return search.table() == SearchConfig.Table.WORKER ? CheckersPerftWorkload.table(search.tableLog2())
                : CheckersPerftWorkload.tables(search.tableLog2(), partitions, workers);
    }

    @Override
    public String heapSizeKey(Map<String, Object> config) {
        return CheckersKeys.TABLE_LOG2;
    }

    @Override
    public String heapBasis() {
        return HEAP_BASIS;
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return SearchConfig.from(config).outputDir();
    }

    /** Rounds the spout sends: {@link SearchConfig#rounds}, room for coordinator restarts included. */
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
