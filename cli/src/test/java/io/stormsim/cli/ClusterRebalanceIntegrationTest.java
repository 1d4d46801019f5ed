package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live rebalance on a real cluster: a running simulation moved from 2 workers to 1 and back, as
 * {@code stormsim rebalance NAME --workers W} does, goes on from its last checkpoint each time and ends with the
 * sequential kernel's bits (those of the undisturbed run).
 */
@ExtendWith(SharedCluster.class)
class ClusterRebalanceIntegrationTest {
    private static final int STEPS = 400;
    private static final int DEACTIVATED_SECONDS = 2;

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
     * Rebalances to {@code workers}, waits until Nimbus runs the topology on that many workers and its
     * restarted spout has gone back to its last checkpoint (the diagnostics log is rewritten then: a new
     * file, where rounds only ever append to the old one), then until the run has moved 10 rounds on there.
     */
    private static void rebalanceTo(Nimbus.Iface nimbus, String name, int workers, Path csv) throws Exception {
        long start = System.nanoTime();
        Object logBefore = fileKey(csv);
        int rowsAtRequest = Files.readAllLines(csv).size();
        // deactivated for the wait first (as `stormsim rebalance --wait 2` does): the old workers stop sending
        // rounds, so the run cannot end while the new ones start, however fast the machine
        nimbus.rebalance(name, TopologyRebalance.check(nimbus, name, workers, Map.of(), DEACTIVATED_SECONDS));
        while (workersOf(nimbus, name) != workers || fileKey(csv).equals(logBefore)) {
            assertFalse(Files.exists(csv.resolveSibling(DiagnosticsBolt.SUMMARY)),
                    "the run ended before the rebalance took effect: give it more steps");
            Thread.sleep(50);
        }
        int rowsAtRestore = Files.readAllLines(csv).size();
        double restoreSeconds = (System.nanoTime() - start) / 1e9;
        ClusterFaultIntegrationTest.awaitRows(csv, rowsAtRestore + 10);
        System.out.printf("rebalanced to %d worker(s): rows %d at the request, %d at the restore (%.1f s), 10 more"
                + " %.1f s after the request%n", workers, rowsAtRequest, rowsAtRestore, restoreSeconds,
                (System.nanoTime() - start) / 1e9);
    }

    /** The file's identity: an atomic rewrite makes a new one, appends keep it. */
    private static Object fileKey(Path file) throws IOException {
        return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    }

    private static long workersOf(Nimbus.Iface nimbus, String name) throws Exception {
        TopologyInfo info = nimbus.getTopologyInfoByName(name);
        return info.get_executors().stream().map(ExecutorSummary::get_port).distinct().count();
    }
}
