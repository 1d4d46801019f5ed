package io.stormsim.cli;

import io.stormsim.topologies.TopologyFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The topology a command reads and the values it is given: check, run and submit take them alike. */
final class TopologyOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOPOLOGY.yaml", description = "a Flux YAML, e.g. flux-configs/barnes-hut.yaml")
    private Path yaml;

    @Option(names = "--filter", paramLabel = "FILE",
            description = "a properties file with the values of the YAML's $${...} (default: the one of the same name beside the YAML)")
    private Path filter;

    @Option(names = "--env-filter", description = "also fill $${ENV-NAME} placeholders from the environment")
    private boolean envFilter;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = {"one value, winning over the file's;"
            + " KEY as in the properties file (n, theta, output.dir, workers ...); repeatable"})
    private Map<String, String> sets = new LinkedHashMap<>();

    @Option(names = "--name", paramLabel = "NAME", description = {"run under NAME instead of the YAML's name, beside"
            + " others of the same YAML: its own keys in the run store, and output NAME beside the output.dir given"
            + " (unless --set output.dir=... says where)"})
    private String name;

    @Option(names = "--resume", description = "go on from the newest complete checkpoint (the same as --set resume=true;"
            + " docs/operations.md#failures-checkpoints-resume)")
    private boolean resume;

    /** The topology with its values, read and checked. */
    TopologyFile load() throws Exception {
        return load(Map.of());
    }

    /** The same, with values for the properties that the properties file leaves empty and no --set gives. */
    TopologyFile load(Map<String, String> fillEmpty) throws Exception {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : sets.entrySet()) {
            if (e.getKey().isBlank()) {
                throw new ParameterException(spec.commandLine(), "--set " + e.getKey() + "=" + e.getValue()
                        + " is not allowed: must be KEY=VALUE with a KEY");
            }
            overrides.put(e.getKey().trim(), e.getValue().trim());
        }
        if (resume) {
            overrides.put("resume", "true");
        }
        return TopologyFile.load(yaml, filter, overrides, envFilter, name, fillEmpty);
    }
}
