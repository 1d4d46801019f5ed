package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.cli.Stormsim;
import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.RoundTripTable;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Ping-pong round trips between two JVMs: the pingpong topology on a real local cluster (pinger and ponger in
 * different workers) over Storm's Netty transport and over ours on ZeroMQ, then the baselines outside Storm
 * (plain Java sockets, raw JeroMQ) with the same schedule; one table of every row, by payload and mode. The
 * cluster is started and stopped, and the topology submitted and killed, with the stormsim command line
 * ({@link Stormsim}) in JVMs of its own, as {@code scripts/cluster} and {@code scripts/stormsim} do.
 */
@Command(name = "pingpong", sortOptions = false,
        description = {"Ping-pong round trips: pingpong.yaml on a local cluster (scripts/cluster) over Netty and over ZeroMQ,"
                + " then plain Java sockets and raw JeroMQ between two JVMs; one table (docs/performance/pingpong.md)."
                + " Run it alone on the machine: the numbers are latencies."},
        footer = {"e.g. stormsim bench pingpong --dir /tmp/cluster-messaging --base-port 32000",
                "     stormsim bench pingpong --runs socket,jeromq --set payloads=88 --set warmup.seconds=1 --set seconds=2"})
public final class PingPongBench implements Callable<Integer> {
    /** What can be measured: the topology over each worker transport, and the two baselines outside Storm. */
    enum Run {
        netty("org.apache.storm.messaging.netty.Context"), zeromq("io.stormsim.transport.ZmqContext"),
        socket(null), jeromq(null);

        final String stormTransport;

        Run(String stormTransport) {
            this.stormTransport = stormTransport;
        }
    }

    private static final Pattern COUNTS = Pattern.compile("pings sent (\\d+), pongs received (\\d+), with a wrong payload"
            + " size (\\d+), from a ponger in another worker (\\d+)");
    /** The baselines' echo port, above the cluster's 24 ports. */
    private static final int BASELINE_PORT_OFFSET = 40;

