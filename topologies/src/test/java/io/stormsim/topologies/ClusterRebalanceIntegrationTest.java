package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.bolts.nbody.DiagnosticsBolt;
import io.stormsim.nbody.BodiesCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live rebalance on a real cluster: a running simulation moved from 2 workers to 1 and back, as
 * {@code stormsim rebalance NAME --workers W} does, goes on from its last checkpoint each time and ends with the
 * sequential kernel's bits (those of the undisturbed run).
 */
class ClusterRebalanceIntegrationTest {
    private static final int STEPS = 400;

    @TempDir
    Path tmp;

    @Test
    void aSimulationMovedToOneWorkerAndBackEndsWithTheSameBits() throws Exception {
        ClusterFaultIntegrationTest.runOnCluster(tmp, STEPS, (nimbus, name, csv) -> {
            ClusterFaultIntegrationTest.awaitRows(csv, 10);
            assertEquals(2, workersOf(nimbus, name), "submitted with 2 workers");
            rebalanceTo(nimbus, name, 1, csv);
            rebalanceTo(nimbus, name, 2, csv);
        });
        assertTrue(ClusterFaultIntegrationTest.sequentialBits(STEPS).sameStateBits(
                BodiesCsv.read(tmp.resolve("out").resolve(DiagnosticsBolt.FINAL_BODIES_CSV))),
                "final bodies after moving 2 -> 1 -> 2 workers differ from the sequential kernel's");
    }

    /**
     * Rebalances to {@code workers}, waits until every executor has restarted on that many workers, then until
     * the run has moved 10 rounds on there (after going back to its last checkpoint).
     */
    private static void rebalanceTo(Nimbus.Iface nimbus, String name, int workers, Path csv) throws Exception {
        long start = System.nanoTime();
        int rowsAtRequest = Files.readAllLines(csv).size();
        nimbus.rebalance(name, TopologyRebalance.check(nimbus, name, workers, Map.of(), 0));
        while (!runningAnew(nimbus.getTopologyInfoByName(name), workers, (System.nanoTime() - start) / 1e9)) {
            Thread.sleep(200);
        }
        assertFalse(Files.exists(csv.resolveSibling(DiagnosticsBolt.SUMMARY)),
                "the run ended before the rebalance took effect: give it more steps");
        int rowsAtRestart = Files.readAllLines(csv).size();
        double restartSeconds = (System.nanoTime() - start) / 1e9;
        ClusterFaultIntegrationTest.awaitRows(csv, rowsAtRestart + 10);
        System.out.printf("rebalanced to %d worker(s): rows %d at the request, %d when all executors had restarted"
                + " (%.1f s), 10 more %.1f s after the request%n", workers, rowsAtRequest, rowsAtRestart,
                restartSeconds, (System.nanoTime() - start) / 1e9);
    }

    /** On {@code workers} workers, every executor up (it has heartbeated) and started within the last {@code seconds}. */
    private static boolean runningAnew(TopologyInfo info, int workers, double seconds) {
        return info.get_executors().stream().map(ExecutorSummary::get_port).distinct().count() == workers
                && info.get_executors().stream().allMatch(e -> e.get_uptime_secs() > 0 && e.get_uptime_secs() <= seconds);
    }

    private static long workersOf(Nimbus.Iface nimbus, String name) throws Exception {
        TopologyInfo info = nimbus.getTopologyInfoByName(name);
        return info.get_executors().stream().map(ExecutorSummary::get_port).distinct().count();
    }
}
