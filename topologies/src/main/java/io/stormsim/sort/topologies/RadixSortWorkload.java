package io.stormsim.sort.topologies;

import io.stormsim.run.RunConfig;
import io.stormsim.sort.bolts.SortConfig;
import io.stormsim.sort.bolts.SortKryo;
import io.stormsim.sort.bolts.SortSinkBolt;
import io.stormsim.spouts.JobSpout;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.Workload;
import io.stormsim.wire.StreamKryo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A stream of partitioned stable LSD radix sort jobs ({@code stormsim.sort.*}). */
public final class RadixSortWorkload implements Workload {
    @Override
    public String name() {
        return "sort";
    }

    @Override
    public List<String> keys() {
        return SortConfig.ALL_KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new SortSettings(SortConfig.from(config), JobSpout.inFlight(config, SortConfig.JOBS_IN_FLIGHT));
    }

    /** @param inFlight the spout's limit of jobs in flight */
    private record SortSettings(SortConfig sort, int inFlight) implements Settings {
        @Override
        public List<String> kryoDecorators() {
            return List.of(SortKryo.class.getName(), StreamKryo.class.getName());
        }

        /**
         * In records of the job (4 or 8 bytes a key, 8 a payload): the smallest heap that ran 4 jobs of 64 million
         * 32-bit keys (the whole embedded cluster) was 5.4, 10.0 and 16.9 records a key on 1, 2 and 4 partitions
         * with 2 jobs in flight (1,328, 2,446 and 4,120 MiB; 595 MiB with 16 million keys on 2), and 6.9 on 2
         * partitions with 1 in flight (1,728 MiB), measured with the former per-pass exchange; a partition now holds
         * its stripe, its split's outbox and its sort's two buffers, and a load task no longer keeps all keys: the
         * estimate is kept, not measured again; a second job in flight overlaps the first only
         * in part. Rounded
         * up to (2 + 3 a partition) records a key, times (jobs in flight + 1) / 2 (docs/performance/radix-sort.md);
         * a worker holds ceil(partitions / workers) partitions, and the rest is counted on every worker.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            long perWorker = HeapCheck.partitionsPerWorker(partitions, workers);
            long jobs = HeapCheck.jobsInFlight(inFlight, sort.jobs());
            return new Heap((long) sort.keys() * sort.recordBytes() * (2 + 3 * perWorker) * (jobs + 1) / 2,
                    sort.inputFile().isEmpty() ? SortConfig.KEYS : SortConfig.INPUT_FILE,
                    "a record (4 or 8 bytes a key, 8 a payload) x (2 + 3 a partition) a key, x (jobs in flight + 1) / 2,"
                            + " measured at 64 million keys");
        }

        @Override
        public Path outputDir() {
            return sort.outputDir();
        }

        @Override
        public long steps() {
            return sort.jobs();
        }

        @Override
        public String stepsKey() {
            return SortConfig.JOBS;
        }

        @Override
        public List<String> results() {
            return List.of(SortSinkBolt.JOBS_CSV, SortSinkBolt.SUMMARY);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR, SortConfig.INPUT_FILE);
        }

        @Override
        public List<String> inputKeys() {
            return List.of(SortConfig.INPUT_FILE);
        }
    }
}
