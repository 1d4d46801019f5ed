package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/** The local cluster's ports and daemon configs, as written before any daemon starts. */
class ClusterConfigFilesTest {
    @TempDir
    Path dir;

    @Test
    void everyDaemonHasItsOwnPortsAndLocalDirectoryOnLoopback() throws Exception {
        ClusterLayout layout = new ClusterLayout(dir, 21000);
        ClusterConfigFiles.write(layout);
        Set<Integer> ports = layout.ports().keySet();
        // every daemon listens on a port of its own but the one that keeps Prometheus' targets
        assertEquals(layout.daemons().size() - 1 + layout.supervisorCount() * ClusterLayout.SLOTS_PER_SUPERVISOR,
                ports.size(), "no port used twice: " + layout.ports());
        assertTrue(ports.stream().allMatch(p -> p >= 21000 && p < 21000 + ClusterLayout.PORT_SPAN), "ports in the span");

        Set<Object> localDirs = new HashSet<>();
        List<String> storm = new ArrayList<>(List.of(ClusterLayout.NIMBUS));
        storm.addAll(layout.supervisors());
        for (String daemon : storm) {
            Map<String, Object> conf = yaml(layout.conf(daemon + ".yaml"));
            assertEquals(List.of("127.0.0.1"), conf.get("storm.zookeeper.servers"));
            assertEquals(layout.zookeeperPort(), conf.get("storm.zookeeper.port"));
            assertEquals(List.of("127.0.0.1"), conf.get("nimbus.seeds"));
            assertEquals(layout.nimbusPort(), conf.get("nimbus.thrift.port"));
            assertEquals("127.0.0.1", conf.get("storm.local.hostname"));
            assertEquals(10, conf.get("executor.metrics.frequency.secs"));
            assertTrue(localDirs.add(conf.get("storm.local.dir")), daemon + " shares its local dir");
        }
        for (int i = 1; i <= layout.supervisorCount(); i++) {
            Map<String, Object> conf = yaml(layout.conf(ClusterLayout.supervisor(i) + ".yaml"));
            assertEquals(layout.supervisorPort(i), conf.get("supervisor.thrift.port"));
            assertEquals(layout.slotPorts(i), conf.get("supervisor.slots.ports"));
        }
        Properties zoo = new Properties();
        try (Reader in = Files.newBufferedReader(layout.conf("zoo.cfg"))) {
            zoo.load(in);
        }
        assertEquals(String.valueOf(layout.zookeeperPort()), zoo.getProperty("clientPort"));
        assertEquals("127.0.0.1", zoo.getProperty("clientPortAddress"));
    }

    @Test
    void eachHostOfSeveralHasItsAddressItsFilesAndSeesNoOtherHostsFiles() throws Exception {
        ClusterLayout layout = new ClusterLayout(dir, 21000, 3);
        ClusterConfigFiles.write(layout);
        assertEquals(List.of("zookeeper", "nimbus", "redis", "prometheus", "scrape-targets", "supervisor-1", "supervisor-2",
                "supervisor-3"), layout.daemons());
        assertEquals(layout.daemons().size() - 1 + 3 * ClusterLayout.SLOTS_PER_SUPERVISOR, layout.ports().size(),
                "no port used twice: " + layout.ports());
        assertTrue(layout.ports().keySet().stream().allMatch(p -> p >= 21000 && p < 21000 + ClusterLayout.PORT_SPAN));
        assertEquals("127.0.0.1", yaml(layout.conf("nimbus.yaml")).get("storm.local.hostname"));
        for (int host = 1; host <= 3; host++) {
            Map<String, Object> conf = yaml(layout.conf(ClusterLayout.supervisor(host) + ".yaml"));
            assertEquals("127.0.1." + host, conf.get("storm.local.hostname"));
            assertEquals(dir.resolve("hosts/" + host + "/data/supervisor-" + host).toString(), conf.get("storm.local.dir"));
            assertEquals(dir.resolve("hosts/" + host + "/logs"), layout.logs(host));
        }
        assertEquals(dir.resolve("hosts/0/data/redis"), layout.data(ClusterLayout.REDIS));
        assertEquals("redis://127.0.0.1:21002", layout.storeUrl());
        List<String> redis = Files.readAllLines(layout.conf("redis.conf"));
        assertTrue(redis.containsAll(List.of("bind 127.0.0.1", "port 21002", "appendonly yes",
                "dir " + layout.data(ClusterLayout.REDIS))), redis.toString());
        assertTrue(redis.stream().anyMatch(l -> l.startsWith("proc-title-template") && l.contains("{config-file}")),
                "the title names the config file, so that the launcher knows its Redis by it");
    }

    @Test
    void prometheusScrapesTheTargetsFileWithTheRules() throws Exception {
        ClusterLayout layout = new ClusterLayout(dir, 21000);
        ClusterConfigFiles.write(layout);
        Map<String, Object> conf = yaml(layout.conf(ClusterConfigFiles.PROMETHEUS_CONFIG));
        assertEquals(List.of(layout.conf(ClusterConfigFiles.PROMETHEUS_RULES).toString()), conf.get("rule_files"));
        assertTrue(conf.get("scrape_configs").toString().contains("file_sd_configs=[{files=["
                + layout.conf(ClusterConfigFiles.PROMETHEUS_TARGETS) + "]"), conf.toString());
        assertEquals("[]\n", Files.readString(layout.conf(ClusterConfigFiles.PROMETHEUS_TARGETS)), "no targets before a worker");
        assertEquals(21003, layout.prometheusPort());
        assertTrue(Files.readString(layout.conf(ClusterConfigFiles.PROMETHEUS_RULES)).contains("alert: StormsimRunStalled"));
    }

    @Test
    void aHostsViewHidesTheOtherHostsAndTheOutputDirectoryButNotItsOwnFiles() {
        ClusterLayout layout = new ClusterLayout(dir, 21000, 3);
        List<Path> hidden = HostView.hidden(layout, 2);
        assertEquals(List.of(layout.hostDir(0), layout.hostDir(1), layout.hostDir(3), ProjectPaths.home().resolve("output")),
                hidden);
    }

    @Test
    void moreHostsThanThePortsAllowAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 21000, 10));
        assertEquals("10 is not allowed as number of hosts: must be in 1..9 (leave it out for a cluster of one host)",
                e.getMessage());
    }

    @Test
    void basePortOutsideTheAllowedRangeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 80));
        assertTrue(e.getMessage().contains("80 is not allowed as base port: must be in 1024.."), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 65530));
    }

    private static Map<String, Object> yaml(Path file) throws Exception {
        try (Reader in = Files.newBufferedReader(file)) {
            return new Yaml().load(in);
        }
    }
}
