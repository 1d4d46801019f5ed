package io.stormsim.topologies.sort;

import io.stormsim.spouts.JobSpout;
import io.stormsim.bolts.sort.SortConfig;
import io.stormsim.bolts.sort.SortSinkBolt;
import io.stormsim.bolts.wire.SortKryo;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.flux.model.TopologyDef;

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
    public void check(TopologyDef def, Map<String, Object> config) throws ConfigException {
        SortConfig.from(config);
        JobSpout.inFlight(config, SortConfig.JOBS_IN_FLIGHT);
    }

    @Override
    public List<String> kryoDecorators() {
        return List.of(SortKryo.class.getName());
    }

    @Override
    public Path outputDir(Map<String, Object> config) {
        return SortConfig.from(config).outputDir();
    }

    @Override
    public long steps(Map<String, Object> config) {
        return SortConfig.from(config).jobs();
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
}
