package io.stormsim.topologies.bench;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.bolts.nbody.NbodyConfig;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;

/**
 * A continuous Barnes-Hut run on a LocalCluster for a while, sampling what must stay bounded: heap in
 * use after a collection, and disk used by the output directory (checkpoints and snapshots rotate).
 * {@code Soak YAML MINUTES SAMPLE_SECONDS [key=value ...]}; prints a Markdown table.
 */
public final class Soak {
    private Soak() {
    }

    public static void main(String[] args) {
        LocalClusterMain.runThenExit(Soak::measure, args);
    }

    private static void measure(String[] args) throws Exception {
        Path yaml = Path.of(args[0]);
        long minutes = Long.parseLong(args[1]);
        long sampleSeconds = Long.parseLong(args[2]);
        Map<String, String> props = new HashMap<>(Map.of("steps", "0", "checkpoint.every", "20",
                "snapshot.every", "20", "snapshot.keep", "3", "output.dir",
                Files.createTempDirectory("stormsim-soak").toString()));
        for (int i = 3; i < args.length; i++) {
            props.put(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
        }
        TopologyFile topology = TopologyFile.load(yaml, null, props, false);
        Path out = NbodyConfig.from(topology.config).outputDir();
        System.out.println("soak: " + props + ", " + minutes + " min");
        System.out.println("| minutes | rounds done | heap used after GC MiB | output dir MiB |");
        System.out.println("|---|---|---|---|");
        long start = System.nanoTime();
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(topology.name(), topology.config, topology.build());
            while (System.nanoTime() - start < minutes * 60_000_000_000L) {
                Thread.sleep(sampleSeconds * 1000);
                System.gc();
                long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                System.out.printf("| %.1f | %d | %d | %.1f |%n", (System.nanoTime() - start) / 6e10,
                        rounds(out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV)), heap >> 20, size(out) / 1048576.0);
            }
            KillOptions now = new KillOptions();
            now.set_wait_secs(0);
            cluster.killTopologyWithOpts(topology.name(), now);
        }
    }

    private static long rounds(Path csv) throws IOException {
        if (!Files.exists(csv)) {
            return 0;
        }
        List<String> lines = Files.readAllLines(csv);
        return lines.size() - 1;
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
