package io.stormsim.topologies;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The workloads the launcher knows, and which one a topology config is. */
final class Workloads {
    static final List<Workload> ALL = List.of(new NbodyWorkload(), new MatmulWorkload(), new FftWorkload(),
            new PingPongWorkload());

    private Workloads() {
    }

    /** The workload whose {@code stormsim.<name>.} keys {@code config} uses. */
    static Workload of(Map<String, Object> config) throws ConfigException {
        List<Workload> used = ALL.stream()
                .filter(w -> config.keySet().stream().anyMatch(k -> k.startsWith(prefix(w))))
                .toList();
        if (used.size() != 1) {
            throw new ConfigException("the topology config must set the keys of exactly one workload ("
                    + ALL.stream().map(w -> prefix(w) + "*").collect(Collectors.joining(", ")) + "); it sets "
                    + (used.isEmpty() ? "none" : used.stream().map(Workloads::prefix).collect(Collectors.joining(" and "))));
        }
        return used.get(0);
    }

    static String prefix(Workload w) {
        return "stormsim." + w.name() + ".";
    }
}
