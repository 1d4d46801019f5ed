package io.stormsim.matmul.topologies;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.matmul.bolts.MatmulConfig;
import io.stormsim.matmul.bolts.MatmulKryo;
import io.stormsim.matmul.bolts.ResultBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.spouts.JobSpout;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.Workload;
import io.stormsim.wire.StreamKryo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** Blocked dense matrix multiply, SUMMA on a grid of tasks ({@code stormsim.matmul.*}). */
public final class MatmulWorkload implements Workload {
    private static final long BYTES_PER_ELEMENT = 56, BYTES_PER_ELEMENT_A_JOB = 32, RESULT_BYTES_PER_ELEMENT_A_JOB = 16;

    @Override
    public String name() {
        return "matmul";
    }

    @Override
    public List<String> keys() {
        return MatmulConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new MatmulSettings(MatmulConfig.from(config), JobSpout.inFlight(config, MatmulConfig.JOBS_IN_FLIGHT));
    }

    /** @param inFlight the spout's limit of jobs in flight */
    private record MatmulSettings(MatmulConfig matmul, int inFlight) implements Settings {
        @Override
        public void check(TopologyDef def) throws ConfigException {
            if (!matmul.aFile().isEmpty()) {
                matmul.readA();
            }
            matmul.readB();
        }

        @Override
        public PartitionRule partitionRule() {
            return matmul;
        }

        @Override
        public List<String> kryoDecorators() {
            return List.of(MatmulKryo.class.getName(), StreamKryo.class.getName());
        }

        /**
         * Per element of an n x n matrix: the smallest heap that ran 4 jobs at n = 2048 on the 2x2 grid (the whole
         * embedded cluster) was 322, 432 and 509 MiB with 1, 2 and 4 jobs in flight, 164 MiB at n = 1024 with 2:
         * 8.3 doubles an element with one job, 3.4 more for the second (B, the broadcast panels, C's blocks and the
         * assembled C of each job), fewer for the next as jobs queue. Rounded up to 56 bytes and 32 a job in flight
         * (docs/performance/matmul.md). A worker holds its share of the grid, and the one with the result bolt also
         * each job's C as received and assembled.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            long elements = (long) matmul.n() * matmul.n();
            long jobs = HeapCheck.jobsInFlight(inFlight, matmul.jobs());
            long all = elements * (BYTES_PER_ELEMENT + jobs * BYTES_PER_ELEMENT_A_JOB);
            return new Heap(workers == 1 ? all : all / workers + elements * jobs * RESULT_BYTES_PER_ELEMENT_A_JOB,
                    MatmulConfig.N, BYTES_PER_ELEMENT + " bytes an element of the n x n, and " + BYTES_PER_ELEMENT_A_JOB
                            + " more a job in flight, measured at n = 2048");
        }

        @Override
        public Path outputDir() {
            return matmul.outputDir();
        }

        @Override
        public long steps() {
            return matmul.jobs();
        }

        @Override
        public String stepsKey() {
            return MatmulConfig.JOBS;
        }

        @Override
        public List<String> results() {
            return List.of(ResultBolt.JOBS_CSV, ResultBolt.SUMMARY);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR, MatmulConfig.A_FILE, MatmulConfig.B_FILE);
        }

        @Override
        public List<String> inputKeys() {
            return List.of(MatmulConfig.A_FILE, MatmulConfig.B_FILE);
        }
    }
}
