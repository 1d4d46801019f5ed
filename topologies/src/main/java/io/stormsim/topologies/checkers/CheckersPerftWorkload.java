package io.stormsim.topologies.checkers;

import io.stormsim.bolts.checkers.CheckersKeys;
import io.stormsim.bolts.checkers.CheckersKryo;
import io.stormsim.bolts.checkers.PerftConfig;
import io.stormsim.bolts.checkers.PerftResultBolt;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** Distributed perft of a checkers position: one job split over the partitions ({@code checkers-perft.yaml}). */
public final class CheckersPerftWorkload implements Workload {
    @Override
    public String name() {
        return "checkers";
    }

    @Override
    public List<String> keys() {
        return PerftConfig.KEYS;
    }

    @Override
    public void check(TopologyDef def, Map<String, Object> config) {
        PerftConfig.from(config);
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(CheckersKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return PerftConfig.from(config).outputDir();
    }

    /** One perft. */
    @Override
    public long steps(Map<String, Object> config) {
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
