package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.run.RunOutput;
import io.stormsim.run.StreamConfig;
import io.stormsim.spouts.TimestepSpout;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.NimbusClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 on a real cluster: first the worker process of a partition that does not host the spout, then
 * the worker that hosts the spout. Storm restarts the workers; the spout (restarted itself the second
 * time, from its progress in ZooKeeper) restores the last checkpoint and replays; the run completes with
 * the sequential kernel's bits, and the worker logs show the restore.
 */
@ExtendWith(SharedCluster.class)
class ClusterFaultIntegrationTest {
    private static final int N = 3000, STEPS = 40, PARTITIONS = 2, WORKERS = 2;
    private static final long SEED = 13;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    private static final Duration TIMEOUT = Duration.ofSeconds(300);
    /** Far below the message timeout, far above a recovery that does not wait for it. */
    private static final Duration RECOVERY = Duration.ofSeconds(90);

    @TempDir
    Path tmp;

    /** The live page watches the run throughout (as `watch --web --topology` does) and names what happened. */
    @Test
    void killedWorkersAreRecoveredExactly() throws Exception {
        Path out = tmp.resolve("out");
        TopologyFile topology = smallRun(out, STEPS);
        int[] killed = new int[2];
        try (LiveSession live = LiveSession.start(topology.name(), String.valueOf(topology.config.get(StreamConfig.BIND)),
                "127.0.0.1", WebPort.parse(WebPort.DEFAULT)); NimbusClient pageClient = SharedCluster.nimbus().connect()) {
            live.watchNimbus(pageClient.getClient());
            String id = runOnCluster(tmp, topology, out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), (nimbus, name, csv) -> {
                awaitRows(csv, 8);
                TopologyInfo info = nimbus.getTopologyInfoByName(name);
                int spoutPort = portOf(info, "timestep");
                int otherPort = otherPort(info, spoutPort);
                String others = componentsOn(info, otherPort);
                killWorker(otherPort);
                killed[0] = otherPort;
                System.out.printf("kill -9 of the worker on port %d (%s): past its round after %.1f s%n",
                        otherPort, others, secondsUntilPast(csv, 1));
                awaitRows(csv, 25);
                String spouts = componentsOn(info, spoutPort);
                killWorker(spoutPort);
                killed[1] = spoutPort;
                System.out.printf("kill -9 of the worker on port %d (%s): past its round after %.1f s%n",
                        spoutPort, spouts, secondsUntilPast(csv, 1));
            });
            assertTrue(sequentialBits(STEPS).sameStateBits(BodiesCsv.read(out.resolve(DiagnosticsBolt.FINAL_BODIES_CSV))),
                    "final bodies after two worker kills differ from the sequential kernel");
            assertTrue(workerLogsContain(id, "restoring"), "the worker logs show the restore");
            assertTrue(workerLogsContain(id, "spout restarted"), "the worker logs show the spout's restart");
            pageShowsTheRestartsAndTheEnd(live, killed);
        }
    }

    /**
     * The page served throughout and says: rounds replayed, the last round reached. A restart it names is one of
     * the killed workers; it may name none, as Nimbus learns uptimes every executor.metrics.frequency.secs (10 s
     * here) and this run ends a few seconds after its second kill (LiveComponentsTest checks the naming).
     */
    private static void pageShowsTheRestartsAndTheEnd(LiveSession live, int[] killedPorts) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(live.address()
                .resolve("api/state")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode());
        JsonNode state = new ObjectMapper().readTree(answer.body());
        assertEquals("finished", state.get("status").asText(), answer.body());
        assertEquals(STEPS, state.get("progress").get("done").asLong());
        List<String> events = state.get("events").findValues("text").stream().map(JsonNode::asText).toList();
        // a replay that starts right after the last round the page saw goes back nowhere: at least one goes back
        assertTrue(events.stream().anyMatch(e -> e.startsWith("back to round ")), "the page names the replay: " + events);
        for (String e : events) {
            if (e.contains(" restarted ")) {
                assertTrue(e.matches("worker \\S+:(" + killedPorts[0] + "|" + killedPorts[1] + ") restarted \\(up \\d+ s\\)"),
                        "only a killed worker restarted: " + events);
            }
        }
    }

    /** What a test does to a run while it runs, with Nimbus, the topology's name and the CSV it watches. */
    interface WhileRunning {
        void accept(Nimbus.Iface nimbus, String name, Path csv) throws Exception;
    }

    /**
     * Submits {@link #smallRun} of {@code steps} steps with results in {@code tmp}/out to the shared cluster, does
     * {@code whileRunning} (given the diagnostics CSV), waits for the run's summary and kills the topology;
     * returns its id.
     */
    static String runOnCluster(Path tmp, int steps, WhileRunning whileRunning) throws Exception {
        Path out = tmp.resolve("out");
        return runOnCluster(tmp, smallRun(out, steps), out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV), whileRunning);
    }

    /**
     * Submits {@code topology} to the shared cluster, does {@code whileRunning} (given {@code csv}), waits for the
     * summary beside {@code csv} and kills the topology; returns its id.
     */
    static String runOnCluster(Path tmp, TopologyFile topology, Path csv, WhileRunning whileRunning)
            throws Exception {
        NimbusAddress address = SharedCluster.nimbus();
        TopologySubmission.submit(topology, address);
        try (NimbusClient client = address.connect()) {
            Nimbus.Iface nimbus = client.getClient();
            try {
                String id = nimbus.getTopologyInfoByName(topology.name()).get_id();
                whileRunning.accept(nimbus, topology.name(), csv);
                awaitFile(csv.resolveSibling(RunOutput.SUMMARY));
                return id;
            } finally {
                SharedCluster.kill(nimbus, topology.name());
            }
        }
    }

    /**
     * The default YAML, N bodies on PARTITIONS partitions and WORKERS workers, a checkpoint every 5 rounds, the
     * default message timeout (300 s): a recovery that waited for it would not move within {@link #RECOVERY}.
     */
    static TopologyFile smallRun(Path out, int steps) throws Exception {
        return TopologyFile.load(LocalClusterTest.YAML, null, Map.ofEntries(
                Map.entry("n", String.valueOf(N)), Map.entry("seed", String.valueOf(SEED)),
                Map.entry("steps", String.valueOf(steps)), Map.entry("dt", String.valueOf(DT)),
                Map.entry("theta", String.valueOf(THETA)), Map.entry("epsilon", String.valueOf(EPSILON)),
                Map.entry("partitions", String.valueOf(PARTITIONS)), Map.entry("workers", String.valueOf(WORKERS)),
                Map.entry("output.dir", out.toString()), Map.entry("checkpoint.every", "5"),
                Map.entry("stream.bind", StreamRecorder.freeEndpoint())), false);
    }

    /** The sequential kernel's final bodies for {@link #smallRun}. */
    static Bodies sequentialBits(int steps) {
        return new SequentialSimulation(PlummerSphere.generate(N, SEED), Parameters.of(steps, DT, THETA, EPSILON))
                .run(c -> { }).sortedById();
    }

    static int portOf(TopologyInfo info, String component) {
        return info.get_executors().stream().filter(e -> e.get_component_id().equals(component)).findFirst()
                .orElseThrow().get_port();
    }

    /** The components with executors in the worker on {@code port}, for the record of what a kill took. */
    static String componentsOn(TopologyInfo info, int port) {
        return info.get_executors().stream().filter(e -> e.get_port() == port).map(ExecutorSummary::get_component_id)
                .filter(c -> !c.startsWith("__")).distinct().sorted().collect(Collectors.joining(" "));
    }

    /** The port of a worker of the topology other than the one on {@code port}. */
    static int otherPort(TopologyInfo info, int port) {
        return info.get_executors().stream().mapToInt(ExecutorSummary::get_port).filter(p -> p != port).findFirst()
                .orElseThrow();
    }

    /** SIGKILL to the worker JVM of the given slot port (not the LogWriter that wraps it). */
    static void killWorker(int port) {
        List<ProcessHandle> workers = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains("org.apache.storm.daemon.worker.Worker")
                        && c.contains("-Dworker.port=" + port + " ") && !c.contains("org.apache.storm.LogWriter"))
                        .orElse(false)).toList();
        if (workers.size() != 1) {
            fail("expected one worker process on port " + port + ", found " + workers.size());
        }
        workers.get(0).destroyForcibly();
    }

    /**
     * Seconds from now until the run is past where it was: more rows than now plus {@code inFlight} (what was
     * in flight at the kill may still finish; a restore first cuts the rows back to its checkpoint, then the
     * rounds come again).
     */
    static double secondsUntilPast(Path csv, int inFlight) throws Exception {
        long start = System.nanoTime();
        int rows = Files.readAllLines(csv).size();
        while (System.nanoTime() - start < RECOVERY.toNanos()) {
            Thread.sleep(100);
            if (Files.readAllLines(csv).size() > rows + inFlight) {
                return (System.nanoTime() - start) / 1e9;
            }
            checkNotHalted(csv.resolveSibling(TimestepSpout.HALTED));
        }
        fail("the run did not get past its round at the kill within " + RECOVERY.toSeconds() + " s (the message"
                + " timeout is 300 s: did the spout wait for it?)");
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

    /** Whether a log of a worker of the topology {@code id} (on the shared cluster) has {@code text}. */
    static boolean workerLogsContain(String id, String text) throws IOException {
        try (Stream<Path> files = Files.walk(SharedCluster.workerLogs(id))) {
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
