package io.stormsim.topologies;

import io.stormsim.topologies.CommandLine.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@code cluster start|stop|status [--dir DIR] [--base-port N]}: the life cycle of a local cluster (scripts/cluster). */
final class ClusterCommand {
    private ClusterCommand() {
    }

    static int run(List<String> args) throws Exception {
        CommandLine cl = CommandLine.parse(args, Set.of("--dir", "--base-port"), Set.of());
        cl.expectPositional("start|stop|status");
        String action = cl.positional.get(0);
        Path dir = Path.of(cl.value("--dir", ClusterLayout.defaultDir().toString())).toAbsolutePath().normalize();
        switch (action) {
            case "start" -> {
                int base = (int) cl.number("--base-port", ClusterLayout.DEFAULT_BASE_PORT, 0);
                ClusterLayout layout;
                try {
                    layout = new ClusterLayout(dir, base);
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("--base-port " + e.getMessage());
                }
                System.out.println("starting a Storm cluster in " + dir + ": ZooKeeper, Nimbus, "
                        + ClusterLayout.SUPERVISORS + " Supervisors with " + ClusterLayout.SLOTS_PER_SUPERVISOR
                        + " worker slots each, on 127.0.0.1 ports " + base + ".." + (base + ClusterLayout.PORT_SPAN - 1));
                new LocalStormCluster(layout, System.out).start();
                return 0;
            }
            case "stop" -> {
                if (cl.has("--base-port")) {
                    throw new UsageException("--base-port is for start only");
                }
                if (!Files.exists(dir.resolve(ClusterLayout.PROPERTIES))) {
                    System.out.println("no cluster in " + dir + ": nothing to stop");
                    return 0;
                }
                int ended = new LocalStormCluster(ClusterLayout.read(dir), System.out).stop();
                System.out.println("stopped the cluster in " + dir + ": " + ended + " processes ended, none left");
                return 0;
            }
            case "status" -> {
                if (cl.has("--base-port")) {
                    throw new UsageException("--base-port is for start only");
                }
                return new LocalStormCluster(ClusterLayout.read(dir), System.out).status() ? 0 : 1;
            }
            default -> throw new UsageException("unknown cluster action '" + action + "': start, stop or status");
        }
    }
}
