package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.run.RedisCheckpointStore;
import io.stormsim.run.RedisResults;
import io.stormsim.run.RunOutput;
import io.stormsim.sort.SortFile;
import io.stormsim.sort.SortRecords;
import io.stormsim.sort.bolts.SortSinkBolt;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.water.bolts.WaterSink;
import io.stormsim.water.topologies.WaterTopologyTest;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of three hosts that share nothing but the network (scripts/cluster start --hosts 3: each host its own
 * address and mount namespace, the project's output/ and the other hosts' files hidden from it), the run store in
 * its Redis, the inputs in files only the submitting side sees (below output/, which no host sees), submitted and
 * read back with the command line as a user types it. Barnes-Hut on 3 partitions over 3 workers on 3 hosts
 * survives kill -9 of a worker and then the death of the host that holds its spout, and ends with the sequential
 * kernel's bits; radix sort with an input file, and Water with the original's input, run on the same cluster;
 * {@code stormsim results} brings every output back, and no output reaches the submitting side's disk otherwise.
 */
class MultiHostClusterIntegrationTest {
    private static final int N = 3000, STEPS = 1500, PARTITIONS = 3;
    private static final long SEED = 17;
    private static final double DT = 0.005, THETA = 0.6, EPSILON = 0.02;
    private static final Duration TIMEOUT = Duration.ofSeconds(300);
    /** Far below the message timeout (300 s): a run that waited for it would not move within this. */
    private static final Duration RECOVERY = Duration.ofSeconds(120);
    private static LocalStormCluster cluster;
    /** Where the submitting side keeps its files: the project's output/, which no host of the cluster sees. */
    private static Path userFiles;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startThreeHosts() throws Exception {
        Path dir = Path.of("target", "multi-host-cluster").toAbsolutePath();
        Files.createDirectories(dir);
        cluster = new LocalStormCluster(new ClusterLayout(dir, ClusterIntegrationTest.freeBasePort(), 3), System.out);
        cluster.start();
        userFiles = ProjectPaths.home().resolve("output").resolve("multi-host-test-" + ProcessHandle.current().pid());
        Files.createDirectories(userFiles);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.stop();
        }
        if (userFiles != null) {
            LocalStormCluster.deleteTree(userFiles);
        }
    }

    @Test
    void barnesHutSurvivesAKilledWorkerAndADeadHostWithTheKernelsBits() throws Exception {
        Bodies initial = PlummerSphere.generate(N, SEED);
        Path bodies = userFiles.resolve("bodies.csv");
        BodiesCsv.write(initial, bodies);
        Path out = userFiles.resolve("bh");
        String name = "multi-host-bh";
        submit("barnes-hut.yaml", name, "bodies.file=" + bodies, "n=" + N, "steps=" + STEPS, "dt=" + DT,
                "theta=" + THETA, "epsilon=" + EPSILON, "partitions=" + PARTITIONS, "workers=" + PARTITIONS,
                "checkpoint.every=25", "output.dir=" + out, "stream.bind=");
        URI store = URI.create(cluster.layout().storeUrl());
        CompletableFuture<Bodies> reference;
        try (NimbusClient client = NimbusAddress.of(cluster.layout()).connect();
                RedisCheckpointStore checkpoints = new RedisCheckpointStore(store, name)) {
            Nimbus.Iface nimbus = client.getClient();
            awaitCheckpoint(checkpoints, 25);
            TopologyInfo info = nimbus.getTopologyInfoByName(name);
            List<String> hosts = info.get_executors().stream().map(ExecutorSummary::get_host).distinct().sorted().toList();
            assertEquals(List.of("127.0.1.1", "127.0.1.2", "127.0.1.3"), hosts, "a worker on each host");
            ExecutorSummary spout = executorOf(info, "timestep");
            ExecutorSummary other = info.get_executors().stream().filter(e -> !e.get_host().equals(spout.get_host()))
                    .findFirst().orElseThrow();

            awaitCheckpoint(checkpoints, 100);
            ClusterFaultIntegrationTest.killWorker(other.get_port());
            System.out.printf("kill -9 of the worker on %s:%d: a newer checkpoint after %.1f s%n", other.get_host(),
                    other.get_port(), secondsUntilNewerCheckpoint(checkpoints));

            int host = Integer.parseInt(spout.get_host().substring(spout.get_host().lastIndexOf('.') + 1));
            awaitCheckpoint(checkpoints, latest(checkpoints) + 100);
            List<ProcessHandle> killed = cluster.killHost(host);
            // the oracle, computed while the cluster waits for Nimbus to see the host dead (its CPUs idle then)
            reference = CompletableFuture.supplyAsync(() -> new SequentialSimulation(initial,
                    Parameters.of(STEPS, DT, THETA, EPSILON)).run(c -> { }).sortedById());
            System.out.printf("kill-host %d (the spout's, %d processes): a newer checkpoint after %.1f s%n", host,
                    killed.size(), secondsUntilNewerCheckpoint(checkpoints));
            awaitComplete(store, name);
            info = nimbus.getTopologyInfoByName(name);
            assertFalse(info.get_executors().stream().anyMatch(e -> e.get_host().equals(spout.get_host())),
                    "no executor left on the dead host");
            kill(nimbus, name);
        }
        assertNoFiles(out);
        Path back = tmp.resolve("bh");
        String said = stormsim("results", name, "--cluster", cluster.layout().dir().toString(), "--to", back.toString());
        assertTrue(said.contains("(complete: summary.txt is there)"), said);
        for (String file : List.of(DiagnosticsBolt.DIAGNOSTICS_CSV, DiagnosticsBolt.FINAL_BODIES_CSV, "energy-error.png",
                "step-time.png", RunOutput.SUMMARY)) {
            assertTrue(Files.size(back.resolve(file)) > 0, file + " came back");
        }
        assertEquals(STEPS + 2, Files.readAllLines(back.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV)).size(),
                "a header and a row per round 0.." + STEPS + ", replays not repeated");
        Bodies expected = reference.get();
        assertTrue(expected.sameStateBits(BodiesCsv.read(back.resolve(DiagnosticsBolt.FINAL_BODIES_CSV))),
                "final bodies after a killed worker and a dead host differ from the sequential kernel's");
    }

    @Test
    void radixSortOfAnInputFileOnlyTheSubmitterHasComesBackSorted() throws Exception {
        int keys = 200_000;
        Random random = new Random(5);
        int[] k = new int[keys];
        long[] payloads = new long[keys];
        for (int i = 0; i < keys; i++) {
            k[i] = random.nextInt(1 << 12) * 1_048_573;
            payloads[i] = i;
        }
        Path input = userFiles.resolve("records.sort");
        SortFile.write(input, SortRecords.ofInts(k, payloads));
        String name = "multi-host-sort";
        Path out = userFiles.resolve("sort");
        submit("radix-sort.yaml", name, "input.file=" + input, "jobs=2", "partitions=3", "workers=3",
                "output.dir=" + out);
        awaitAndKill(name);
        assertNoFiles(out);
        Path back = tmp.resolve("sort");
        stormsim("results", name, "--cluster", cluster.layout().dir().toString(), "--to", back.toString());
        // the oracle: a stable sort of (unsigned key, input index) by key, with the library's sort
        Integer[] order = IntStream.range(0, keys).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingLong(i -> Integer.toUnsignedLong(k[i])));
        int[] sortedKeys = new int[keys];
        long[] sortedPayloads = new long[keys];
        for (int i = 0; i < keys; i++) {
            sortedKeys[i] = k[order[i]];
            sortedPayloads[i] = order[i];
        }
        SortRecords expected = SortRecords.ofInts(sortedKeys, sortedPayloads);
        for (int job = 0; job < 2; job++) {
            assertTrue(expected.sameRecords(SortFile.read(back.resolve("sorted-" + job + ".bin"))), "job " + job);
        }
        assertEquals(3, Files.readAllLines(back.resolve(SortSinkBolt.JOBS_CSV)).size(), "a header and two jobs");
        assertTrue(Files.exists(back.resolve(RunOutput.SUMMARY)));
    }

    @Test
    void waterOnTheOriginalsInputPrintsTheOriginalsTable() throws Exception {
        Path ref = WaterTopologyTest.referenceDirectory();
        Path input = Files.copy(ref.resolve(WaterTopologyTest.INPUT), userFiles.resolve(WaterTopologyTest.INPUT));
        Path randoms = Files.copy(ref.resolve(WaterTopologyTest.RANDOM), userFiles.resolve(WaterTopologyTest.RANDOM));
        String name = "multi-host-water";
        Path out = userFiles.resolve("water");
        submit("water.yaml", name, "input.file=" + input, "random.file=" + randoms, "steps=10", "partitions=3",
                "workers=3", "output.dir=" + out);
        awaitAndKill(name);
        assertNoFiles(out);
        Path back = tmp.resolve("water");
        stormsim("results", name, "--cluster", cluster.layout().dir().toString(), "--to", back.toString());
        assertEquals(WaterTopologyTest.tableLines(Files.readAllLines(ref.resolve(WaterTopologyTest.PRINTED))),
                Files.readAllLines(back.resolve(WaterSink.TABLE)));
    }

    /** {@code stormsim submit YAML --cluster DIR --name NAME --set ...}, as typed; the store is the cluster's. */
    private static void submit(String yaml, String name, String... sets) {
        List<String> args = new ArrayList<>(List.of("submit", LocalClusterTest.YAML.resolveSibling(yaml).toString(),
                "--cluster", cluster.layout().dir().toString(), "--name", name));
        for (String set : sets) {
            args.add("--set");
            args.add(set);
        }
        String said = stormsim(args.toArray(String[]::new));
        assertTrue(said.contains("submitted " + name), said);
    }

    /** Runs a command of the command line in this JVM; fails with what it said unless it succeeds. */
    private static String stormsim(String... args) {
        StormsimCommandLineTest.Outcome o = StormsimCommandLineTest.stormsim(args);
        System.out.print(o.out());
        assertEquals(0, o.status(), "stormsim " + String.join(" ", args) + ": " + o.err() + o.out());
        return o.out();
    }

    private static ExecutorSummary executorOf(TopologyInfo info, String component) {
        return info.get_executors().stream().filter(e -> e.get_component_id().equals(component)).findFirst().orElseThrow();
    }

    private static long latest(RedisCheckpointStore checkpoints) throws Exception {
        OptionalLong round = checkpoints.latestComplete();
        return round.isPresent() ? round.getAsLong() : -1;
    }

    private static void awaitCheckpoint(RedisCheckpointStore checkpoints, long round) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (latest(checkpoints) < round) {
            if (System.nanoTime() > deadline) {
                fail("no checkpoint of round " + round + " within " + TIMEOUT.toSeconds() + " s; newest "
                        + latest(checkpoints));
            }
            Thread.sleep(100);
        }
    }

    /** Seconds from now until a checkpoint newer than the newest now is complete: the run moves again. */
    private static double secondsUntilNewerCheckpoint(RedisCheckpointStore checkpoints) throws Exception {
        long start = System.nanoTime();
        long now = latest(checkpoints);
        while (latest(checkpoints) <= now) {
            if (System.nanoTime() - start > RECOVERY.toNanos()) {
                fail("no checkpoint newer than round " + now + " within " + RECOVERY.toSeconds() + " s");
            }
            Thread.sleep(100);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** Waits until the run's summary is in the run store. */
    private static void awaitComplete(URI store, String name) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        try (RedisResults results = new RedisResults(store, name)) {
            while (!results.names().contains(RunOutput.SUMMARY)) {
                if (results.names().contains(RunOutput.HALTED)) {
                    fail(name + " halted: see " + cluster.layout().dir().resolve("hosts") + "/K/logs");
                }
                if (System.nanoTime() > deadline) {
                    fail(name + " not complete within " + TIMEOUT.toSeconds() + " s; in the store: " + results.names());
                }
                Thread.sleep(250);
            }
        }
    }

    private static void awaitAndKill(String name) throws Exception {
        awaitComplete(URI.create(cluster.layout().storeUrl()), name);
        try (NimbusClient client = NimbusAddress.of(cluster.layout()).connect()) {
            kill(client.getClient(), name);
        }
    }

    /** Kills the topology as {@code stormsim kill} does: its input blobs go too. */
    private static void kill(Nimbus.Iface nimbus, String name) throws Exception {
        SharedCluster.kill(nimbus, name);
        assertTrue(TopologyInputs.delete(name, NimbusAddress.of(cluster.layout())) >= 1, "its inputs were blobs");
    }

    /** No host wrote to the submitting side's disk (its checks may have made the directory). */
    private static void assertNoFiles(Path out) throws Exception {
        if (Files.exists(out)) {
            try (var files = Files.walk(out)) {
                assertEquals(List.of(), files.filter(Files::isRegularFile).toList(), "files on the submitting side's disk");
            }
        }
    }
}
