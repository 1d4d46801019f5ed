package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The Nimbus a command talks to: {@code --nimbus HOST:PORT}, or {@code --cluster DIR} of a cluster started by
 * scripts/cluster (default: the one in {@link ClusterLayout#defaultDir()}).
 */
final class NimbusOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @ArgGroup(exclusive = true, heading = "Nimbus (default: the cluster in ~/.stormsim/cluster, or in $STORMSIM_CLUSTER_DIR):%n")
    private Choice choice;

    private static final class Choice {
        @Option(names = "--nimbus", paramLabel = "HOST:PORT", description = "the Nimbus at HOST:PORT")
        private String nimbus;

        @Option(names = "--cluster", paramLabel = "DIR", description = "the Nimbus of the cluster scripts/cluster started in DIR")
        private Path cluster;
    }

    NimbusAddress address() throws ConfigException {
        if (choice != null && choice.nimbus != null) {
            try {
                return NimbusAddress.parse(choice.nimbus);
            } catch (ConfigException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        return NimbusAddress.of(ClusterLayout.read(choice != null ? choice.cluster : ClusterLayout.defaultDir()));
    }

    /** The options as given, to repeat them in a hint; empty for the default. */
    String asGiven() {
        if (choice == null) {
            return "";
        }
        return choice.nimbus != null ? " --nimbus " + choice.nimbus : " --cluster " + choice.cluster;
    }
}
