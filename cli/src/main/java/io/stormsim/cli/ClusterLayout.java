package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The files and ports of a local cluster: everything follows from its directory and a base port B.
 * ZooKeeper listens on B, Nimbus on B+1, supervisor i (1, 2) on B+10+i, and its worker slots on
 * B+20+2(i-1) and the port after. The directory holds {@code cluster.properties} (the base port),
 * {@code conf/} (one config per daemon), {@code data/}, {@code logs/} and
 * {@code pids/}.
 */
public record ClusterLayout(Path dir, int basePort) {
    public static final int DEFAULT_BASE_PORT = 17600;
    public static final int PORT_SPAN = 24;
    public static final int SUPERVISORS = 2;
    public static final int SLOTS_PER_SUPERVISOR = 2;
    public static final String ZOOKEEPER = "zookeeper";
    public static final String NIMBUS = "nimbus";
    static final String PROPERTIES = "cluster.properties";
    private static final String BASE_PORT_KEY = "base.port";

    public ClusterLayout {
        dir = dir.toAbsolutePath().normalize();
        if (basePort < 1024 || basePort + PORT_SPAN > 65535) {
            throw new IllegalArgumentException(basePort + " is not allowed as base port: must be in 1024.."
                    + (65535 - PORT_SPAN) + " (the cluster uses it and the " + (PORT_SPAN - 1) + " ports above)");
        }
    }

    /** The default directory: {@code ~/.stormsim/cluster}, or {@code $STORMSIM_CLUSTER_DIR}. */
    public static Path defaultDir() {
        String env = System.getenv("STORMSIM_CLUSTER_DIR");
        return env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".stormsim", "cluster");
    }

    /** The layout a cluster was started with, from its {@code cluster.properties}. */
    public static ClusterLayout read(Path dir) throws ConfigException {
        Path file = dir.resolve(PROPERTIES);
        if (!Files.isReadable(file)) {
            throw new ConfigException("no cluster in " + dir.toAbsolutePath() + " (" + PROPERTIES + " missing): start"
                    + " one with scripts/cluster start" + (dir.equals(defaultDir()) ? "" : " --dir " + dir));
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
            return new ClusterLayout(dir, Integer.parseInt(p.getProperty(BASE_PORT_KEY, "").trim()));
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException(file + " is not a cluster description (" + BASE_PORT_KEY + " = port): " + e.getMessage());
        }
    }

    void writeProperties() throws IOException {
        Properties p = new Properties();
        p.setProperty(BASE_PORT_KEY, String.valueOf(basePort));
        try (OutputStream out = Files.newOutputStream(dir.resolve(PROPERTIES))) {
            p.store(out, "a local Storm cluster started by scripts/cluster");
        }
    }

    public int zookeeperPort() {
        return basePort;
    }

    public int nimbusPort() {
        return basePort + 1;
    }

    public int supervisorPort(int i) {
        return basePort + 10 + i;
    }

    public List<Integer> slotPorts(int i) {
        List<Integer> ports = new ArrayList<>();
        for (int s = 0; s < SLOTS_PER_SUPERVISOR; s++) {
            ports.add(basePort + 20 + SLOTS_PER_SUPERVISOR * (i - 1) + s);
        }
        return ports;
    }

    public static String supervisor(int i) {
        return "supervisor-" + i;
    }

    public static List<String> supervisors() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= SUPERVISORS; i++) {
            names.add(supervisor(i));
        }
        return names;
    }

    /** The daemons in start order. */
    public static List<String> daemons() {
        List<String> names = new ArrayList<>(List.of(ZOOKEEPER, NIMBUS));
        names.addAll(supervisors());
        return names;
    }

    /** Every port the cluster listens on, with what listens there. */
    public Map<Integer, String> ports() {
        Map<Integer, String> ports = new LinkedHashMap<>();
        ports.put(zookeeperPort(), "ZooKeeper");
        ports.put(nimbusPort(), "Nimbus Thrift");
        for (int i = 1; i <= SUPERVISORS; i++) {
            ports.put(supervisorPort(i), supervisor(i) + " Thrift");
            for (int slot : slotPorts(i)) {
                ports.put(slot, supervisor(i) + " worker slot");
            }
        }
        return ports;
    }

    public Path conf(String file) {
        return dir.resolve("conf").resolve(file);
    }

    public Path data(String daemon) {
        return dir.resolve("data").resolve(daemon);
    }

    public Path logs() {
        return dir.resolve("logs");
    }

    public Path log(String daemon) {
        return logs().resolve(daemon + ".log");
    }

    /** What a daemon writes to stdout and stderr (JVM errors before logging starts). */
    public Path out(String daemon) {
        return logs().resolve(daemon + ".out");
    }

    public Path pidFile(String daemon) {
        return dir.resolve("pids").resolve(daemon + ".pid");
    }
}
