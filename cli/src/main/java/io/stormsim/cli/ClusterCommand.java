package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cluster start|stop|status|kill-host [--dir DIR]}: the life cycle of a local cluster (scripts/cluster). */
@Command(name = "cluster", description = {"A real Storm cluster on this machine (scripts/cluster): ZooKeeper, one Nimbus"
        + " and " + ClusterLayout.ONE_HOST_SUPERVISORS + " Supervisors, separate JVMs on 127.0.0.1; or with --hosts N,"
        + " N hosts of one Supervisor each on 127.0.1.1..N, each with its own view of the disk, and Redis as run store."},
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Stop.class, ClusterCommand.Status.class,
                ClusterCommand.KillHost.class})
final class ClusterCommand {
    private ClusterCommand() {
    }

    /** The cluster's directory: its data, logs and {@code cluster.properties}. */
    static final class Dir {
        @Option(names = "--dir", paramLabel = "DIR",
                description = "the cluster's directory (default: ~/.stormsim/cluster, or $STORMSIM_CLUSTER_DIR)")
        private Path dir;

        Path path() {
            return (dir != null ? dir : ClusterLayout.defaultDir()).toAbsolutePath().normalize();
        }
    }

    @Command(name = "start", description = "Starts the daemons with fresh data and logs in DIR.")
    static final class Start implements Callable<Integer> {
        @Mixin
        private Dir dir;

        @Option(names = "--base-port", paramLabel = "N", defaultValue = "" + ClusterLayout.DEFAULT_BASE_PORT,
                converter = AtLeast.Zero.class, description = "the first of the cluster's " + ClusterLayout.PORT_SPAN
                + " ports (default: ${DEFAULT-VALUE})")
        private int base;

        @Option(names = "--hosts", paramLabel = "N", defaultValue = "0", converter = AtLeast.Zero.class,
                description = "N hosts (1.." + ClusterLayout.MAX_HOSTS + ") of one Supervisor each, on 127.0.1.1..N, each"
                        + " seeing only its own files (Linux mount namespaces: root, or user namespaces), with ZooKeeper,"
                        + " Nimbus and Redis on host 0 (127.0.0.1); default: one host of "
                        + ClusterLayout.ONE_HOST_SUPERVISORS + " Supervisors")
        private int hosts;

        @Override
        public Integer call() throws Exception {
            Path path = dir.path();
            ClusterLayout layout;
            try {
                layout = new ClusterLayout(path, base, hosts);
            } catch (IllegalArgumentException e) {
                // the record names the value and its range; the option is the user's word for it
                throw new ConfigException((e.getMessage().contains("hosts") ? "--hosts " : "--base-port ") + e.getMessage());
            }
            System.out.println("starting a Storm cluster in " + path + ": " + (layout.multiHost()
                    ? "ZooKeeper, Nimbus and Redis on host 0 (127.0.0.1), one Supervisor with "
                    + ClusterLayout.SLOTS_PER_SUPERVISOR + " worker slots on each of hosts 1.." + hosts + " (127.0.1.1.."
                    + hosts + ")"
                    : "ZooKeeper, Nimbus, " + ClusterLayout.ONE_HOST_SUPERVISORS + " Supervisors with "
                    + ClusterLayout.SLOTS_PER_SUPERVISOR + " worker slots each, on 127.0.0.1")
                    + ", ports " + base + ".." + (base + ClusterLayout.PORT_SPAN - 1));
            new LocalStormCluster(layout, System.out).start();
            return 0;
        }
    }

    @Command(name = "stop", description = "Ends the daemons and every worker they started.")
    static final class Stop implements Callable<Integer> {
        @Mixin
        private Dir dir;

        @Override
        public Integer call() throws Exception {
            Path path = dir.path();
            if (!Files.exists(path.resolve(ClusterLayout.PROPERTIES))) {
                System.out.println("no cluster in " + path + ": nothing to stop");
                return 0;
            }
            int ended = new LocalStormCluster(ClusterLayout.read(path), System.out).stop();
            System.out.println("stopped the cluster in " + path + ": " + ended + " processes ended, none left");
            return 0;
        }
    }

    @Command(name = "status", description = {"The daemons, the workers and what Nimbus reports.",
            "Exit status 1 when a daemon is not running."})
    static final class Status implements Callable<Integer> {
        @Mixin
        private Dir dir;

        @Override
        public Integer call() throws Exception {
            return new LocalStormCluster(ClusterLayout.read(dir.path()), System.out).status() ? 0 : 1;
        }
    }

    @Command(name = "kill-host", description = {"Kills host K (1..N) of a cluster started with --hosts N as a machine"
            + " that dies: its Supervisor and its workers, SIGKILL, all at once."})
    static final class KillHost implements Callable<Integer> {
        @Mixin
        private Dir dir;

        @Parameters(paramLabel = "K", description = "the host to kill")
        private int host;

        @Override
        public Integer call() throws Exception {
            long start = System.nanoTime();
            List<ProcessHandle> killed = new LocalStormCluster(ClusterLayout.read(dir.path()), System.out).killHost(host);
            System.out.printf("killed host %d: %d processes (pids %s) gone in %.1f s%n", host, killed.size(),
                    String.join(" ", killed.stream().map(p -> String.valueOf(p.pid())).toList()),
                    (System.nanoTime() - start) / 1e9);
            return 0;
        }
    }
}
