package io.stormsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the configs of a local cluster's daemons: {@code zoo.cfg}, and one Storm YAML per Storm daemon
 * (its own local directory and ports; everything on 127.0.0.1).
 */
final class ClusterConfigFiles {
    /** Seconds between executor statistics reaching Nimbus (Storm's default is 60). */
    private static final int METRICS_SECONDS = 10;
    private static final String HOST = "127.0.0.1";

    private ClusterConfigFiles() {
    }

    static void write(ClusterLayout layout) throws IOException {
        Files.createDirectories(layout.conf("x").getParent());
        Files.writeString(layout.conf("zoo.cfg"), String.join("\n",
                "tickTime=2000",
                "dataDir=" + layout.data(ClusterLayout.ZOOKEEPER),
                "clientPort=" + layout.zookeeperPort(),
                "clientPortAddress=" + HOST,
                "admin.enableServer=false",
                ""));
        writeYaml(layout.conf(ClusterLayout.NIMBUS + ".yaml"), common(layout, ClusterLayout.NIMBUS));
        for (int i = 1; i <= ClusterLayout.SUPERVISORS; i++) {
            String name = ClusterLayout.supervisor(i);
            Map<String, Object> conf = common(layout, name);
            conf.put("supervisor.thrift.port", layout.supervisorPort(i));
            conf.put("supervisor.slots.ports", layout.slotPorts(i));
            writeYaml(layout.conf(name + ".yaml"), conf);
        }
    }

    private static Map<String, Object> common(ClusterLayout layout, String daemon) {
        Map<String, Object> conf = new LinkedHashMap<>();
        conf.put("storm.zookeeper.servers", List.of(HOST));
        conf.put("storm.zookeeper.port", layout.zookeeperPort());
        conf.put("nimbus.seeds", List.of(HOST));
        conf.put("nimbus.thrift.port", layout.nimbusPort());
        conf.put("storm.local.hostname", HOST);
        conf.put("storm.local.dir", layout.data(daemon).toString());
        conf.put("executor.metrics.frequency.secs", METRICS_SECONDS);
        // every tuple counted: the status table shows exact counts (the default samples 1 in 20)
        conf.put("topology.stats.sample.rate", 1.0);
        conf.put("worker.childopts", "-Xmx%HEAP-MEM%m -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=artifacts/heapdump");
        return conf;
    }

    private static void writeYaml(Path file, Map<String, Object> conf) throws IOException {
        StringBuilder yaml = new StringBuilder("# written by scripts/cluster start; rewritten at every start\n");
        for (Map.Entry<String, Object> e : conf.entrySet()) {
            yaml.append(e.getKey()).append(": ").append(yamlValue(e.getValue())).append('\n');
        }
        Files.writeString(file, yaml);
    }

    /** Numbers as they are, strings double-quoted, lists in brackets. */
    private static String yamlValue(Object v) {
        if (v instanceof List<?> list) {
            return list.stream().map(ClusterConfigFiles::yamlValue).collect(Collectors.joining(", ", "[", "]"));
        }
        if (v instanceof Number) {
            return v.toString();
        }
        return '"' + v.toString().replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
