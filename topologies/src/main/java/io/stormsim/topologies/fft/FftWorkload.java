package io.stormsim.topologies.fft;

import io.stormsim.bolts.bsp.PartitionRule;
import io.stormsim.bolts.fft.FftConfig;
import io.stormsim.bolts.fft.FftResultBolt;
import io.stormsim.bolts.wire.FftKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** The six-step FFT ({@code stormsim.fft.*}). */
public final class FftWorkload implements Workload {
    @Override
    public String name() {
        return "fft";
    }

    @Override
    public List<String> keys() {
        return FftConfig.KEYS;
    }

    @Override
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        FftConfig.from(config).checkInput();
    }

    @Override
    public PartitionRule partitionRule(Map<String, Object> config) {
        return FftConfig.from(config);
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(FftKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return FftConfig.from(config).outputDir();
    }

    @Override
    public long steps(Map<String, Object> config) {
        return FftConfig.from(config).run().steps();
    }

    @Override
    public List<String> results() {
        return List.of(FftResultBolt.OUTPUT, FftResultBolt.ROUNDS_CSV, FftResultBolt.SUMMARY);
    }

    @Override
    public List<String> pathKeys() {
        return List.of(RunConfig.OUTPUT_DIR, FftConfig.INPUT_FILE);
    }
}
