package io.stormsim.topologies.matmul;

import io.stormsim.spouts.JobSpout;
import io.stormsim.bolts.bsp.PartitionRule;
import io.stormsim.bolts.matmul.MatmulConfig;
import io.stormsim.bolts.matmul.ResultBolt;
import io.stormsim.bolts.wire.MatmulKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

/** Blocked dense matrix multiply, SUMMA on a grid of tasks ({@code stormsim.matmul.*}). */
public final class MatmulWorkload implements Workload {
    @Override
    public String name() {
        return "matmul";
    }

    @Override
    public List<String> keys() {
        return MatmulConfig.KEYS;
    }

    @Override
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        MatmulConfig matmul = MatmulConfig.from(config);
        if (!matmul.aFile().isEmpty()) {
            matmul.readA();
        }
        matmul.readB();
        JobSpout.inFlight(config, MatmulConfig.JOBS_IN_FLIGHT);
    }

    @Override
    public PartitionRule partitionRule(Map<String, Object> config) {
        return MatmulConfig.from(config);
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(MatmulKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return MatmulConfig.from(config).outputDir();
    }

    @Override
    public long steps(Map<String, Object> config) {
        return MatmulConfig.from(config).jobs();
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
}
