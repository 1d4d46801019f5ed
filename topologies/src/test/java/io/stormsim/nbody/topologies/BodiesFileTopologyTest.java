package io.stormsim.nbody.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Hdf5Snapshot;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.bolts.UpdateBolt;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs on a LocalCluster that start from a bodies file, CSV or HDF5 (GADGET-4 layout), each ending with the bits
 * of the sequential kernel run from the same bodies; the HDF5 run writes HDF5 snapshots, the last of which holds
 * the final bodies exactly, and a run started from an earlier one of those (three files, one per partition)
 * ends with the sequential kernel's bits from that snapshot's bodies.
 */
class BodiesFileTopologyTest extends LocalClusterTest {
    private static final int N = 1500, STEPS = 6, SNAPSHOT_EVERY = 3;
    private static final double DT = 0.01, THETA = 0.6, EPSILON = 0.02;

    /** A Plummer sphere in a shuffled order with ids that are neither 0..n-1 nor in order: what a file may hold. */
    private static Bodies fromElsewhere() {
        Bodies plummer = PlummerSphere.generate(N, 13);
        int[] order = new int[N];
        for (int i = 0; i < N; i++) {
            order[i] = i;
        }
        Random random = new Random(13);
        for (int i = N - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        Bodies b = plummer.gather(order, 0, N);
        for (int i = 0; i < N; i++) {
            b.id[i] = 1_000_000L + 7L * order[i];
        }
        return b;
    }

    private static Bodies sequential(Bodies initial, int steps) {
        return new SequentialSimulation(initial, Parameters.of(steps, DT, THETA, EPSILON)).run(c -> { }).sortedById();
    }

    private static Bodies run(Path dir, Path bodiesFile, int partitions, int steps, String... overrides)
            throws Exception {
        String[] keys = Stream.concat(Stream.of("bodies.file", bodiesFile.toString(), "steps", String.valueOf(steps)),
                Stream.of(overrides)).toArray(String[]::new);
        LocalRun.run(cluster, BarnesHutTopologyTest.topology(partitions, dir, keys), Duration.ofMinutes(5));
        return BodiesCsv.read(dir.resolve(DiagnosticsBolt.FINAL_BODIES_CSV));
    }

    @Test
    void aRunFromACsvFileEndsWithTheSequentialBits() throws Exception {
        Bodies initial = fromElsewhere();
        Path csv = out.resolve("initial.csv");
        BodiesCsv.write(initial, csv);
        Bodies result = run(out.resolve("from-csv"), csv, 2, STEPS);
        assertTrue(sequential(initial, STEPS).sameStateBits(result), "final bodies differ from the sequential run");
        assertFalse(initial.sortedById().sameStateBits(result), "the bodies moved");
    }

    @Test
    void aRunFromAnHdf5FileEndsWithTheSequentialBitsAndItsSnapshotsResumeExactly() throws Exception {
        Bodies initial = fromElsewhere();
        Path ic = out.resolve("initial.hdf5");
        Hdf5Snapshot.write(ic, initial, 0, N, 1);
        Path dir = out.resolve("from-hdf5");
        Bodies result = run(dir, ic, 3, STEPS, "snapshot.every", String.valueOf(SNAPSHOT_EVERY),
                "snapshot.format", "hdf5");
        assertTrue(sequential(initial, STEPS).sameStateBits(result), "final bodies differ from the sequential run");

        Path snapshots = dir.resolve(UpdateBolt.SNAPSHOT_DIR);
        try (Stream<Path> files = Files.list(snapshots)) {
            assertEquals(List.of("snapshot_000.0.hdf5", "snapshot_000.1.hdf5", "snapshot_000.2.hdf5",
                    "snapshot_001.0.hdf5", "snapshot_001.1.hdf5", "snapshot_001.2.hdf5", "snapshot_002.0.hdf5",
                    "snapshot_002.1.hdf5", "snapshot_002.2.hdf5"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "3 snapshots of 3 files each");
        }
        assertTrue(initial.sortedById().sameStateBits(Hdf5Snapshot.read(snapshots.resolve(Hdf5Snapshot.fileName(0, 1)))
                .sortedById()), "snapshot 0 holds the initial bodies");
        assertTrue(result.sameStateBits(Hdf5Snapshot.read(snapshots.resolve(Hdf5Snapshot.fileName(2, 0))).sortedById()),
                "the snapshot of the last round holds the final bodies, bit for bit");

        Bodies halfway = Hdf5Snapshot.read(snapshots.resolve(Hdf5Snapshot.fileName(1, 2)));
        Bodies resumed = run(out.resolve("from-snapshot"), snapshots.resolve(Hdf5Snapshot.fileName(1, 2)), 2,
                STEPS - SNAPSHOT_EVERY);
        assertTrue(sequential(halfway, STEPS - SNAPSHOT_EVERY).sameStateBits(resumed),
                "a run from a 3-file snapshot differs from the sequential run from its bodies");
    }
}
