package io.stormsim.nbody.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.GadgetSnapshot;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.BoundsBolt;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.ForceBolt;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.run.CheckpointStore;
import io.stormsim.run.RedisCheckpointStore;
import io.stormsim.run.RedisServer;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Failures on a LocalCluster: a phase that throws once, a partition that loses its state, a run stopped
 * part way and resumed with another partition count, a time step so large the bodies fly apart. The
 * first three end with the sequential kernel's bits; the last halts with a message naming round and body.
 */
class RecoveryTopologyTest extends LocalClusterTest {
    private static final int N = 2000;
    private static final long SEED = 5;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;
    /** The recovery runs, with the live stream on (on a free port): restores and replays go on with it. */
    private static Map<String, String> props(int partitions, int steps, Path dir) throws IOException {
        Map<String, String> m = new HashMap<>(Map.of("partitions", String.valueOf(partitions), "n", String.valueOf(N),
                "seed", String.valueOf(SEED), "steps", String.valueOf(steps), "dt", String.valueOf(DT),
                "theta", String.valueOf(THETA), "epsilon", String.valueOf(EPSILON), "output.dir", dir.toString(),
                "always.try.serialize", "true", "checkpoint.every", "10"));
        m.put("snapshot.every", "10");
        m.put("snapshot.keep", "2");
        m.put("stream.bind", StreamRecorder.freeEndpoint());
        return m;
    }

    /** {@link #props} with the checkpoints in {@code redis}. */
    private static Map<String, String> props(int partitions, int steps, Path dir, RedisServer redis) throws IOException {
        Map<String, String> m = props(partitions, steps, dir);
        m.put("store", redis.url.toString());
        return m;
    }

    private static Bodies sequential(int steps) {
        return new SequentialSimulation(PlummerSphere.generate(N, SEED), Parameters.of(steps, DT, THETA, EPSILON))
                .run(c -> { }).sortedById();
    }

    private static void assertUndisturbed(Path dir, int steps) throws Exception {
        assertTrue(sequential(steps).sameStateBits(BodiesCsv.read(dir.resolve(DiagnosticsBolt.FINAL_BODIES_CSV))),
                "final bodies differ from an undisturbed run");
        List<String> rows = Files.readAllLines(dir.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV));
        assertEquals(steps + 2, rows.size(), "one row per round, replays replaced");
        for (int r = 0; r <= steps; r++) {
            assertTrue(rows.get(r + 1).startsWith(r + ","), "row of round " + r + ": " + rows.get(r + 1));
        }
    }

    @Test
    void aPhaseThatThrowsOnceIsRestoredAndReplayedExactly() throws Exception {
        Path dir = out.resolve("throw");
        LocalRun.run(cluster, TopologyFile.load(topologyWith(YAML, ForceBolt.class, FailOnceForceBolt.class), null,
                props(2, 30, dir), false), Duration.ofMinutes(5));
        assertTrue(FailOnceForceBolt.FAILED.get(), "the fault was injected");
        assertUndisturbed(dir, 30);
        Path snapshots = dir.resolve(UpdateBolt.SNAPSHOT_DIR);
        assertFalse(Files.exists(snapshots.resolve(GadgetSnapshot.fileName(0, 0))), "snapshot 0 rotated out (keep 2)");
        Bodies snap = GadgetSnapshot.read(snapshots.resolve(GadgetSnapshot.fileName(3, 0)));
        Bodies snap1 = GadgetSnapshot.read(snapshots.resolve(GadgetSnapshot.fileName(3, 1)));
        assertEquals(N, snap.n + snap1.n, "the two files of snapshot 3 hold every body");
    }

    @Test
    void aPartitionThatLostItsStateIsRestoredExactly() throws Exception {
        Path dir = out.resolve("forget");
        LocalRun.run(cluster, TopologyFile.load(topologyWith(YAML, BoundsBolt.class, ForgetfulBoundsBolt.class), null,
                props(3, 30, dir), false), Duration.ofMinutes(5));
        assertTrue(ForgetfulBoundsBolt.FORGOT.get(), "the state was dropped");
        assertUndisturbed(dir, 30);
    }

    @Test
    void aRunStoppedPartWayResumesWithAnotherPartitionCountExactly() throws Exception {
        Path dir = out.resolve("resume");
        LocalRun.runUntil(cluster, TopologyFile.load(topologyWith(YAML, BoundsBolt.class, StallingBoundsBolt.class), null,
                props(2, 60, dir), false), Duration.ofMinutes(5), "checkpoints/round-000000030/MANIFEST");
        assertFalse(Files.exists(dir.resolve(DiagnosticsBolt.SUMMARY)), "the first run was stopped before its end");
        Map<String, String> resumed = props(3, 60, dir);
        resumed.put("resume", "true");
        LocalRun.run(cluster, TopologyFile.load(YAML, null, resumed, false), Duration.ofMinutes(5));
        assertUndisturbed(dir, 60);
    }

    @Test
    void aRunStoppedPartWayResumesFromTheRunStoreWithAnotherPartitionCountExactly() throws Exception {
        Path dir = out.resolve("resume-redis");
        try (RedisServer redis = RedisServer.start(out.resolve("redis"));
                CheckpointStore store = new RedisCheckpointStore(redis.url, "barnes-hut")) {
            LocalRun.runUntil(cluster, TopologyFile.load(topologyWith(YAML, BoundsBolt.class, StallingBoundsBolt.class), null,
                    props(2, 60, dir, redis), false), Duration.ofMinutes(5), () -> store.latestComplete().orElse(-1) >= 30,
                    "complete checkpoint of round 30 in " + redis.url);
            assertFalse(Files.exists(dir.resolve(DiagnosticsBolt.SUMMARY)), "the first run was stopped before its end");
            assertFalse(Files.exists(dir.resolve("checkpoints")), "no checkpoint on the disk");
            Map<String, String> resumed = props(3, 60, dir, redis);
            resumed.put("resume", "true");
            LocalRun.run(cluster, TopologyFile.load(YAML, null, resumed, false), Duration.ofMinutes(5));
            assertUndisturbed(dir, 60);
        }
    }

    @Test
    void aRunWhoseStoreWentAwayGoesOnWithoutCheckpointsToTheSameBits() throws Exception {
        Path dir = out.resolve("store-gone");
        try (RedisServer redis = RedisServer.start(out.resolve("redis-gone"));
                CheckpointStore store = new RedisCheckpointStore(redis.url, "barnes-hut")) {
            TopologyFile topology = TopologyFile.load(YAML, null, props(2, 30, dir, redis), false);
            redis.kill();
            LocalRun.run(cluster, topology, Duration.ofMinutes(5));
            assertUndisturbed(dir, 30);
            redis.restart();
            assertEquals(OptionalLong.empty(), store.latestComplete(), "no checkpoint was written");
        }
    }

    @Test
    void aNonFiniteStateHaltsTheRunNamingRoundAndBody() throws Exception {
        Path dir = out.resolve("nan");
        Map<String, String> p = props(2, 10, dir);
        p.put("epsilon", "0");
        p.put("dt", "1e300");
        LocalRun.RunFailedException e = assertThrows(LocalRun.RunFailedException.class, () -> LocalRun.run(cluster,
                TopologyFile.load(YAML, null, p, false), Duration.ofMinutes(5)));
        assertTrue(e.getMessage().contains("halted") && e.getMessage().contains("round 0"), e.getMessage());
        assertTrue(e.getMessage().matches("(?s).*body \\d+ has a non-finite position or velocity after round 0.*"),
                e.getMessage());
    }
}
