package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The commands that manage topologies on a cluster through Nimbus: {@code list}, {@code status NAME
 * [--watch S]}, {@code kill NAME [--wait S]}, {@code rebalance NAME [--workers W] [--executors c=n]...
 * [--wait S]}. Each talks to the Nimbus its {@link NimbusOptions} give.
 */
final class NimbusCommands {
    private static final long KILL_WAIT_EXTRA_SECS = 60;

    private NimbusCommands() {
    }

    @Command(name = "list", description = "Lists the topologies on a cluster.")
    static final class ListTopologies implements Callable<Integer> {
        @Mixin
        private NimbusOptions nimbus;

        @Override
        public Integer call() throws Exception {
            NimbusAddress address = nimbus.address();
            try (NimbusClient client = address.connect()) {
                List<TopologySummary> topologies = client.getClient().getTopologySummaries();
                if (topologies.isEmpty()) {
                    System.out.println("no topologies on Nimbus " + address);
                    return 0;
                }
                System.out.printf("%-20s %-12s %8s %8s %10s %6s  %s%n", "name", "status", "uptime", "workers", "executors",
                        "tasks", "id");
                for (TopologySummary t : topologies) {
                    System.out.printf("%-20s %-12s %8s %8d %10d %6d  %s%n", t.get_name(), t.get_status(),
                            TopologyStatusTable.duration(t.get_uptime_secs()), t.get_num_workers(), t.get_num_executors(),
                            t.get_num_tasks(), t.get_id());
                }
            }
            return 0;
        }
    }

    /** status, kill and rebalance: one topology, by name, on a Nimbus. */
    private abstract static class OnTopology implements Callable<Integer> {
        @Parameters(paramLabel = "NAME", description = "the topology's name (stormsim list shows them)")
        String name;

        @Mixin
        private NimbusOptions nimbus;

        @Override
        public Integer call() throws Exception {
            checkOptions();
            NimbusAddress address = nimbus.address();
            try (NimbusClient client = address.connect()) {
                Nimbus.Iface iface = client.getClient();
                try {
                    on(iface, address);
                } catch (NotAliveException e) {
                    List<String> names = iface.getTopologySummaries().stream().map(TopologySummary::get_name).toList();
                    throw new ConfigException("no topology named " + name + " on Nimbus " + address + "; running: "
                            + (names.isEmpty() ? "none" : String.join(", ", names)));
                }
            }
            return 0;
        }

        /** Fails with a usage error if the options do not fit together, before Nimbus is asked. */
        void checkOptions() {
        }

        /** @throws NotAliveException if Nimbus has no topology of that name */
        abstract void on(Nimbus.Iface nimbus, NimbusAddress address) throws Exception;
    }

    @Command(name = "status", description = "What the Storm UI shows of a running topology, read from Nimbus: per"
            + " spout and bolt, acked, failed, latencies, capacity.")
    static final class Status extends OnTopology {
        @Option(names = "--watch", paramLabel = "SECONDS", converter = AtLeast.One.class,
                description = "print it again every SECONDS until Ctrl-C or the topology ends")
        private int watch;

        @Override
        void on(Nimbus.Iface nimbus, NimbusAddress address) throws Exception {
            String clear = System.console() != null && watch > 0 ? "\033[H\033[2J" : "";
            System.out.print(clear + table(nimbus, name));
            while (watch > 0) {
                System.out.printf("(every %d s, from Nimbus %s; Ctrl-C to stop)%n%n", watch, address);
                System.out.flush();
                Thread.sleep(watch * 1000L);
                try {
                    System.out.print(clear + table(nimbus, name));
                } catch (NotAliveException e) {
                    System.out.println(name + " is no longer running on Nimbus " + address);
                    break;
                }
            }
        }

        private static String table(Nimbus.Iface nimbus, String name) throws Exception {
            TopologyInfo info = nimbus.getTopologyInfoByName(name);
            return TopologyStatusTable.render(nimbus.getTopologyPageInfo(info.get_id(), TopologyStatusTable.WINDOW, false),
                    info, nimbus.getUserTopology(info.get_id()));
        }
    }

    @Command(name = "kill", description = "Kills a topology and waits until Nimbus no longer lists it.")
    static final class Kill extends OnTopology {
        @Option(names = "--wait", paramLabel = "SECONDS", converter = AtLeast.Zero.class,
                description = "deactivate it for SECONDS first (default: 0)")
        private int wait;

        @Override
        void on(Nimbus.Iface nimbus, NimbusAddress address) throws Exception {
            KillOptions options = new KillOptions();
            options.set_wait_secs(wait);
            long start = System.nanoTime();
            nimbus.killTopologyWithOpts(name, options);
            System.out.println("killing " + name + (wait > 0 ? " (deactivated for " + wait + " s first)" : "") + " ...");
            long deadline = start + (wait + KILL_WAIT_EXTRA_SECS) * 1_000_000_000L;
            while (nimbus.getTopologySummaries().stream().anyMatch(t -> t.get_name().equals(name))) {
                if (System.nanoTime() > deadline) {
                    throw new ConfigException(name + " is still listed " + (wait + KILL_WAIT_EXTRA_SECS)
                            + " s after the kill: see the Nimbus log");
                }
                Thread.sleep(250);
            }
            int blobs = TopologyInputs.delete(name, address);
            System.out.printf("killed %s: gone after %.1f s%s%n", name, (System.nanoTime() - start) / 1e9,
                    blobs == 0 ? "" : "; its " + blobs + " input file(s) deleted from the blob store");
        }
    }

    @Command(name = "rebalance", description = {"Moves a running topology to other workers or executor counts: its"
            + " workers restart, and a simulation goes on from its last checkpoint."})
    static final class Rebalance extends OnTopology {
        @Spec
        private CommandSpec spec;

        @Option(names = "--workers", paramLabel = "W", converter = AtLeast.One.class, description = "W workers")
        private Integer workers;

        @Option(names = "--executors", paramLabel = "COMPONENT=N",
                description = "N executors for COMPONENT, at most its task count; repeatable")
        private Map<String, Integer> executors = new LinkedHashMap<>();

        @Option(names = "--wait", paramLabel = "SECONDS", converter = AtLeast.Zero.class,
                description = "deactivate it for SECONDS first (default: 0)")
        private int wait;

        @Override
        void checkOptions() {
            executors.forEach((component, n) -> {
                if (n < 1) {
                    throw new ParameterException(spec.commandLine(), "--executors " + component + "=" + n
                            + " is not allowed: the count must be an integer >= 1");
                }
            });
        }

        @Override
        void on(Nimbus.Iface nimbus, NimbusAddress address) throws Exception {
            nimbus.rebalance(name, TopologyRebalance.check(nimbus, name, workers, executors, wait));
            System.out.println("rebalancing " + name + (workers != null ? " to " + workers + " workers" : "")
                    + (executors.isEmpty() ? "" : " with executors " + executors) + " in " + wait + " s (deactivated until"
                    + " then). The workers restart; a simulation goes on from its last checkpoint, or replays a round lost"
                    + " meanwhile after its message timeout. Follow it with: stormsim status " + name + " --watch 10");
        }
    }
}
