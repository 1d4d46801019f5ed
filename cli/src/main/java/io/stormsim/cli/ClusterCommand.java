package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code cluster start|stop|status [--dir DIR]}: the life cycle of a local cluster (scripts/cluster). */
@Command(name = "cluster", description = {"A real Storm cluster on this machine (scripts/cluster): ZooKeeper, one Nimbus"
        + " and " + ClusterLayout.SUPERVISORS + " Supervisors, separate JVMs on 127.0.0.1."},
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Stop.class, ClusterCommand.Status.class})
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

        @Override
        public Integer call() throws Exception {
            Path path = dir.path();
            ClusterLayout layout;
            try {
                layout = new ClusterLayout(path, base);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("--base-port " + e.getMessage());
            }
            System.out.println("starting a Storm cluster in " + path + ": ZooKeeper, Nimbus, "
                    + ClusterLayout.SUPERVISORS + " Supervisors with " + ClusterLayout.SLOTS_PER_SUPERVISOR
                    + " worker slots each, on 127.0.0.1 ports " + base + ".." + (base + ClusterLayout.PORT_SPAN - 1));
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
}
