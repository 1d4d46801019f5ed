package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The Nimbus a command talks to, as Storm's own clients find it: the client settings of the user's Storm config
 * ({@code --config FILE}, else {@code ~/.storm/storm.yaml} if there is one: every Nimbus seed, the Thrift port,
 * transport and security keys), {@code --nimbus HOST:PORT} over them, or {@code --cluster DIR} of a cluster started
 * by scripts/cluster; without any of them, the cluster in {@link ClusterLayout#defaultDir()}.
 */
final class NimbusOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "a Storm config with the client settings:"
            + " nimbus.seeds, nimbus.thrift.port, ... (default: ~/.storm/storm.yaml, if there is one)")
    private Path config;

    @ArgGroup(exclusive = true, heading = "Nimbus (default: that of ~/.storm/storm.yaml if there is one, else the cluster"
            + " in ~/.stormsim/cluster, or in $STORMSIM_CLUSTER_DIR):%n")
    private Choice choice;

    private static final class Choice {
        @Option(names = "--nimbus", paramLabel = "HOST:PORT", description = "the Nimbus at HOST:PORT (over the"
                + " Storm config's nimbus.seeds and nimbus.thrift.port)")
        private String nimbus;

        @Option(names = "--cluster", paramLabel = "DIR", description = "the Nimbus of the cluster scripts/cluster started in DIR")
        private Path cluster;
    }

    /**
     * The run store of the cluster the command goes to, if it is a cluster of several hosts started by
     * scripts/cluster (given with --cluster, or the default one when no other Nimbus is named).
     */
    Optional<String> clusterStore() throws ConfigException {
        Path dir;
        if (choice != null && choice.cluster != null) {
            dir = choice.cluster;
        } else if ((choice == null || choice.nimbus == null) && userConfig() == null
                && Files.exists(ClusterLayout.defaultDir().resolve(ClusterLayout.PROPERTIES))) {
            dir = ClusterLayout.defaultDir();
        } else {
            return Optional.empty();
        }
        return ClusterLayout.read(dir).runStore();
    }

    NimbusAddress address() throws ConfigException {
        if (choice != null && choice.cluster != null) {
            return NimbusAddress.of(ClusterLayout.read(choice.cluster));
        }
        NimbusAddress user = userConfig();
        if (choice != null && choice.nimbus != null) {
            NimbusAddress given;
            try {
                given = NimbusAddress.parse(choice.nimbus);
            } catch (ConfigException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            return user == null ? given : user.withNimbusOf(given);
        }
        return user != null ? user : NimbusAddress.of(ClusterLayout.read(ClusterLayout.defaultDir()));
    }

    /** The client settings of --config FILE, or of ~/.storm/storm.yaml where it exists; null for neither. */
    private NimbusAddress userConfig() throws ConfigException {
        if (config != null) {
            return NimbusAddress.read(config);
        }
        Path own = Path.of(System.getProperty("user.home"), ".storm", "storm.yaml");
        return Files.isRegularFile(own) ? NimbusAddress.read(own) : null;
    }

    /** The options as given, to repeat them in a hint; empty for the default. */
    String asGiven() {
        String file = config == null ? "" : " --config " + config;
        if (choice == null) {
            return file;
        }
        return choice.nimbus != null ? file + " --nimbus " + choice.nimbus : " --cluster " + choice.cluster;
    }
}
