package io.stormsim.topologies;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.LocalCluster;

/**
 * The command line: {@code stormsim check|run TOPOLOGY.yaml [--filter FILE] [--env-filter]
 * [--set key=value]... [--timeout SECONDS]}. {@code check} only validates; {@code run} validates, then
 * runs the topology on an embedded LocalCluster and prints where the results are.
 */
public final class Stormsim {
    private static final String USAGE = "usage: stormsim check|run TOPOLOGY.yaml [--filter FILE.properties]"
            + " [--env-filter] [--set key=value]... [--timeout SECONDS]";

    private Stormsim() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    static int run(String[] args) throws Exception {
        if (args.length < 2 || !List.of("check", "run").contains(args[0])) {
            System.err.println(USAGE);
            return 2;
        }
        Path propertiesFile = null;
        boolean envFilter = false;
        long timeoutSeconds = 3600;
        Map<String, String> overrides = new LinkedHashMap<>();
        for (int i = 2; i < args.length; i++) {
            String a = args[i];
            boolean hasValue = i + 1 < args.length;
            if (a.equals("--filter") && hasValue) {
                propertiesFile = Path.of(args[++i]);
            } else if (a.equals("--env-filter")) {
                envFilter = true;
            } else if (a.equals("--set") && hasValue && args[i + 1].contains("=")) {
                String kv = args[++i];
                overrides.put(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
            } else if (a.equals("--timeout") && hasValue && args[i + 1].matches("\\d+")) {
                timeoutSeconds = Long.parseLong(args[++i]);
            } else {
                System.err.println("unknown or incomplete option '" + a + "'\n" + USAGE);
                return 2;
            }
        }
        TopologyFile topology;
        try {
            topology = TopologyFile.load(Path.of(args[1]), propertiesFile, overrides, envFilter);
        } catch (ConfigException e) {
            System.err.println("stormsim: " + e.getMessage());
            return 1;
        }
        if (args[0].equals("check")) {
            System.out.println(topology.yaml + ": ok");
            return 0;
        }
        System.out.println("stormsim: running " + topology.name() + " from " + topology.yaml + " on an embedded LocalCluster");
        long start = System.nanoTime();
        try (LocalCluster cluster = new LocalCluster()) {
            Path out = LocalRun.run(cluster, topology, Duration.ofSeconds(timeoutSeconds));
            System.out.printf("stormsim: done in %.1f s. Results in %s:%n", (System.nanoTime() - start) / 1e9,
                    out.toAbsolutePath());
            for (String f : List.of(DiagnosticsBolt.DIAGNOSTICS_CSV, DiagnosticsBolt.FINAL_BODIES_CSV,
                    DiagnosticsBolt.ENERGY_PLOT, DiagnosticsBolt.SUMMARY)) {
                System.out.println("  " + out.toAbsolutePath().resolve(f));
            }
            return 0;
        } catch (ConfigException | LocalRun.RunFailedException e) {
            System.err.println("stormsim: " + e.getMessage());
            return 1;
        }
    }
}
