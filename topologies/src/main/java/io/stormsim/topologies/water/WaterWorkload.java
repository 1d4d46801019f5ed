package io.stormsim.topologies.water;

import io.stormsim.bolts.bsp.PartitionRule;
import io.stormsim.bolts.water.WaterConfig;
import io.stormsim.bolts.water.WaterSink;
import io.stormsim.bolts.wire.WaterKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyChecks;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** SPLASH-2 Water, molecular dynamics of water molecules with a spherical cutoff ({@code stormsim.water.*}). */
public final class WaterWorkload implements Workload {
    @Override
    public String name() {
        return "water";
    }

    @Override
    public List<String> keys() {
        return WaterConfig.KEYS;
    }

    /** Reads every file the run will read (input, random numbers, restart state), as the start will. */
    @Override
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        WaterConfig water = WaterConfig.from(config);
        if (water.restartFile().isEmpty()) {
            water.randomNumbers();
        }
        if (water.run().checkpointEvery() > 0) {
            TopologyChecks.checkWritable(RunConfig.CHECKPOINT_DIR, water.run().checkpointDir());
        }
    }

    @Override
    public PartitionRule partitionRule(Map<String, Object> config) {
        return WaterConfig.from(config);
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(WaterKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return WaterConfig.from(config).outputDir();
    }

    @Override
    public long steps(Map<String, Object> config) {
        return WaterConfig.from(config).run().steps();
    }

    @Override
    public List<String> results() {
        return List.of(WaterSink.TABLE, WaterSink.CSV, WaterSink.FINAL_STATE, WaterSink.SUMMARY);
    }

    @Override
    public List<String> pathKeys() {
        return List.of(RunConfig.OUTPUT_DIR, RunConfig.CHECKPOINT_DIR, WaterConfig.INPUT_FILE, WaterConfig.RANDOM_FILE,
                WaterConfig.RESTART_FILE);
    }
}
