package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.analysis.bolts.LagrangianBolt;
import io.stormsim.nbody.analysis.bolts.ProfileBolt;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.fof.Catalogue;
import io.stormsim.nbody.fof.FofParameters;
import io.stormsim.nbody.fof.FofTab;
import io.stormsim.nbody.fof.PartitionedFof;
import io.stormsim.nbody.topologies.BarnesHutTopologyTest;
import io.stormsim.spouts.TimestepSpout;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.storm.generated.ComponentAggregateStats;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.RebalanceOptions;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologyPageInfo;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Barnes-Hut YAML on a real cluster: ZooKeeper, Nimbus and two Supervisors, each its own JVM, started
 * by the code behind scripts/cluster on free loopback ports ({@link SharedCluster}); the topology submitted as
 * `stormsim submit` does, with 2 workers and Kryo on every tuple. Every phase bolt executes its tuples, as Nimbus
 * reports them (the numbers of the status table), and the final bodies are the sequential kernel's bits.
 */
@ExtendWith(SharedCluster.class)
class ClusterIntegrationTest {
    private static final Path YAML = BarnesHutTopologyTest.YAML;
    private static final int N = 2000, STEPS = 10, PARTITIONS = 2, WORKERS = 2;
    private static final long SEED = 11;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    private static final List<String> PHASE_BOLTS = List.of("bounds", "decompose", "migrate", "tree", "essential-tree",
            "force", "update", "diagnostics");
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration STATS_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void barnesHutOnARealClusterExecutesEveryPhaseAndGivesTheSequentialBits() throws Exception {
        LocalStormCluster cluster = SharedCluster.cluster();
        long t1 = System.nanoTime();
        Path out = tmp.resolve("out");
        TopologyFile topology = TopologyFile.load(YAML, null, Map.of("n", String.valueOf(N), "seed",
                String.valueOf(SEED), "steps", String.valueOf(STEPS), "dt", String.valueOf(DT), "theta",
                String.valueOf(THETA), "epsilon", String.valueOf(EPSILON), "partitions", String.valueOf(PARTITIONS),
                "workers", String.valueOf(WORKERS), "output.dir", out.toString(), "always.try.serialize", "true"),
                false);
        NimbusAddress address = NimbusAddress.of(cluster.layout());
        TopologySubmission.submit(topology, address);
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                long firstRound = awaitFile(nimbus, topology.name(), out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), 2,
                        cluster.layout());
                awaitFile(nimbus, topology.name(), out.resolve(DiagnosticsBolt.SUMMARY), 1, cluster.layout());
                System.out.printf("submit to first round %.1f s; run %.1f s%n", (firstRound - t1) / 1e9,
                        (System.nanoTime() - t1) / 1e9);
                checkStatistics(nimbus, topology.name());
                checkRebalanceRules(nimbus, topology.name());
            } finally {
                SharedCluster.kill(nimbus, topology.name());
            }
        }
        Bodies sequential = new SequentialSimulation(PlummerSphere.generate(N, SEED),
                Parameters.of(STEPS, DT, THETA, EPSILON)).run((Conserved c) -> { }).sortedById();
        Bodies onCluster = BodiesCsv.read(out.resolve(DiagnosticsBolt.FINAL_BODIES_CSV));
        assertTrue(sequential.sameStateBits(onCluster), "final bodies on the cluster differ from the sequential kernel");
    }

    /**
     * barnes-hut-pipeline.yaml on the cluster, 2 workers: every stage writes its files from the workers (HDF5 through
     * jHDF, which needs commons-lang3 in the topology jar: Storm's lib-worker/ has none), and the last catalogue is
     * the friends-of-friends of the sequential kernel's final bodies, bit for bit.
     */
    @Test
    void thePipelinesStagesWriteTheirResultsOnARealCluster() throws Exception {
        LocalStormCluster cluster = SharedCluster.cluster();
        Path out = tmp.resolve("pipeline");
        Map<String, String> values = new HashMap<>(Map.of("n", String.valueOf(N), "seed", String.valueOf(SEED),
                "steps", String.valueOf(STEPS), "dt", String.valueOf(DT), "theta", String.valueOf(THETA), "epsilon",
                String.valueOf(EPSILON), "partitions", String.valueOf(PARTITIONS), "workers", String.valueOf(WORKERS),
                "output.dir", out.toString(), "always.try.serialize", "true"));
        values.putAll(Map.of("snapshot.every", "5", "lagrangian.every", "5", "profile.every", "5",
                "fof.min.members", "8"));
        TopologyFile topology = TopologyFile.load(YAML.resolveSibling("barnes-hut-pipeline.yaml"), null, values, false);
        NimbusAddress address = NimbusAddress.of(cluster.layout());
        TopologySubmission.submit(topology, address);
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                awaitFile(nimbus, topology.name(), out.resolve(DiagnosticsBolt.SUMMARY), 1, cluster.layout());
            } finally {
                SharedCluster.kill(nimbus, topology.name());
            }
        }
        assertEquals(1 + STEPS / 5 + 1, Files.readAllLines(out.resolve(LagrangianBolt.CSV)).size(),
                "a header and rounds 0, 5, 10");
        assertTrue(Files.size(out.resolve(ProfileBolt.file(STEPS / 5, true))) > 0);
        Bodies sequential = new SequentialSimulation(PlummerSphere.generate(N, SEED),
                Parameters.of(STEPS, DT, THETA, EPSILON)).run((Conserved c) -> { });
        Catalogue expected = PartitionedFof.run(List.of(sequential), FofParameters.relative(FofParameters.DEFAULT_B, 8));
        assertTrue(expected.length.length > 0, "the test's bodies have groups");
        assertTrue(expected.sameBits(FofTab.read(out.resolve("snapshots").resolve(FofTab.fileName(STEPS / 5)))),
                "the catalogue of the last round");
    }

    /**
     * Waits (bounded) until Nimbus has the statistics of the whole run: every round acked at the spout, every
     * report at the diagnostics bolt; then every phase bolt has executed tuples, on both workers.
     */
    private static void checkStatistics(Nimbus.Iface nimbus, String name) throws Exception {
        long rounds = STEPS + 1;
        long deadline = System.nanoTime() + STATS_TIMEOUT.toNanos();
        while (true) {
            TopologyInfo info = nimbus.getTopologyInfoByName(name);
            TopologyPageInfo page = nimbus.getTopologyPageInfo(info.get_id(), TopologyStatusTable.WINDOW, false);
            Map<String, Long> executed = new TreeMap<>();
            for (String bolt : PHASE_BOLTS) {
                ComponentAggregateStats s = page.get_id_to_bolt_agg_stats().get(bolt);
                executed.put(bolt, s != null && s.get_specific_stats() != null && s.get_specific_stats().is_set_bolt()
                        ? s.get_specific_stats().get_bolt().get_executed() : 0L);
            }
            long acked = page.get_id_to_spout_agg_stats().get("timestep").get_common_stats().get_acked();
            // a worker counts in the page once its executors' statistics reached Nimbus (every 10 s)
            int reporting = page.get_num_workers();
            if (acked == rounds && executed.get("diagnostics") == PARTITIONS * rounds && reporting == WORKERS) {
                String table = TopologyStatusTable.render(page, info, nimbus.getUserTopology(info.get_id()));
                System.out.print(table);
                for (String bolt : PHASE_BOLTS) {
                    assertTrue(executed.get(bolt) > 0, bolt + " executed no tuples: " + executed);
                    assertTrue(table.contains("\n" + bolt + " "), "the status table has a row for " + bolt);
                }
                Set<Integer> ports = new HashSet<>();
                info.get_executors().forEach(e -> ports.add(e.get_port()));
                assertEquals(WORKERS, ports.size(), "executors spread over " + ports);
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("Nimbus has not the statistics of the whole run after " + STATS_TIMEOUT.toSeconds() + " s: spout acked "
                        + acked + " of " + rounds + " rounds, executed " + executed + ", workers reporting " + reporting + " of " + WORKERS);
            }
            Thread.sleep(1000);
        }
    }

    /** Rebalance requests for the phase bolts are checked against the topology; nothing is sent here. */
    private static void checkRebalanceRules(Nimbus.Iface nimbus, String name) throws Exception {
        ConfigException alone = assertThrows(ConfigException.class,
                () -> TopologyRebalance.check(nimbus, name, null, Map.of("force", 1), 0));
        assertTrue(alone.getMessage().contains("--executors force=1 is not allowed alone")
                && alone.getMessage().contains("--executors bounds=1"), alone.getMessage());
        ConfigException tooMany = assertThrows(ConfigException.class,
                () -> TopologyRebalance.check(nimbus, name, null, Map.of("diagnostics", 2), 0));
        assertTrue(tooMany.getMessage().contains("must be in 1..1"), tooMany.getMessage());
        Map<String, Integer> allPhases = new TreeMap<>();
        PHASE_BOLTS.stream().filter(b -> !b.equals("diagnostics")).forEach(b -> allPhases.put(b, 1));
        RebalanceOptions ok = TopologyRebalance.check(nimbus, name, 1, allPhases, 0);
        assertEquals(allPhases, ok.get_num_executors());
        assertEquals(1, ok.get_num_workers());
    }

    /**
     * Waits until {@code file} has {@code lines} lines; fails if the run halts. Errors the topology reports
     * are printed: the spout restores and replays a failed round, so an error alone does not end a run.
     */
    static long awaitFile(Nimbus.Iface nimbus, String name, Path file, int lines, ClusterLayout layout)
            throws Exception {
        Path halted = file.resolveSibling(TimestepSpout.HALTED);
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        Set<String> reported = new HashSet<>();
        while (!(Files.exists(file) && Files.readAllLines(file).size() >= lines)) {
            nimbus.getTopologyInfoByName(name).get_errors().forEach((component, errors) -> errors.forEach(e -> {
                if (reported.add(component + ": " + e.get_error())) {
                    System.out.println("topology " + name + " reported, " + component + ": " + e.get_error());
                }
            }));
            if (Files.exists(halted)) {
                fail("topology " + name + " halted: " + Files.readString(halted) + workerLogTails(layout));
            }
            if (System.nanoTime() > deadline) {
                fail("no " + file + " with " + lines + " lines within " + RUN_TIMEOUT.toSeconds() + " s"
                        + workerLogTails(layout));
            }
            Thread.sleep(200);
        }
        return System.nanoTime();
    }

    /** The last lines of every worker's log, for a failure message. */
    static String workerLogTails(ClusterLayout layout) throws IOException {
        StringBuilder sb = new StringBuilder();
        Path artifacts = layout.logs().resolve("workers-artifacts");
        if (Files.isDirectory(artifacts)) {
            try (Stream<Path> files = Files.walk(artifacts)) {
                for (Path log : files.filter(f -> f.getFileName().toString().equals("worker.log")).toList()) {
                    List<String> lines = Files.readAllLines(log);
                    sb.append("\n--- end of ").append(log).append(" ---\n")
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
                }
            }
        }
        return sb.length() == 0 ? " (no worker logs in " + artifacts + ")" : sb.toString();
    }

    /** A base port whose whole span is free on 127.0.0.1, away from the default cluster's ports. */
    static int freeBasePort() {
        Random random = new Random();
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = 20000 + random.nextInt(20000);
            if (spanIsFree(base)) {
                return base;
            }
        }
        throw new IllegalStateException("no free span of " + ClusterLayout.PORT_SPAN + " ports in 20000..40000");
    }

    private static boolean spanIsFree(int base) {
        for (int port = base; port < base + ClusterLayout.PORT_SPAN; port++) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress("127.0.0.1", port));
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    /** For a shutdown hook: stops the cluster, reporting instead of throwing. */
    static void stopQuietly(LocalStormCluster cluster) {
        try {
            cluster.stop();
        } catch (Exception e) {
            System.err.println("stopping the test cluster: " + e);
        }
    }
}
