package io.stormsim.benchmarks;

import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The ping-pong schedule every ping-pong benchmark shares: the topology's properties with {@code --set}
 * overrides, checked as {@code stormsim check} checks them, so the baselines outside Storm run exactly the
 * schedule the topology runs. A picocli mixin.
 */
final class PingPongSchedule {
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/pingpong.yaml",
            description = "the topology whose properties give the schedule (default: ${DEFAULT-VALUE})")
    Path yaml;
    @Option(names = "--set", paramLabel = "KEY=VALUE", description = {"a pingpong.properties value, for every run: payloads,"
            + " modes, window, warmup.seconds, seconds, rounds; the Storm runs also take the tuning keys"})
    Map<String, String> sets = new LinkedHashMap<>();

    TopologyFile topology() throws Exception {
        return TopologyFile.load(yaml, null, sets, false);
    }

    PingPongConfig config() throws Exception {
        return PingPongConfig.from(topology().config);
    }

    /** The options that give a child JVM the same schedule. */
    List<String> options() {
        List<String> options = new ArrayList<>(List.of("--yaml", yaml.toString()));
        sets.forEach((k, v) -> options.addAll(List.of("--set", k + "=" + v)));
        return options;
    }
}
