package io.stormsim.fft.topologies;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.fft.bolts.FftConfig;
import io.stormsim.fft.bolts.FftKryo;
import io.stormsim.fft.bolts.FftResultBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import io.stormsim.wire.StreamKryo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** The six-step FFT ({@code stormsim.fft.*}). */
public final class FftWorkload implements Workload {
    private static final long BYTES_PER_POINT = 64, RESULT_BYTES_PER_POINT = 16;

    @Override
    public String name() {
        return "fft";
    }

    @Override
    public List<String> keys() {
        return FftConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new FftSettings(FftConfig.from(config));
    }

    private record FftSettings(FftConfig fft) implements Settings {
        @Override
        public void check(TopologyDef def) throws ConfigException {
            fft.checkInput();
        }

        @Override
        public PartitionRule partitionRule() {
            return fft;
        }

        @Override
        public List<String> kryoDecorators() {
            return List.of(FftKryo.class.getName(), StreamKryo.class.getName());
        }

        /**
         * The smallest heap that ran 2^22 and 2^24 points on 2 partitions (the whole embedded cluster, 4 transforms)
         * was 262 and 914 MiB: 54 bytes a point more, rounded up to 64 (four copies of the signal: the input, a
         * transpose's blocks as sent and as joined, a pass's output; docs/performance/fft.md). A worker holds its
         * share of the partitions, and the one with the result bolt also round 0's result.
         */
        @Override
        public Heap heap(int partitions, int workers) {
            long n = 1L << fft.m();
            return new Heap(workers == 1 ? n * BYTES_PER_POINT : n * BYTES_PER_POINT / workers + n * RESULT_BYTES_PER_POINT,
                    FftConfig.M, BYTES_PER_POINT + " bytes a point of the 2^m, measured at 2^24 points");
        }

        @Override
        public Path outputDir() {
            return fft.outputDir();
        }

        @Override
        public long steps() {
            return fft.run().steps();
        }

        @Override
        public List<String> results() {
            return List.of(FftResultBolt.OUTPUT, FftResultBolt.ROUNDS_CSV, FftResultBolt.SUMMARY);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR, FftConfig.INPUT_FILE);
        }

        @Override
        public List<String> inputKeys() {
            return List.of(FftConfig.INPUT_FILE);
        }
    }
}
