package io.stormsim.cli;

import io.stormsim.run.RunConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.AlreadyAliveException;
import org.yaml.snakeyaml.Yaml;

/**
 * Submits a checked topology to a Storm cluster's Nimbus, with the shaded topology jar as the code the
 * workers run. The paths in its config (results, checkpoints, CSV metrics) are made absolute first (relative
 * to the caller's working directory): workers resolve relative paths against their own working directory, deep
 * in the Supervisor's local directory. Its input files go with it through the blob store ({@link TopologyInputs}).
 */
final class TopologySubmission {
    /** The directory of a metrics reporter that writes CSV files ({@code CsvStormReporter}, {@code BoundedCsvStormReporter}). */
    static final String CSV_REPORTER_DIR = "csv.log.dir";

    private TopologySubmission() {
    }

    /** Returns the directory the results will be written to. */
    static Path submit(TopologyFile topology, NimbusAddress nimbus) throws Exception {
        // empty path values keep their meaning (none, or the default)
        Map<String, Object> conf = absolutePaths(topology.config, topology.settings.pathKeys());
        Object reporters = conf.get(Config.TOPOLOGY_METRICS_REPORTERS);
        if (reporters instanceof List<?> list) {
            List<Object> absolute = new ArrayList<>();
            for (Object reporter : list) {
                absolute.add(reporter instanceof Map<?, ?> m ? absolutePaths(m, List.of(CSV_REPORTER_DIR)) : reporter);
            }
            conf.put(Config.TOPOLOGY_METRICS_REPORTERS, absolute);
        }
        Path outputDir = Path.of(conf.get(RunConfig.OUTPUT_DIR).toString());
        System.setProperty("storm.jar", ProjectPaths.topologyJar().toString());
        System.setProperty("storm.conf.file", clientConfigFile(nimbus).toString());
        conf = TopologyInputs.ship(topology.name(), conf, topology.settings.inputKeys(), nimbus);
        // It warns, with a stack trace, that the topology has a cycle: it has, by design (update -> bounds).
        Configurator.setLevel(StormSubmitter.class.getName(), Level.ERROR);
        try {
            StormSubmitter.submitTopology(topology.name(), conf, topology.build());
        } catch (AlreadyAliveException e) {
            throw new ConfigException("a topology named " + topology.name() + " is already running on Nimbus " + nimbus
                    + ": kill it first (stormsim kill " + topology.name() + "), or give this one another name");
        } catch (RuntimeException e) {
            throw new ConfigException("cannot submit " + topology.name() + " to Nimbus " + nimbus + ": " + rootMessage(e));
        }
        return outputDir;
    }

    /** A copy of {@code conf} with the non-empty values of {@code keys} as absolute paths. */
    private static Map<String, Object> absolutePaths(Map<?, ?> conf, List<String> keys) {
        Map<String, Object> copy = new HashMap<>();
        conf.forEach((k, v) -> copy.put(String.valueOf(k), v));
        for (String key : keys) {
            String path = String.valueOf(copy.getOrDefault(key, "")).trim();
            if (!path.isEmpty()) {
                copy.put(key, Path.of(path).toAbsolutePath().normalize().toString());
            }
        }
        return copy;
    }

    /**
     * StormSubmitter finds Nimbus through the Storm config file it reads: this one holds the client settings the
     * user gave (storm.yaml, --nimbus), every Nimbus seed among them.
     */
    static Path clientConfigFile(NimbusAddress nimbus) throws IOException {
        Path file = Files.createTempFile("stormsim-client", ".yaml");
        file.toFile().deleteOnExit();
        Files.writeString(file, new Yaml().dump(new LinkedHashMap<>(nimbus.clientKeys())));
        return file;
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.toString();
    }
}