    @Option(names = "--dir", paramLabel = "DIR", description = "the cluster's directory, as scripts/cluster --dir"
            + " (default: scripts/cluster's)")
    private Path clusterDir;
    @Option(names = "--base-port", paramLabel = "N", defaultValue = "17600",
            description = "the cluster's first port, as scripts/cluster --base-port; the baselines use N+40"
                    + " (default: ${DEFAULT-VALUE})")
    private int basePort;
    @Option(names = "--out", paramLabel = "DIR", description = "where results go (default: a new directory under /tmp)")
    private Path out;
    @Option(names = "--runs", paramLabel = "LIST", split = ",", defaultValue = "netty,zeromq,socket,jeromq",
            description = "a subset of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    private Set<Run> runs = EnumSet.noneOf(Run.class);
    @Mixin
    private PingPongSchedule schedule;

    @Override
    public Integer call() throws Exception {
        TopologyFile topology = schedule.topology();
        PingPongConfig config = PingPongConfig.from(topology.config);
        out = out != null ? out : Files.createTempDirectory("bench-pingpong");
        Files.createDirectories(out);
        System.out.println("machine: " + Machine.line());
        System.out.println("load before: " + Machine.load());
        List<Path> csvs = new ArrayList<>();
        if (runs.contains(Run.netty) || runs.contains(Run.zeromq)) {
            stormsim("cluster start", out.resolve("cluster-start.txt"), withCluster(List.of("cluster", "start",
                    "--base-port", String.valueOf(basePort))));
            try {
                for (Run run : List.of(Run.netty, Run.zeromq)) {
                    if (runs.contains(run)) {
                        csvs.add(stormRun(run, config, topology.name()));
                    }
                }
            } finally {
                stormsim("cluster stop", out.resolve("cluster-stop.txt"), withCluster(List.of("cluster", "stop")));
            }
        }
        for (PingPongBaseline.Transport transport : PingPongBaseline.Transport.values()) {
            if (runs.contains(Run.valueOf(transport.name()))) {
                csvs.add(baseline(transport));
            }
        }
        System.out.println("load after: " + Machine.load());
        System.out.println("schedule: " + config.payloads() + " B, " + config.modes() + ", window " + config.window()
                + ", warm-up " + config.warmupSeconds() + " s, " + config.seconds() + " s or " + config.rounds()
                + " round trips each; results in " + out);
        printTable(csvs);
        return 0;
    }

    /** Submits the topology over one transport, waits for its table, kills it, checks every pong came back; its CSV. */
    private Path stormRun(Run run, PingPongConfig config, String name) throws Exception {
        Path dir = out.resolve(run.name());
        List<String> submit = new ArrayList<>(List.of("submit", schedule.yaml.toString()));
        if (clusterDir != null) {
            submit.addAll(List.of("--cluster", clusterDir.toString()));
        }
        schedule.sets.forEach((k, v) -> submit.addAll(List.of("--set", k + "=" + v)));
        submit.addAll(List.of("--set", "transport=" + run.stormTransport, "--set", "output.dir=" + dir));
        stormsim("storm/" + run + " submit", out.resolve("submit-" + run + ".txt"), submit);
        Path table = dir.resolve("pingpong.txt");
        // each phase: warm-up, measurement and up to a minute of slack; two more minutes for workers to start
        long limitSeconds = (long) (config.phases().size() * (config.warmupSeconds() + config.seconds() + 60) + 120);
        long deadline = System.nanoTime() + limitSeconds * 1_000_000_000L;
        while (!Files.exists(table)) {
            if (System.nanoTime() > deadline) {
                throw new BenchException("storm/" + run + " gave no result within " + limitSeconds
                        + " s; worker logs under the cluster's logs/workers-artifacts");
            }
            Thread.sleep(2000);
        }
        List<String> kill = new ArrayList<>(List.of("kill", name));
        if (clusterDir != null) {
            kill.addAll(List.of("--cluster", clusterDir.toString()));
        }
        stormsim("storm/" + run + " kill", out.resolve("kill-" + run + ".txt"), kill);
        Matcher counts = COUNTS.matcher(Files.readString(table));
        if (!counts.find()) {
            throw new BenchException(table + " has no line 'pings sent ...'");
        }
        long sent = Long.parseLong(counts.group(1)), back = Long.parseLong(counts.group(2));
        long wrong = Long.parseLong(counts.group(3)), remote = Long.parseLong(counts.group(4));
        if (back != sent || wrong != 0 || remote != sent) {
            throw new BenchException("storm/" + run + ": " + counts.group()
                    + " (every pong must come back whole, from the other worker)");
        }
        return dir.resolve("pingpong.csv");
    }

    /** An echo JVM and a ping JVM with the same schedule; the pinger's CSV. */
    private Path baseline(PingPongBaseline.Transport transport) throws Exception {
        int port = basePort + BASELINE_PORT_OFFSET;
        Path csv = out.resolve("baseline-" + transport + ".csv");
        Process echo = ChildJvm.bench(List.of(), List.of(PingPongBaseline.Echo.NAME, "--transport", transport.name(),
                "--port", String.valueOf(port))).redirectErrorStream(true)
                .redirectOutput(out.resolve("echo-" + transport + ".txt").toFile()).start();
        try {
            awaitListening(port, echo);
            List<String> ping = new ArrayList<>(List.of(PingPongBaseline.Ping.NAME, "--transport", transport.name(),
                    "--port", String.valueOf(port)));
            ping.addAll(schedule.options());
            Process pinger = ChildJvm.bench(List.of(), ping).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(csv.toFile()).start();
            if (pinger.waitFor() != 0) {
                throw new BenchException("the " + transport + " baseline's pinger failed (exit " + pinger.exitValue() + ")");
            }
        } finally {
            echo.destroy();
            echo.waitFor();
        }
        return csv;
    }

    /** Until something accepts connections on the loopback port; fails if the echo JVM ended or 30 s passed. */
    private static void awaitListening(int port, Process echo) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException notYet) {
                if (!echo.isAlive() || System.nanoTime() > deadline) {
                    throw new BenchException("the baseline echo on port " + port + " did not start"
                            + (echo.isAlive() ? " within 30 s" : " (exit " + echo.exitValue() + ")"), notYet);
                }
                Thread.sleep(200);
            }
        }
    }

    /** The stormsim command line in a JVM of its own, output to {@code log}. */
    private static void stormsim(String what, Path log, List<String> args) throws Exception {
        ChildJvm.run(ChildJvm.main(List.of(), Stormsim.class.getName(), args), what, log);
    }

    private List<String> withCluster(List<String> args) {
        List<String> all = new ArrayList<>(args);
        if (clusterDir != null) {
            all.addAll(List.of("--dir", clusterDir.toString()));
        }
        return all;
    }

    /** Every CSV row, ordered by payload, sync before async; the transports in the order run. */
    private static void printTable(List<Path> csvs) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (Path csv : csvs) {
            for (String line : Files.readAllLines(csv)) {
                if (!line.equals(RoundTripTable.CSV_HEADER) && !line.isBlank()) {
                    rows.add(line.split(","));
                }
            }
        }
        rows.sort(Comparator.<String[]>comparingInt(f -> Integer.parseInt(f[1]))
                .thenComparing(f -> PingPongConfig.Mode.valueOf(f[2].toUpperCase(Locale.ROOT))));
        System.out.println(RoundTripTable.textHeader());
        rows.forEach(f -> System.out.println(RoundTripTable.textRow(String.join(",", f))));
    }
}
