package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.bolts.SearchCoordinatorBolt;
import io.stormsim.checkers.topologies.CheckersSearchTopologyTest;
import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.Dgemm;
import io.stormsim.matmul.bolts.ResultBolt;
import io.stormsim.matmul.topologies.MatmulTopologyTest;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 in a job stream on a real cluster, with the default message timeout. Matrix multiply jobs, two in
 * flight, on two workers: first the worker without the spout, then the spout's (the result sink is on one
 * of them). Each time the spout learns of the restart from ZooKeeper and sends the lost jobs again without
 * waiting for the timeout; the restarted spout sends only the jobs not done and the restarted sink continues
 * its log, so the stream completes, and every job's C is the sequential kernel's bits. The checkers search,
 * a round a job, on two workers: first a worker with searchers and without the coordinator (the round is
 * sent again), then the coordinator's (it resumes at the first position without a result, from depth 1):
 * every position is searched once, to the sequential search's score.
 */
@ExtendWith(SharedCluster.class)
class ClusterJobFaultIntegrationTest {
    private static final int N = 256, BLOCK = 64, JOBS = 500, IN_FLIGHT = 2;
    private static final long SEED = 5;
    /** Positions a few moves from the start, each searched in about a second: a kill lands inside one. */
    private static final int[] SEARCH_PLIES = {2, 4, 6, 10, 12, 14, 16};
    private static final int SEARCH_DEPTH = 17, SEARCHERS = 3;

    @TempDir
    Path tmp;

