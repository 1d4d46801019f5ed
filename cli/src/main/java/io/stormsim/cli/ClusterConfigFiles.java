package io.stormsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the configs of a local cluster's daemons: {@code zoo.cfg}, one Storm YAML per Storm daemon (its own
 * local directory, ports and host address), Prometheus' config, rules and (empty) targets and, on a cluster of
 * several hosts, {@code redis.conf}.
 */
final class ClusterConfigFiles {
    /** Seconds between executor statistics reaching Nimbus (Storm's default is 60). */
    private static final int METRICS_SECONDS = 10;
    static final int LAUNCH_SECONDS = 60;
    static final int TASK_TIMEOUT_SECONDS = 15;
    static final int SUPERVISOR_TIMEOUT_SECONDS = 15;
    static final int MONITOR_SECONDS = 3;
    private static final String HOST = "127.0.0.1";
    static final String PROMETHEUS_CONFIG = "prometheus.yml";
    static final String PROMETHEUS_RULES = "prometheus-rules.yml";
    /** Prometheus' file-based service discovery: the workers' endpoints, kept by {@link ScrapeTargets}. */
    static final String PROMETHEUS_TARGETS = "prometheus-targets.yml";
    /** Seconds between scrapes, and between rule evaluations. */
    static final int SCRAPE_SECONDS = 5;
    /**
     * Redis' process title carries its config file's path, as every daemon's command line carries the cluster
     * directory: that is how the launcher tells its processes from others that took a recorded pid.
     */
    private static final String REDIS_TITLE = "\"{title} {listen-addr} {config-file}\"";

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
        Map<String, Object> nimbus = common(layout, ClusterLayout.NIMBUS);
        // A host that dies takes its Supervisor with it: Nimbus moves the host's workers once their executors are
        // older than nimbus.task.launch.secs (Storm: 120) and their heartbeats older than nimbus.task.timeout.secs
        // (30), and blacklists the Supervisor after nimbus.supervisor.timeout.secs (60), checking every
        // nimbus.monitor.freq.secs (10). With Storm's values a run whose spout's host died 35 s after it started
        // moved again after 105 s (docs/operations.md).
        nimbus.put("nimbus.task.launch.secs", LAUNCH_SECONDS);
        nimbus.put("nimbus.task.timeout.secs", TASK_TIMEOUT_SECONDS);
        nimbus.put("nimbus.supervisor.timeout.secs", SUPERVISOR_TIMEOUT_SECONDS);
        nimbus.put("nimbus.monitor.freq.secs", MONITOR_SECONDS);
        writeYaml(layout.conf(ClusterLayout.NIMBUS + ".yaml"), nimbus);
        for (int i = 1; i <= layout.supervisorCount(); i++) {
            String name = ClusterLayout.supervisor(i);
            Map<String, Object> conf = common(layout, name);
            conf.put("supervisor.thrift.port", layout.supervisorPort(i));
            conf.put("supervisor.slots.ports", layout.slotPorts(i));
            writeYaml(layout.conf(name + ".yaml"), conf);
        }
        writePrometheus(layout);
        if (layout.multiHost()) {
            Files.writeString(layout.conf("redis.conf"), String.join("\n",
                    "# written by scripts/cluster start: the run store of a cluster of several hosts",
                    "bind " + HOST,
                    "port " + layout.redisPort(),
                    "dir " + layout.data(ClusterLayout.REDIS),
                    // every write on disk within a second: a run store that outlives Redis' restart
                    "appendonly yes",
                    "appendfsync everysec",
                    "save \"\"",
                    "daemonize no",
                    "proc-title-template " + REDIS_TITLE,
                    ""));
        }
    }

    private static void writePrometheus(ClusterLayout layout) throws IOException {
        Files.writeString(layout.conf(PROMETHEUS_CONFIG), String.join("\n",
                "# written by scripts/cluster start: the cluster's Prometheus scrapes every worker's endpoint",
                "global:",
                "  scrape_interval: " + SCRAPE_SECONDS + "s",
                "  evaluation_interval: " + SCRAPE_SECONDS + "s",
                "rule_files:",
                "  - " + layout.conf(PROMETHEUS_RULES),
                "scrape_configs:",
                "  - job_name: stormsim",
                "    file_sd_configs:",
                "      - files: [" + layout.conf(PROMETHEUS_TARGETS) + "]",
                "        refresh_interval: " + SCRAPE_SECONDS + "s",
                ""));
        Files.writeString(layout.conf(PROMETHEUS_TARGETS), "[]\n");
        try (var in = ClusterConfigFiles.class.getResourceAsStream(PROMETHEUS_RULES)) {
            Files.write(layout.conf(PROMETHEUS_RULES), in.readAllBytes());
        }
    }

    private static Map<String, Object> common(ClusterLayout layout, String daemon) {
        Map<String, Object> conf = new LinkedHashMap<>();
        conf.put("storm.zookeeper.servers", List.of(HOST));
        conf.put("storm.zookeeper.port", layout.zookeeperPort());
        conf.put("nimbus.seeds", List.of(HOST));
        conf.put("nimbus.thrift.port", layout.nimbusPort());
        conf.put("storm.local.hostname", layout.address(layout.host(daemon)));
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
