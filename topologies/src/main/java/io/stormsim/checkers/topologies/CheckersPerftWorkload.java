package io.stormsim.checkers.topologies;

import io.stormsim.checkers.bolts.CheckersKeys;
import io.stormsim.checkers.bolts.CheckersKryo;
import io.stormsim.checkers.bolts.PerftConfig;
import io.stormsim.checkers.bolts.PerftResultBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Distributed perft of a checkers position: one job split over the partitions ({@code checkers-perft.yaml}). */
public final class CheckersPerftWorkload implements Workload {
    /** Bytes a table entry takes, rounded up from the measured 18.6 (docs/performance/checkers.md). */
    static final long BYTES_PER_ENTRY = 22;
    private static final String HEAP_BASIS = BYTES_PER_ENTRY + " bytes a table entry, 2^table.log2 entries in each"
            + " partition, measured at 2^24";

    @Override
    public String name() {
        return "checkers";
    }

    @Override
    public List<String> keys() {
        return PerftConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new PerftSettings(PerftConfig.from(config));
    }

    /** One table of 2^log2 entries. */
    static long table(int log2) {
        return BYTES_PER_ENTRY << log2;
    }

    private record PerftSettings(PerftConfig perft) implements Settings {
        @Override
        public List<String> kryoDecorators() {
            return List.of(CheckersKryo.class.getName());
        }

        /**
         * Every partition's table is two long arrays of 2^table.log2 (a key and a count, {@code Perft}): the
         * smallest heap that ran depth 9 on 2 partitions (the whole embedded cluster) was 180 MiB with 2^22 entries
         * and 627 MiB with 2^24, 18.6 bytes an entry more (16 by layout; G1 wants free regions besides). A worker
         * holds ceil(partitions / workers) tables.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            int log2 = perft.tableLog2();
            return new Heap(log2 == 0 ? 0 : HeapCheck.partitionsPerWorker(partitions, workers) * table(log2),
                    CheckersKeys.TABLE_LOG2, HEAP_BASIS);
        }

        @Override
        public Path outputDir() {
            return perft.outputDir();
        }

        /** One perft. */
        @Override
        public long steps() {
            return 1;
        }

        @Override
        public String stepsKey() {
            return CheckersKeys.DEPTH;
        }

        @Override
        public List<String> results() {
            return List.of(PerftResultBolt.PERFT_TXT, RunOutput.SUMMARY);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR);
        }
    }
}
