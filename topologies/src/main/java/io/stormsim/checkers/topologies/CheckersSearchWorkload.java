package io.stormsim.checkers.topologies;

import io.stormsim.checkers.bolts.CheckersKeys;
import io.stormsim.checkers.bolts.CheckersKryo;
import io.stormsim.checkers.bolts.SearchConfig;
import io.stormsim.checkers.bolts.SearchCoordinatorBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
    public Settings read(Map<String, Object> config) {
        return new SearchSettings(SearchConfig.from(config));
    }

    private record SearchSettings(SearchConfig search) implements Settings {
        @Override
        public List<String> kryoDecorators() {
            return List.of(CheckersKryo.class.getName());
        }

        /**
         * A table has a perft table's layout (a key and an entry, 2^table.log2 longs each): one a searcher when
         * local or partitioned, one a worker when the searchers of a worker share it. Not counted (not measured): a
         * partitioned searcher's buffers of the entries it stores for other owners in a round, at most a share's
         * size each.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            long tables = search.table() == SearchConfig.Table.WORKER ? 1
                    : HeapCheck.partitionsPerWorker(partitions, workers);
            return new Heap(tables * CheckersPerftWorkload.table(search.tableLog2()), CheckersKeys.TABLE_LOG2, HEAP_BASIS);
        }

        @Override
        public Path outputDir() {
            return search.outputDir();
        }

        @Override
        public long steps() {
            return search.rounds();
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

        @Override
        public List<String> inputKeys() {
            return List.of(SearchConfig.POSITIONS_FILE);
        }
    }
}
