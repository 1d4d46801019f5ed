package io.stormsim.benchmarks;

import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.NbodyConfig;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A continuous Barnes-Hut run on a LocalCluster for a while, sampling what must stay bounded: heap in
 * use after a collection, and disk used by the output directory (checkpoints and snapshots rotate).
 * Prints a Markdown table.
 */
@Command(name = "soak", sortOptions = false,
        description = {"A continuous Barnes-Hut run on a LocalCluster (checkpoint and snapshot every 20 steps, 3 snapshots"
                + " kept), sampling heap after GC and the output directory's size; a Markdown table."},
        footer = {"e.g. stormsim bench soak 30 60 n=20000 partitions=2"})
public final class Soak implements Callable<Integer> {
    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "MINUTES", defaultValue = "30",
            description = "how long (default: ${DEFAULT-VALUE})")
    private long minutes;
    @Parameters(index = "1", arity = "0..1", paramLabel = "SAMPLE_SECONDS", defaultValue = "60",
            description = "time between samples (default: ${DEFAULT-VALUE})")
    private long sampleSeconds;
    @Parameters(index = "2..*", paramLabel = "KEY=VALUE", description = "barnes-hut.properties values, e.g. n=20000")
    private Map<String, String> overrides = new HashMap<>();
    @Option(names = "--yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/barnes-hut.yaml",
            description = "the topology (default: ${DEFAULT-VALUE})")
    private Path yaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "MINUTES", minutes, 1);
        Checks.atLeast(spec, "SAMPLE_SECONDS", sampleSeconds, 1);
        Map<String, String> props = new HashMap<>(Map.of("steps", "0", "checkpoint.every", "20",
                "snapshot.every", "20", "snapshot.keep", "3", "output.dir",
                Files.createTempDirectory("stormsim-soak").toString()));
        props.putAll(overrides);
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
        return 0;
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
