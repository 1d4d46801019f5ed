package io.stormsim.topologies;

import io.stormsim.topologies.CommandLine.UsageException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;

/**
 * The commands that manage topologies on a cluster through Nimbus: {@code list}, {@code status NAME
 * [--watch S]}, {@code kill NAME [--wait S]}, {@code rebalance NAME [--workers W] [--executors c=n]...
 * [--wait S]}. Each talks to the Nimbus given by {@code --nimbus HOST:PORT} or {@code --cluster DIR}
 * (default: the local cluster in {@link ClusterLayout#defaultDir()}).
 */
final class NimbusCommands {
    static final Set<String> NIMBUS_OPTIONS = Set.of("--nimbus", "--cluster");
    private static final long KILL_WAIT_EXTRA_SECS = 60;

    private final PrintStream out;

    NimbusCommands(PrintStream out) {
        this.out = out;
    }

    /** The Nimbus a command talks to, from its options. */
    static NimbusAddress nimbus(CommandLine cl) throws Exception {
        if (cl.has("--nimbus") && cl.has("--cluster")) {
            throw new UsageException("give --nimbus or --cluster, not both");
        }
        if (cl.has("--nimbus")) {
            return NimbusAddress.parse(cl.value("--nimbus", null));
        }
        String dir = cl.value("--cluster", null);
        return NimbusAddress.of(ClusterLayout.read(dir == null ? ClusterLayout.defaultDir() : Path.of(dir)));
    }

    /** The Nimbus options as given, to repeat them in a hint; empty for the default. */
    static String nimbusOptions(CommandLine cl) throws UsageException {
        StringBuilder sb = new StringBuilder();
        for (String option : List.of("--nimbus", "--cluster")) {
            if (cl.has(option)) {
                sb.append(' ').append(option).append(' ').append(cl.value(option, ""));
            }
        }
        return sb.toString();
    }

    int run(String command, List<String> args) throws Exception {
        return switch (command) {
            case "list" -> list(parse(args, Set.of()));
            case "status" -> status(parse(args, Set.of("--watch")));
            case "kill" -> kill(parse(args, Set.of("--wait")));
            case "rebalance" -> rebalance(parse(args, Set.of("--workers", "--executors", "--wait")));
            default -> throw new UsageException("unknown command '" + command + "'");
        };
    }

    private static CommandLine parse(List<String> args, Set<String> options) throws UsageException {
        Set<String> withValue = new HashSet<>(options);
        withValue.addAll(NIMBUS_OPTIONS);
        return CommandLine.parse(args, withValue, Set.of());
    }

    private int list(CommandLine cl) throws Exception {
        cl.expectPositional();
        NimbusAddress address = nimbus(cl);
        try (NimbusClient nimbus = address.connect()) {
            List<TopologySummary> topologies = nimbus.getClient().getTopologySummaries();
            if (topologies.isEmpty()) {
                out.println("no topologies on Nimbus " + address);
                return 0;
            }
            out.printf("%-20s %-12s %8s %8s %10s %6s  %s%n", "name", "status", "uptime", "workers", "executors", "tasks", "id");
            for (TopologySummary t : topologies) {
                out.printf("%-20s %-12s %8s %8d %10d %6d  %s%n", t.get_name(), t.get_status(),
                        TopologyStatusTable.duration(t.get_uptime_secs()), t.get_num_workers(), t.get_num_executors(),
                        t.get_num_tasks(), t.get_id());
            }
        }
        return 0;
    }

    private int status(CommandLine cl) throws Exception {
        cl.expectPositional("NAME");
        String name = cl.positional.get(0);
        long watch = cl.number("--watch", 0, 1);
        NimbusAddress address = nimbus(cl);
        String clear = System.console() != null && watch > 0 ? "\033[H\033[2J" : "";
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                out.print(clear + table(nimbus, name));
            } catch (NotAliveException e) {
                throw notRunning(nimbus, name, address);
            }
            while (watch > 0) {
                out.printf("(every %d s, from Nimbus %s; Ctrl-C to stop)%n%n", watch, address);
                out.flush();
                Thread.sleep(watch * 1000);
                try {
                    out.print(clear + table(nimbus, name));
                } catch (NotAliveException e) {
                    out.println(name + " is no longer running on Nimbus " + address);
                    break;
                }
            }
        }
        return 0;
    }

    private static String table(Nimbus.Iface nimbus, String name) throws Exception {
        TopologyInfo info = nimbus.getTopologyInfoByName(name);
        return TopologyStatusTable.render(nimbus.getTopologyPageInfo(info.get_id(), TopologyStatusTable.WINDOW, false),
                info, nimbus.getUserTopology(info.get_id()));
    }

    private int kill(CommandLine cl) throws Exception {
        cl.expectPositional("NAME");
        String name = cl.positional.get(0);
        int wait = (int) cl.number("--wait", 0, 0);
        NimbusAddress address = nimbus(cl);
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            KillOptions options = new KillOptions();
            options.set_wait_secs(wait);
            long start = System.nanoTime();
            try {
                nimbus.killTopologyWithOpts(name, options);
            } catch (NotAliveException e) {
                throw notRunning(nimbus, name, address);
            }
            out.println("killing " + name + (wait > 0 ? " (deactivated for " + wait + " s first)" : "") + " ...");
            long deadline = start + (wait + KILL_WAIT_EXTRA_SECS) * 1_000_000_000L;
            while (nimbus.getTopologySummaries().stream().anyMatch(t -> t.get_name().equals(name))) {
                if (System.nanoTime() > deadline) {
                    throw new ConfigException(name + " is still listed " + (wait + KILL_WAIT_EXTRA_SECS)
                            + " s after the kill: see the Nimbus log");
                }
                Thread.sleep(250);
            }
            out.printf("killed %s: gone after %.1f s%n", name, (System.nanoTime() - start) / 1e9);
        }
        return 0;
    }

    private int rebalance(CommandLine cl) throws Exception {
        cl.expectPositional("NAME");
        String name = cl.positional.get(0);
        Integer workers = cl.has("--workers") ? (int) cl.number("--workers", 0, 1) : null;
        Map<String, Integer> executors = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : cl.pairs("--executors").entrySet()) {
            if (!e.getValue().matches("\\d{1,9}")) {
                throw new UsageException("--executors " + e.getKey() + "=" + e.getValue()
                        + " is not allowed: the count must be an integer >= 1");
            }
            executors.put(e.getKey(), Integer.parseInt(e.getValue()));
        }
        int wait = (int) cl.number("--wait", 0, 0);
        NimbusAddress address = nimbus(cl);
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                nimbus.rebalance(name, TopologyRebalance.check(nimbus, name, workers, executors, wait));
            } catch (NotAliveException e) {
                throw notRunning(nimbus, name, address);
            }
        }
        out.println("rebalancing " + name + (workers != null ? " to " + workers + " workers" : "")
                + (executors.isEmpty() ? "" : " with executors " + executors) + " in " + wait + " s (deactivated until"
                + " then). The workers restart; a simulation goes on from its last checkpoint, or replays a round lost"
                + " meanwhile after its message timeout. Follow it with: stormsim status " + name + " --watch 10");
        return 0;
    }

    private static ConfigException notRunning(Nimbus.Iface nimbus, String name, NimbusAddress address) throws Exception {
        List<String> names = nimbus.getTopologySummaries().stream().map(TopologySummary::get_name).toList();
        return new ConfigException("no topology named " + name + " on Nimbus " + address + "; running: "
                + (names.isEmpty() ? "none" : String.join(", ", names)));
    }
}
