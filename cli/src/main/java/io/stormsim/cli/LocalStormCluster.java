package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.utils.NimbusClient;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A real Storm cluster on this machine: ZooKeeper, one Nimbus and the Supervisors, each a JVM of its own with
 * its config, log and data in the cluster directory ({@link ClusterLayout}), and Prometheus, which scrapes the
 * workers' metrics; on several hosts also Redis, the run store, and each host its own address and view of the
 * disk. Started, checked, stopped and (a host at a time) killed by process id. A start begins from empty data
 * and logs; it fails with the end of the log of a daemon that does not come up in time, and then leaves nothing
 * running.
 */
public final class LocalStormCluster {
    public static final Duration START_TIMEOUT = Duration.ofSeconds(150);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    private static final int LOG_TAIL_LINES = 25;

    private final ClusterLayout layout;
    private final ClusterProcesses processes;
    private final PrintStream out;

    public LocalStormCluster(ClusterLayout layout, PrintStream out) {
        this.layout = layout;
        this.processes = new ClusterProcesses(layout);
        this.out = out;
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** Starts every daemon and returns once Nimbus and Prometheus answer and every Supervisor has registered. */
    public void start() throws Exception {
        if (!running(layout.daemons()).isEmpty()) {
            throw new ConfigException("a cluster is already running in " + layout.dir() + ": stop it first with"
                    + " scripts/cluster stop" + dirOption());
        }
        checkDirectory();
        checkPortsFree();
        ClusterDaemons daemons = new ClusterDaemons(layout, ProjectPaths.stormHome(), ProjectPaths.zookeeperLib());
        for (String sub : List.of("data", "logs", "pids", "hosts")) {
            deleteTree(layout.dir().resolve(sub));
        }
        for (String daemon : layout.daemons()) {
            Files.createDirectories(layout.data(daemon));
            Files.createDirectories(layout.logs(layout.host(daemon)));
        }
        layout.writeProperties();
        ClusterConfigFiles.write(layout);
        long start = System.nanoTime();
        try {
            daemons.launch(ClusterLayout.ZOOKEEPER);
            await(List.of(ClusterLayout.ZOOKEEPER), "ZooKeeper does not accept connections on 127.0.0.1:"
                    + layout.zookeeperPort(), this::zookeeperAnswers);
            if (layout.multiHost()) {
                daemons.launch(ClusterLayout.REDIS);
            }
            daemons.launch(ClusterLayout.NIMBUS);
            daemons.launch(ClusterLayout.PROMETHEUS);
            daemons.launch(ClusterLayout.SCRAPE_TARGETS);
            for (String supervisor : layout.supervisors()) {
                daemons.launch(supervisor);
            }
            if (layout.multiHost()) {
                await(List.of(ClusterLayout.REDIS), "Redis does not answer on " + layout.storeUrl(), this::redisAnswers);
            }
            await(List.of(ClusterLayout.NIMBUS), "Nimbus does not answer on 127.0.0.1:" + layout.nimbusPort(),
                    () -> clusterSummary().isPresent());
            await(List.of(ClusterLayout.PROMETHEUS, ClusterLayout.SCRAPE_TARGETS), "Prometheus is not ready at "
                    + layout.prometheusUrl(), this::prometheusReady);
            int supervisors = layout.supervisorCount();
            await(layout.supervisors(), "not all " + supervisors + " Supervisors registered with Nimbus",
                    () -> clusterSummary().map(ClusterSummary::get_supervisors_size).orElse(0) >= supervisors);
        } catch (Exception e) {
            out.println("stopping what was started ...");
            try {
                stop();
            } catch (Exception notStopped) {
                e.addSuppressed(notStopped);
            }
            throw e;
        }
        out.printf("cluster up in %.1f s (Java %s, JAVA_HOME for workers %s)%n", (System.nanoTime() - start) / 1e9,
                System.getProperty("java.version"), daemons.javaHome());
        status();
    }

    /**
     * Stops the Supervisors (so that they start no more workers), then every worker they started, then
     * Nimbus, then ZooKeeper: SIGTERM, then SIGKILL after a grace period. Returns the number of processes
     * ended; fails if any process of the cluster is left.
     */
    public int stop() throws Exception {
        List<ProcessHandle> supervisors = running(layout.supervisors());
        Set<ProcessHandle> workers = new LinkedHashSet<>(processes.workers());
        ClusterProcesses.end(supervisors, STOP_GRACE);
        workers.addAll(processes.workers());
        ClusterProcesses.end(workers, STOP_GRACE);
        List<ProcessHandle> metrics = running(List.of(ClusterLayout.SCRAPE_TARGETS, ClusterLayout.PROMETHEUS));
        ClusterProcesses.end(metrics, STOP_GRACE);
        List<ProcessHandle> nimbus = running(List.of(ClusterLayout.NIMBUS));
        ClusterProcesses.end(nimbus, STOP_GRACE);
        List<ProcessHandle> redis = running(List.of(ClusterLayout.REDIS));
        ClusterProcesses.end(redis, STOP_GRACE);
        List<ProcessHandle> zookeeper = running(List.of(ClusterLayout.ZOOKEEPER));
        ClusterProcesses.end(zookeeper, STOP_GRACE);
        List<ProcessHandle> left = running(layout.daemons());
        left.addAll(processes.workers());
        if (!left.isEmpty()) {
            throw new IllegalStateException("processes of the cluster in " + layout.dir() + " still run after stop: pids "
                    + left.stream().map(p -> String.valueOf(p.pid())).collect(Collectors.joining(" ")));
        }
        for (String daemon : layout.daemons()) {
            Files.deleteIfExists(layout.pidFile(daemon));
        }
        return supervisors.size() + workers.size() + metrics.size() + nimbus.size() + redis.size() + zookeeper.size();
    }

    /**
     * Kills host {@code host} (1..hosts) of a cluster of several hosts as a machine that dies: its Supervisor and
     * every worker it started, SIGKILL all at once. Returns the processes killed.
     */
    public List<ProcessHandle> killHost(int host) throws Exception {
        if (!layout.multiHost()) {
            throw new ConfigException("the cluster in " + layout.dir() + " is one host: kill-host needs a cluster"
                    + " started with --hosts N");
        }
        if (host < 1 || host > layout.hosts()) {
            throw new ConfigException("kill-host " + host + ": there is no such host to kill, the Supervisors run on"
                    + " hosts 1.." + layout.hosts() + " (host 0 holds ZooKeeper, Nimbus and Redis: stop the cluster"
                    + " to end it)");
        }
        String supervisor = ClusterLayout.supervisor(host);
        List<ProcessHandle> victims = new ArrayList<>();
        processes.daemon(supervisor).ifPresent(victims::add);
        victims.addAll(processes.workers(supervisor));
        victims.forEach(ProcessHandle::destroyForcibly);
        ClusterProcesses.end(victims, STOP_GRACE);
        return victims;
    }

    private List<ProcessHandle> running(List<String> daemons) {
        List<ProcessHandle> running = new ArrayList<>();
        for (String daemon : daemons) {
            processes.daemon(daemon).ifPresent(running::add);
        }
        return running;
    }

    /** Prints each daemon's process and port, and what Nimbus reports; true if every daemon runs. */
    public boolean status() throws Exception {
        out.println("cluster in " + layout.dir() + " (base port " + layout.basePort()
                + (layout.multiHost() ? ", " + layout.hosts() + " hosts and host 0" : ", one host")
                + ", logs in " + (layout.multiHost() ? layout.dir().resolve("hosts") + "/K/logs" : layout.logs()) + ")");
        boolean all = true;
        for (int host = 0; host <= layout.hosts(); host++) {
            if (layout.multiHost()) {
                out.printf("host %d (%s)%n", host, layout.address(host));
            }
            for (String daemon : layout.daemons()) {
                if (layout.host(daemon) == host) {
                    all &= daemonRow(daemon, ports(daemon));
                }
            }
            if (layout.multiHost() && host > 0) {
                workerRow(processes.workers(ClusterLayout.supervisor(host)));
            }
        }
        if (!layout.multiHost()) {
            workerRow(processes.workers());
        }
        out.println("  metrics:      " + layout.prometheusUrl() + " (Prometheus; its targets follow the workers)");
        if (layout.multiHost()) {
            out.println("  run store:    " + layout.storeUrl() + " (submit --cluster " + layout.dir() + " uses it)");
        }
        Optional<ClusterSummary> summary = clusterSummary();
        if (summary.isPresent()) {
            int slots = 0, used = 0;
            for (SupervisorSummary s : summary.get().get_supervisors()) {
                slots += s.get_num_workers();
                used += s.get_num_used_workers();
            }
            out.printf("  nimbus says:  %d supervisors, %d of %d worker slots used, topologies: %s%n",
                    summary.get().get_supervisors_size(), used, slots, summary.get().get_topologies().isEmpty() ? "none"
                            : String.join(", ", summary.get().get_topologies().stream()
                            .map(t -> t.get_name() + " (" + t.get_status() + ")").toList()));
        }
        return all;
    }

    private String ports(String daemon) {
        return switch (daemon) {
            case ClusterLayout.ZOOKEEPER -> String.valueOf(layout.zookeeperPort());
            case ClusterLayout.NIMBUS -> String.valueOf(layout.nimbusPort());
            case ClusterLayout.REDIS -> String.valueOf(layout.redisPort());
            case ClusterLayout.PROMETHEUS -> String.valueOf(layout.prometheusPort());
            case ClusterLayout.SCRAPE_TARGETS -> "-";
            default -> {
                int i = Integer.parseInt(daemon.substring("supervisor-".length()));
                yield layout.supervisorPort(i) + " (slots " + layout.slotPorts(i).stream().map(String::valueOf)
                        .collect(Collectors.joining(", ")) + ")";
            }
        };
    }

    private void workerRow(List<ProcessHandle> workers) {
        String pids = workers.stream().map(w -> String.valueOf(w.pid())).collect(Collectors.joining(" "));
        out.printf("  %-42s %s%n", "workers", workers.isEmpty() ? "none"
                : workers.size() + " processes, worker JVMs and their log writers (pids " + pids + ")");
    }

    /** Prints the daemon's ports and process; true if it runs. */
    private boolean daemonRow(String daemon, String ports) {
        Optional<ProcessHandle> p = processes.daemon(daemon);
        String state = p.map(h -> "running    pid " + h.pid())
                .orElse(processes.recordedPid(daemon).map(pid -> "NOT RUNNING (pid " + pid + " ended; see "
                        + layout.log(daemon) + ")").orElse("not running"));
        out.printf("  %-13s %-28s %s%n", daemon, ports, state);
        return p.isPresent();
    }

    /** The directory is new, empty, or one this launcher made (it deletes data/, logs/ and pids/ in it). */
    private void checkDirectory() throws IOException, ConfigException {
        Path dir = layout.dir();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new ConfigException("cluster directory " + dir + " is a file: give a new or empty directory");
        }
        if (Files.isDirectory(dir) && !Files.exists(dir.resolve(ClusterLayout.PROPERTIES))) {
            try (Stream<Path> entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new ConfigException("cluster directory " + dir + " is not empty and holds no "
                            + ClusterLayout.PROPERTIES + ": give a new or empty directory (start deletes data/, logs/,"
                            + " hosts/ and pids/ in it)");
                }
            }
        }
        Files.createDirectories(dir);
    }

    private void checkPortsFree() throws ConfigException {
        for (Map.Entry<Integer, String> port : layout.ports().entrySet()) {
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress("127.0.0.1", port.getKey()));
            } catch (BindException e) {
                throw new ConfigException("port " + port.getKey() + " (" + port.getValue() + ") on 127.0.0.1 is already"
                        + " in use: stop what uses it, or start the cluster on other ports with --base-port N"
                        + " (it uses N to N+" + (ClusterLayout.PORT_SPAN - 1) + "; now N = " + layout.basePort() + ")");
            } catch (IOException e) {
                throw new ConfigException("cannot check port " + port.getKey() + " on 127.0.0.1: " + e.getMessage());
            }
        }
    }

    interface Check {
        boolean ok() throws Exception;
    }

    /** Waits until {@code check} passes; fails with the daemons' log tails if one exits or time runs out. */
    private void await(List<String> daemons, String problem, Check check) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!check.ok()) {
            for (String daemon : daemons) {
                // the pid this start just recorded, alive or not: its command line is not asked, since it is empty
                // for an instant while the process execs (unshare, then sh, then the daemon on several hosts)
                if (!processes.recordedPid(daemon).flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new ConfigException(daemon + " exited during start-up (" + problem + ")" + logTail(daemon));
                }
            }
            if (System.nanoTime() > deadline) {
                StringBuilder tails = new StringBuilder();
                for (String daemon : daemons) {
                    tails.append(logTail(daemon));
                }
                throw new ConfigException(String.join(", ", daemons) + " did not come up within "
                        + START_TIMEOUT.toSeconds() + " s: " + problem + tails);
            }
            Thread.sleep(250);
        }
    }

    private String logTail(String daemon) {
        StringBuilder sb = new StringBuilder();
        for (Path log : List.of(layout.out(daemon), layout.log(daemon))) {
            try {
                List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
                if (!lines.isEmpty()) {
                    sb.append("\n--- end of ").append(log).append(" ---\n")
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size())));
                }
            } catch (IOException e) {
                sb.append("\n(cannot read ").append(log).append(": ").append(e.getMessage()).append(')');
            }
        }
        return sb.length() == 0 ? " (nothing in " + layout.out(daemon) + " or " + layout.log(daemon) + ")" : sb.toString();
    }

    private boolean zookeeperAnswers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", layout.zookeeperPort()), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private boolean prometheusReady() {
        try {
            HttpResponse<Void> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(layout.prometheusUrl() + "/-/ready")).timeout(Duration.ofSeconds(1)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean redisAnswers() {
        try (Jedis redis = new Jedis(layout.address(0), layout.redisPort(), 1000)) {
            return "PONG".equals(redis.ping());
        } catch (JedisException e) {
            return false;
        }
    }

    /** What Nimbus reports, if it answers. */
    private Optional<ClusterSummary> clusterSummary() {
        if (processes.daemon(ClusterLayout.NIMBUS).isEmpty()) {
            return Optional.empty();
        }
        try (NimbusClient nimbus = NimbusAddress.of(layout).connect()) {
            return Optional.of(nimbus.getClient().getClusterInfo());
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private String dirOption() {
        return layout.dir().equals(ClusterLayout.defaultDir().toAbsolutePath().normalize()) ? "" : " --dir " + layout.dir();
    }

    /** Deletes {@code root} and everything below it, if it exists. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
