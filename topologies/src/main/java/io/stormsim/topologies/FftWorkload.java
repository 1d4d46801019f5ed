package io.stormsim.topologies;

import io.stormsim.bolts.bsp.SingleTask;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.fft.FftConfig;
import io.stormsim.bolts.fft.FftResultBolt;
import io.stormsim.run.RunConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.BoltDef;
import org.apache.storm.flux.model.TopologyDef;

/** The six-step FFT ({@code stormsim.fft.*}). */
final class FftWorkload implements Workload {
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
        FftConfig fft = FftConfig.from(config);
        fft.checkInput();
        for (BoltDef b : def.getBolts()) {
            if (b.getParallelism() > fft.maxPartitions() && isPhase(b)) {
                throw new ConfigException("bolt '" + b.getId() + "' parallelism = " + b.getParallelism()
                        + " is not allowed with " + FftConfig.M + " = " + fft.m() + ": at most 2^floor(m/2) = "
                        + fft.maxPartitions() + " partitions (each owns at least one row of every phase)");
            }
        }
    }

    private static boolean isPhase(BoltDef b) {
        try {
            Class<?> type = Class.forName(b.getClassName());
            return StepBolt.class.isAssignableFrom(type) && !SingleTask.class.isAssignableFrom(type);
        } catch (ClassNotFoundException e) {
            return false; // TopologyChecks names the missing class
        }
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
    public String doneFile() {
        return FftResultBolt.SUMMARY;
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