    @Test
    void killedWorkersLoseNoJobAndWaitForNoTimeout() throws Exception {
        Path out = tmp.resolve("out");
        TopologyFile topology = TopologyFile.load(MatmulTopologyTest.MATMUL_YAML, null, Map.ofEntries(
                Map.entry("n", String.valueOf(N)), Map.entry("block", String.valueOf(BLOCK)),
                Map.entry("grid.rows", "2"), Map.entry("grid.cols", "2"), Map.entry("partitions", "4"),
                Map.entry("workers", "2"), Map.entry("seed", String.valueOf(SEED)),
                Map.entry("jobs", String.valueOf(JOBS)), Map.entry("jobs.in.flight", String.valueOf(IN_FLIGHT)),
                Map.entry("write.c", "false"), Map.entry("worker.heap", "512m"), Map.entry("output.dir", out.toString())),
                false);
        Path jobsCsv = out.resolve(ResultBolt.JOBS_CSV);
        String id = killOtherWorkerThenOwn(topology, jobsCsv, "jobs", 20, IN_FLIGHT, "jobs").id();
        Map<Long, String> hashes = new TreeMap<>();
        List<String> rows = Files.readAllLines(jobsCsv);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            String before = hashes.put(Long.parseLong(f[0]), f[3]);
            assertTrue(before == null || before.equals(f[3]), "job " + f[0] + " done twice with different bits: " + row);
        }
        assertEquals(JOBS, hashes.size(), "every job done");
        DenseMatrix a = DenseMatrix.random(N, N, SEED);
        Dgemm dgemm = new Dgemm();
        for (Map.Entry<Long, String> job : hashes.entrySet()) {
            DenseMatrix c = DenseMatrix.zeros(N, N);
            dgemm.multiplyAdd(a, DenseMatrix.random(N, N, SEED + 1 + job.getKey()), c);
            assertEquals(Long.toHexString(c.bitsHash()), job.getValue(), "job " + job.getKey() + "'s C");
        }
        assertTrue(Files.readString(out.resolve(ResultBolt.SUMMARY)).contains("jobs = " + JOBS));
        assertTrue(ClusterFaultIntegrationTest.workerLogsContain(id, "restarted (a worker died)"),
                "the worker logs show the spout noticing the restart");
        assertTrue(ClusterFaultIntegrationTest.workerLogsContain(id, "spout restarted: resuming the job stream"),
                "the worker logs show the spout's restart");
    }

    @Test
    void killedSearcherAndCoordinatorWorkersLoseNoPositionAndRepeatNone() throws Exception {
        Path out = tmp.resolve("out");
        List<Position> positions = IntStream.of(SEARCH_PLIES).mapToObj(CheckersSearchTopologyTest::played).toList();
        Path file = tmp.resolve("positions.txt");
        Files.write(file, positions.stream().map(Position::toFen).toList());
        Map<String, String> settings = CheckersSearchTopologyTest.settings(file, SEARCH_DEPTH, "local", SEARCHERS, out);
        settings.putAll(Map.of("table.log2", "18", "workers", "2", "worker.heap", "512m", "always.try.serialize",
                "false"));
        TopologyFile topology = TopologyFile.load(CheckersSearchTopologyTest.SEARCH_YAML, null, settings, false);
        Path rowsCsv = out.resolve(SearchCoordinatorBolt.SEARCH_CSV);
        // each kill just after a position is done: it lands in the next one's search
        Killed killed = killOtherWorkerThenOwn(topology, rowsCsv, "coordinator", 1, 0, "a position");
        assertTrue(killed.components().get(0).contains("searcher"), "the first kill takes searchers: " + killed);
        List<String> lines = Files.readAllLines(rowsCsv);
        Map<String, String[]> rows = CheckersSearchTopologyTest.rows(rowsCsv);
        assertEquals(positions.size(), lines.size() - 1, "a row a position: " + lines);
        assertEquals(positions.size(), rows.size(), "every position once: " + lines);
        for (Position p : positions) {
            assertEquals(new Search(new LocalTable(20)).search(p, SEARCH_DEPTH).score(), Integer.parseInt(rows.get(
                    p.toFen())[2]), p.toFen());
        }
        String summary = Files.readString(out.resolve(RunOutput.SUMMARY));
        assertTrue(summary.startsWith(positions.size() + " positions searched") && summary.contains(
                "positions done before this sink restarted"), summary);
        assertTrue(ClusterFaultIntegrationTest.workerLogsContain(killed.id(), "restarted (a worker died)"),
                "the worker logs show the spout noticing the restarts");
        assertTrue(ClusterFaultIntegrationTest.workerLogsContain(killed.id(), "coordinator restarted: "),
                "the worker logs show the coordinator's resume");
    }

    /** A run's topology id (its worker logs), and the components of each worker killed, in turn. */
    private record Killed(String id, List<String> components) {
    }

    /**
     * Runs {@code topology} on a cluster of two workers and kills the worker without {@code component}, then the
     * one with it, each once {@code rows} more rows are in {@code csv}; prints how long until more rows are in
     * than were {@code inFlight} ({@code what} done again).
     */
    private Killed killOtherWorkerThenOwn(TopologyFile topology, Path csv, String component, int rows, int inFlight,
            String what) throws Exception {
        List<String> components = new ArrayList<>();
        String id = ClusterFaultIntegrationTest.runOnCluster(tmp, topology, csv, (nimbus, name, c) -> {
            ClusterFaultIntegrationTest.awaitRows(c, 2);
            TopologyInfo info = nimbus.getTopologyInfoByName(name);
            int own = ClusterFaultIntegrationTest.portOf(info, component);
            for (int port : new int[] {ClusterFaultIntegrationTest.otherPort(info, own), own}) {
                components.add(ClusterFaultIntegrationTest.componentsOn(info, port));
                ClusterFaultIntegrationTest.awaitRows(c, Files.readAllLines(c).size() + rows);
                ClusterFaultIntegrationTest.killWorker(port);
                System.out.printf("kill -9 of the worker on port %d (%s): %s done again after %.1f s%n", port,
                        components.get(components.size() - 1), what, ClusterFaultIntegrationTest.secondsUntilPast(c,
                                inFlight));
            }
        });
        return new Killed(id, components);
    }
}
