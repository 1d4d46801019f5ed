package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertEquals(ClusterLayout.daemons().size() + ClusterLayout.SUPERVISORS * ClusterLayout.SLOTS_PER_SUPERVISOR,
                ports.size(), "no port used twice: " + layout.ports());
        assertTrue(ports.stream().allMatch(p -> p >= 21000 && p < 21000 + ClusterLayout.PORT_SPAN), "ports in the span");

        Set<Object> localDirs = new HashSet<>();
        for (String daemon : ClusterLayout.daemons().subList(1, ClusterLayout.daemons().size())) {
            Map<String, Object> conf = yaml(layout.conf(daemon + ".yaml"));
            assertEquals(List.of("127.0.0.1"), conf.get("storm.zookeeper.servers"));
            assertEquals(layout.zookeeperPort(), conf.get("storm.zookeeper.port"));
            assertEquals(List.of("127.0.0.1"), conf.get("nimbus.seeds"));
            assertEquals(layout.nimbusPort(), conf.get("nimbus.thrift.port"));
            assertEquals("127.0.0.1", conf.get("storm.local.hostname"));
            assertEquals(10, conf.get("executor.metrics.frequency.secs"));
            assertTrue(localDirs.add(conf.get("storm.local.dir")), daemon + " shares its local dir");
        }
        for (int i = 1; i <= ClusterLayout.SUPERVISORS; i++) {
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
