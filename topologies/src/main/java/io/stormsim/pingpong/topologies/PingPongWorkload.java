package io.stormsim.pingpong.topologies;

import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.spouts.PingerSpout;
import io.stormsim.run.RunConfig;
import io.stormsim.topologies.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The messaging benchmark ({@code stormsim.pingpong.*}): round trips between two workers. */
public final class PingPongWorkload implements Workload {
    @Override
    public String name() {
        return "pingpong";
    }

    @Override
    public List<String> keys() {
        return PingPongConfig.KEYS;
    }

    @Override
    public Settings read(Map<String, Object> config) {
        return new PingPongSettings(PingPongConfig.from(config));
    }

    private record PingPongSettings(PingPongConfig pingpong) implements Settings {
        @Override
        public Path outputDir() {
            return pingpong.outputDir();
        }

        @Override
        public long steps() {
            return pingpong.phases().size();
        }

        @Override
        public String doneFile() {
            return PingerSpout.TABLE;
        }

        @Override
        public List<String> results() {
            return List.of(PingerSpout.CSV, PingerSpout.TABLE);
        }

        @Override
        public List<String> pathKeys() {
            return List.of(RunConfig.OUTPUT_DIR);
        }
    }
}
