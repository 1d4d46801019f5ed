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
import java.util.Optional;
import java.util.Properties;

/**
 * The files, ports and hosts of a local cluster: everything follows from its directory, a base port B and
 * its number of hosts. ZooKeeper listens on B, Nimbus on B+1, Redis on B+2, Prometheus on B+3, supervisor i
 * (1..) on B+10+i, and its worker slots on B+20+2(i-1) and the port after.
 *
 * <p>With {@code hosts = 0} (the default) everything runs on 127.0.0.1 and shares one view of the disk:
 * two Supervisors, data in {@code data/<daemon>}, logs in {@code logs/}. With {@code hosts = N}, host 0
 * (127.0.0.1) runs ZooKeeper, Nimbus and Redis, and hosts 1..N one Supervisor each, on 127.0.1.K, each with
 * its own {@code hosts/K/data} and {@code hosts/K/logs}, which the other hosts do not see
 * ({@link HostView}). The directory also holds {@code cluster.properties} (base port, hosts), {@code conf/}
 * and {@code pids/}.
 */
public record ClusterLayout(Path dir, int basePort, int hosts) {
    public static final int DEFAULT_BASE_PORT = 17600;
    public static final int MAX_HOSTS = 9;
    public static final int PORT_SPAN = 20 + 2 * MAX_HOSTS;
    /** The Supervisors of a cluster of one host. */
    public static final int ONE_HOST_SUPERVISORS = 2;
    public static final int SLOTS_PER_SUPERVISOR = 2;
    public static final String ZOOKEEPER = "zookeeper";
    public static final String NIMBUS = "nimbus";
    public static final String REDIS = "redis";
    public static final String PROMETHEUS = "prometheus";
    /** Keeps Prometheus' targets on the workers' endpoints ({@link ScrapeTargets}). */
    public static final String SCRAPE_TARGETS = "scrape-targets";
    static final String PROPERTIES = "cluster.properties";
    private static final String BASE_PORT_KEY = "base.port";
    private static final String HOSTS_KEY = "hosts";

    public ClusterLayout {
        dir = dir.toAbsolutePath().normalize();
        if (basePort < 1024 || basePort + PORT_SPAN > 65535) {
            throw new IllegalArgumentException(basePort + " is not allowed as base port: must be in 1024.."
                    + (65535 - PORT_SPAN) + " (the cluster uses it and the " + (PORT_SPAN - 1) + " ports above)");
        }
        if (hosts < 0 || hosts > MAX_HOSTS) {
            throw new IllegalArgumentException(hosts + " is not allowed as number of hosts: must be in 1.." + MAX_HOSTS
                    + " (leave it out for a cluster of one host)");
        }
    }

    /** A cluster of one host. */
    public ClusterLayout(Path dir, int basePort) {
        this(dir, basePort, 0);
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
            return new ClusterLayout(dir, Integer.parseInt(p.getProperty(BASE_PORT_KEY, "").trim()),
                    Integer.parseInt(p.getProperty(HOSTS_KEY, "0").trim()));
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException(file + " is not a cluster description (" + BASE_PORT_KEY + " = port, "
                    + HOSTS_KEY + " = count): " + e.getMessage());
        }
    }

    void writeProperties() throws IOException {
        Properties p = new Properties();
        p.setProperty(BASE_PORT_KEY, String.valueOf(basePort));
        p.setProperty(HOSTS_KEY, String.valueOf(hosts));
        try (OutputStream out = Files.newOutputStream(dir.resolve(PROPERTIES))) {
            p.store(out, "a local Storm cluster started by scripts/cluster");
        }
    }

    /** Several hosts, each with its own address and view of the disk. */
    public boolean multiHost() {
        return hosts > 0;
    }

    public int zookeeperPort() {
        return basePort;
    }

    public int nimbusPort() {
        return basePort + 1;
    }

    public int redisPort() {
        return basePort + 2;
    }

    public int prometheusPort() {
        return basePort + 3;
    }

    /** The Prometheus server of the cluster, on host 0. */
    public String prometheusUrl() {
        return "http://" + address(0) + ":" + prometheusPort();
    }

    /** The run store every host reaches: Redis on host 0 of a cluster of several hosts. */
    public String storeUrl() {
        return "redis://" + address(0) + ":" + redisPort();
    }

    /** {@link #storeUrl} where the cluster keeps one (several hosts); none on one host. */
    public Optional<String> runStore() {
        return multiHost() ? Optional.of(storeUrl()) : Optional.empty();
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

    public int supervisorCount() {
        return multiHost() ? hosts : ONE_HOST_SUPERVISORS;
    }

    public static String supervisor(int i) {
        return "supervisor-" + i;
    }

    public List<String> supervisors() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= supervisorCount(); i++) {
            names.add(supervisor(i));
        }
        return names;
    }

    /** The daemons in start order. */
    public List<String> daemons() {
        List<String> names = new ArrayList<>(List.of(ZOOKEEPER, NIMBUS));
        if (multiHost()) {
            names.add(REDIS);
        }
        names.addAll(List.of(PROMETHEUS, SCRAPE_TARGETS));
        names.addAll(supervisors());
        return names;
    }

    /** The host a daemon runs on: supervisor K on host K of a cluster of several hosts, everything else on 0. */
    public int host(String daemon) {
        return multiHost() && daemon.startsWith("supervisor-") ? Integer.parseInt(daemon.substring("supervisor-".length())) : 0;
    }

    /** The host's address: 127.0.0.1 for host 0 (and every daemon of a one-host cluster), 127.0.1.K for host K. */
    public String address(int host) {
        return host == 0 ? "127.0.0.1" : "127.0.1." + host;
    }

    /** The directory of a host's data and logs: the cluster directory on a one-host cluster. */
    public Path hostDir(int host) {
        return multiHost() ? dir.resolve("hosts").resolve(String.valueOf(host)) : dir;
    }

    /** Every port the cluster listens on, with what listens there. */
    public Map<Integer, String> ports() {
        Map<Integer, String> ports = new LinkedHashMap<>();
        ports.put(zookeeperPort(), "ZooKeeper");
        ports.put(nimbusPort(), "Nimbus Thrift");
        if (multiHost()) {
            ports.put(redisPort(), "Redis");
        }
        ports.put(prometheusPort(), "Prometheus");
        for (int i = 1; i <= supervisorCount(); i++) {
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
        return hostDir(host(daemon)).resolve("data").resolve(daemon);
    }

    /** Host 0's logs: every daemon's on a one-host cluster. */
    public Path logs() {
        return logs(0);
    }

    /** A host's logs: its daemons', and {@code workers-artifacts/} of the workers it ran. */
    public Path logs(int host) {
        return hostDir(host).resolve("logs");
    }

    public Path log(String daemon) {
        return logs(host(daemon)).resolve(daemon + ".log");
    }

    /** What a daemon writes to stdout and stderr (JVM errors before logging starts). */
    public Path out(String daemon) {
        return logs(host(daemon)).resolve(daemon + ".out");
    }

    public Path pidFile(String daemon) {
        return dir.resolve("pids").resolve(daemon + ".pid");
    }
}
