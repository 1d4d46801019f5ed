package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.spouts.TimestepSpout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 on a real cluster: first the worker process of a partition that does not host the spout, then
 * the worker that hosts the spout. Storm restarts the workers; the spout (restarted itself the second
 * time, from its progress in ZooKeeper) restores the last checkpoint and replays; the run completes with
 * the sequential kernel's bits, and the worker logs show the restore.
 */
class ClusterFaultIntegrationTest {
    private static final int N = 3000, STEPS = 40, PARTITIONS = 2, WORKERS = 2;
    private static final long SEED = 13;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    private static final Duration TIMEOUT = Duration.ofSeconds(300);

    @TempDir
    Path tmp;

    @Test
    void killedWorkersAreRecoveredExactly() throws Exception {
        LocalStormCluster cluster = new LocalStormCluster(new ClusterLayout(tmp.resolve("cluster"),
                ClusterIntegrationTest.freeBasePort()), System.out);
        Thread stopOnExit = new Thread(() -> ClusterIntegrationTest.stopQuietly(cluster));
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            cluster.start();
            Path out = tmp.resolve("out");
            TopologyFile topology = smallRun(out, STEPS);
            NimbusAddress address = NimbusAddress.of(cluster.layout());
            TopologySubmission.submit(topology, address);
            Path csv = out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV);
            try (NimbusClient client = address.connect()) {
                Nimbus.Iface nimbus = client.getClient();
                try {
                    awaitRows(csv, 8);
                    TopologyInfo info = nimbus.getTopologyInfoByName(topology.name());
                    int spoutPort = portOf(info, "timestep");
                    int otherPort = info.get_executors().stream().mapToInt(ExecutorSummary::get_port)
                            .filter(p -> p != spoutPort).findFirst().orElseThrow();
                    killWorker(otherPort);
                    System.out.printf("kill -9 of the worker on port %d (partitions, no spout): moving again after %.1f s%n",
                            otherPort, secondsUntilNewRow(csv));
                    awaitRows(csv, 25);
                    killWorker(spoutPort);
                    System.out.printf("kill -9 of the worker on port %d (the spout): moving again after %.1f s%n",
                            spoutPort, secondsUntilNewRow(csv));
                    awaitFile(out.resolve(DiagnosticsBolt.SUMMARY));
                } finally {
                    KillOptions now = new KillOptions();
                    now.set_wait_secs(0);
                    nimbus.killTopologyWithOpts(topology.name(), now);
                }
            }
            assertTrue(sequentialBits(STEPS).sameStateBits(BodiesCsv.read(out.resolve(DiagnosticsBolt.FINAL_BODIES_CSV))),
                    "final bodies after two worker kills differ from the sequential kernel");
            assertTrue(workerLogsContain(cluster.layout().logs(), "restoring"), "the worker logs show the restore");
            assertTrue(workerLogsContain(cluster.layout().logs(), "spout restarted"), "the worker logs show the spout's restart");
        } finally {
            cluster.stop();
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        }
    }

    /** The default YAML, N bodies on PARTITIONS partitions and WORKERS workers, a checkpoint every 5 rounds. */
    static TopologyFile smallRun(Path out, int steps) throws Exception {
        return TopologyFile.load(LocalClusterTest.YAML, null, Map.ofEntries(
                Map.entry("n", String.valueOf(N)), Map.entry("seed", String.valueOf(SEED)),
                Map.entry("steps", String.valueOf(steps)), Map.entry("dt", String.valueOf(DT)),
                Map.entry("theta", String.valueOf(THETA)), Map.entry("epsilon", String.valueOf(EPSILON)),
                Map.entry("partitions", String.valueOf(PARTITIONS)), Map.entry("workers", String.valueOf(WORKERS)),
                Map.entry("output.dir", out.toString()), Map.entry("checkpoint.every", "5"),
                Map.entry("message.timeout.secs", "15")), false);
    }

    /** The sequential kernel's final bodies for {@link #smallRun}. */
    static Bodies sequentialBits(int steps) {
        return new SequentialSimulation(PlummerSphere.generate(N, SEED), Parameters.of(steps, DT, THETA, EPSILON))
                .run(c -> { }).sortedById();
    }

    private static int portOf(TopologyInfo info, String component) {
        return info.get_executors().stream().filter(e -> e.get_component_id().equals(component)).findFirst()
                .orElseThrow().get_port();
    }

    /** SIGKILL to the worker JVM of the given slot port (not the LogWriter that wraps it). */
    private static void killWorker(int port) {
        List<ProcessHandle> workers = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("org.apache.storm.daemon.worker.Worker")
                        && c.contains("-Dworker.port=" + port + " ") && !c.contains("org.apache.storm.LogWriter"))
                        .orElse(false)).toList();
        if (workers.size() != 1) {
            fail("expected one worker process on port " + port + ", found " + workers.size());
        }
        workers.get(0).destroyForcibly();
    }

    private static double secondsUntilNewRow(Path csv) throws Exception {
        long start = System.nanoTime();
        List<String> before = Files.readAllLines(csv);
        while (System.nanoTime() - start < TIMEOUT.toNanos()) {
            Thread.sleep(200);
            List<String> now = Files.readAllLines(csv);
            if (!now.equals(before) && !now.isEmpty() && now.size() >= 2) {
                return (System.nanoTime() - start) / 1e9;
            }
            checkNotHalted(csv.resolveSibling(TimestepSpout.HALTED));
        }
        fail("the run did not move within " + TIMEOUT.toSeconds() + " s of the kill");
        return -1;
    }

    static void awaitRows(Path csv, int rows) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!(Files.exists(csv) && Files.readAllLines(csv).size() >= rows)) {
            checkNotHalted(csv.resolveSibling(TimestepSpout.HALTED));
            if (System.nanoTime() > deadline) {
                fail("no " + rows + " rows in " + csv + " within " + TIMEOUT.toSeconds() + " s");
            }
            Thread.sleep(200);
        }
    }

    static void awaitFile(Path file) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!Files.exists(file)) {
            checkNotHalted(file.resolveSibling(TimestepSpout.HALTED));
            if (System.nanoTime() > deadline) {
                fail("no " + file + " within " + TIMEOUT.toSeconds() + " s");
            }
            Thread.sleep(200);
        }
    }

    static void checkNotHalted(Path halted) throws IOException {
        if (Files.exists(halted)) {
            fail("the run halted: " + Files.readString(halted));
        }
    }

    private static boolean workerLogsContain(Path logs, String text) throws IOException {
        try (Stream<Path> files = Files.walk(logs)) {
            return files.filter(p -> p.getFileName().toString().startsWith("worker.log")).anyMatch(p -> {
                try {
                    return Files.readString(p).contains(text);
                } catch (IOException e) {
                    return false;
                }
            });
        }
    }
}
