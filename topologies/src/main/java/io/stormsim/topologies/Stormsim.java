package io.stormsim.topologies;

import io.stormsim.run.StreamConfig;
import io.stormsim.topologies.CommandLine.UsageException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.storm.LocalCluster;

/**
 * The command line. {@code check} only validates a topology; {@code run} validates it, then runs it on
 * an embedded LocalCluster and prints where the results are; {@code submit} validates it, then submits it
 * to a cluster's Nimbus. {@code list}, {@code status}, {@code kill} and {@code rebalance} manage topologies
 * on a cluster ({@link NimbusCommands}); {@code cluster} starts and stops a local one ({@link ClusterCommand});
 * {@code watch} shows a running simulation's live stream ({@link StreamWatch}).
 */
public final class Stormsim {
    private static final String USAGE = String.join("\n",
            "usage: stormsim check|run TOPOLOGY.yaml [TOPOLOGY OPTIONS] [--timeout SECONDS]",
            "       stormsim submit TOPOLOGY.yaml [TOPOLOGY OPTIONS] [NIMBUS]",
            "       stormsim list [NIMBUS]",
            "       stormsim status NAME [--watch SECONDS] [NIMBUS]",
            "       stormsim kill NAME [--wait SECONDS] [NIMBUS]",
            "       stormsim rebalance NAME [--workers W] [--executors COMPONENT=N]... [--wait SECONDS] [NIMBUS]",
            "       stormsim cluster start|stop|status [--dir DIR] [--base-port N]      (scripts/cluster)",
            "       stormsim watch [--connect tcp://HOST:PORT] [--count K]   (a running simulation's live stream;",
            "          default " + StreamConfig.DEFAULT_ENDPOINT + "; stops after K messages, or Ctrl-C)",
            "  TOPOLOGY OPTIONS: [--filter FILE.properties] [--env-filter] [--set key=value]... [--resume]",
            "  NIMBUS: --nimbus HOST:PORT, or --cluster DIR of a cluster started by scripts/cluster",
            "          (default: the cluster in ~/.stormsim/cluster, or in $STORMSIM_CLUSTER_DIR)");
    private static final Set<String> TOPOLOGY_OPTIONS = Set.of("--filter", "--set");

    private Stormsim() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    static int run(String[] args) throws Exception {
        List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        try {
            return switch (args.length == 0 ? "" : args[0]) {
                case "check", "run", "submit" -> topology(args[0], rest);
                case "list", "status", "kill", "rebalance" -> new NimbusCommands(System.out).run(args[0], rest);
                case "cluster" -> ClusterCommand.run(rest);
                case "watch" -> watch(rest);
                default -> throw new UsageException(args.length == 0 ? "no command given" : "unknown command '" + args[0] + "'");
            };
        } catch (UsageException e) {
            System.err.println(e.getMessage() + "\n" + USAGE);
            return 2;
        } catch (ConfigException | LocalRun.RunFailedException e) {
            System.err.println("stormsim: " + e.getMessage());
            return 1;
        }
    }

    private static int watch(List<String> args) throws UsageException {
        CommandLine cl = CommandLine.parse(args, Set.of("--connect", "--count"), Set.of());
        cl.expectPositional();
        String endpoint = cl.value("--connect", StreamConfig.DEFAULT_ENDPOINT);
        try {
            StreamConfig.checkEndpoint("--connect", endpoint, "", "");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        long count = cl.number("--count", 0, 1);
        StreamWatch watch = new StreamWatch(System.out, StreamWatch.QUIET);
        CountDownLatch watched = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            watch.stop();
            try {
                watched.await(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        watch.watch(endpoint, count);
        watched.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
        } catch (IllegalStateException ctrlC) {
            // the JVM is already shutting down: the hook stopped this watch
        }
        return 0;
    }

    private static int topology(String command, List<String> args) throws Exception {
        Set<String> withValue = new HashSet<>(TOPOLOGY_OPTIONS);
        withValue.addAll(command.equals("submit") ? NimbusCommands.NIMBUS_OPTIONS : Set.of("--timeout"));
        CommandLine cl = CommandLine.parse(args, withValue, Set.of("--env-filter", "--resume"));
        cl.expectPositional("TOPOLOGY.yaml");
        String filter = cl.value("--filter", null);
        long timeoutSeconds = cl.number("--timeout", 3600, 0);
        Map<String, String> overrides = new LinkedHashMap<>(cl.pairs("--set"));
        if (cl.has("--resume")) {
            // from the newest complete checkpoint (see README "Failures, checkpoints, resume")
            overrides.put("resume", "true");
        }
        TopologyFile topology = TopologyFile.load(Path.of(cl.positional.get(0)), filter == null ? null : Path.of(filter),
                overrides, cl.has("--env-filter"));
        if (command.equals("submit")) {
            HeapCheck.cluster(topology);
        } else {
            HeapCheck.local(topology);
        }
        switch (command) {
            case "check" -> System.out.println(topology.yaml + ": ok");
            case "run" -> runLocally(topology, Duration.ofSeconds(timeoutSeconds));
            default -> submit(topology, NimbusCommands.nimbus(cl), NimbusCommands.nimbusOptions(cl));
        }
        return 0;
    }

    private static void runLocally(TopologyFile topology, Duration timeout) throws Exception {
        System.out.println("stormsim: running " + topology.name() + " from " + topology.yaml + " on an embedded LocalCluster");
        long start = System.nanoTime();
        try (LocalCluster cluster = new LocalCluster()) {
            Path out = LocalRun.run(cluster, topology, timeout);
            System.out.printf("stormsim: done in %.1f s. Results in %s:%n", (System.nanoTime() - start) / 1e9,
                    out.toAbsolutePath());
            printResults(topology, out.toAbsolutePath());
        }
    }

    private static void submit(TopologyFile topology, NimbusAddress nimbus, String nimbusOptions) throws Exception {
        long start = System.nanoTime();
        Path out = TopologySubmission.submit(topology, nimbus);
        System.out.printf("stormsim: submitted %s from %s to Nimbus %s in %.1f s. Watch it with%n"
                        + "  scripts/stormsim status %s --watch 10%s%nresults go to %s:%n", topology.name(), topology.yaml,
                nimbus, (System.nanoTime() - start) / 1e9, topology.name(), nimbusOptions, out);
        printResults(topology, out);
    }

    private static void printResults(TopologyFile topology, Path out) {
        for (String f : topology.workload.results()) {
            System.out.println("  " + out.resolve(f));
        }
    }
}
