package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Group;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDF5 snapshots in the GADGET-4 layout: what is written reads back through jHDF's own API (not only through
 * our reader) as the bodies' bits, a snapshot of several files reads back whole from any one of them, and
 * snapshots rotate as the GADGET-2 ones do.
 */
class Hdf5SnapshotTest {
    @TempDir
    Path dir;

    /** A Plummer sphere with the values a lossy path would change: extremes, subnormals, -0.0, ids past 32 bits. */
    private static Bodies awkward(int n) {
        Bodies b = PlummerSphere.generate(n, 11);
        for (int i = 0; i < n; i++) {
            b.cost[i] = 3L * i + 1;
        }
        b.x[0] = -0.0;
        b.y[0] = Double.MIN_VALUE;
        b.z[0] = -Double.MAX_VALUE;
        b.vx[0] = 0.1;
        b.mass[1] = Double.MIN_NORMAL;
        b.id[2] = 1L << 40;
        b.id[3] = -5;
        b.id[4] = Long.MAX_VALUE;
        return b;
    }

    @Test
    void aSnapshotReadThroughJhdfHoldsTheBodiesBitForBitAndTheHeader() throws IOException {
        Bodies b = awkward(1000);
        Path f = dir.resolve(Hdf5Snapshot.fileName(7, 0));
        Hdf5Snapshot.write(f, b, 0.25, b.n, 1);
        assertEquals(List.of(f), Files.list(dir).toList(), "the file alone, no temporary left");
        try (HdfFile hdf = new HdfFile(f)) {
            Group header = (Group) hdf.getChild(Hdf5Snapshot.HEADER);
            assertArrayEquals(new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(1000), BigInteger.ZERO,
                    BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO}, (BigInteger[]) header.getAttribute(
                    "NumPart_ThisFile").getData());
            assertArrayEquals((BigInteger[]) header.getAttribute("NumPart_ThisFile").getData(),
                    (BigInteger[]) header.getAttribute("NumPart_Total").getData());
            assertArrayEquals(new double[6], (double[]) header.getAttribute("MassTable").getData());
            assertEquals(0.25, header.getAttribute("Time").getData());
            assertEquals(0.0, header.getAttribute("Redshift").getData());
            assertEquals(Double.MAX_VALUE, header.getAttribute("BoxSize").getData(), "a cube around -MAX_VALUE");
            assertEquals(1, header.getAttribute("NumFilesPerSnapshot").getData());
            assertEquals(1.0, header.getAttribute("GravitationalConstant").getData());
            assertEquals(Hdf5Snapshot.UNIT_SYSTEM, header.getAttribute("UnitSystem").getData());

            double[][] pos = (double[][]) hdf.getDatasetByPath("PartType1/Coordinates").getData();
            double[][] vel = (double[][]) hdf.getDatasetByPath("PartType1/Velocities").getData();
            long[] ids = (long[]) hdf.getDatasetByPath("PartType1/ParticleIDs").getData();
            double[] mass = (double[]) hdf.getDatasetByPath("PartType1/Masses").getData();
            Bodies back = new Bodies(b.n);
            System.arraycopy(ids, 0, back.id, 0, b.n);
            System.arraycopy(mass, 0, back.mass, 0, b.n);
            for (int i = 0; i < b.n; i++) {
                assertEquals(3, pos[i].length);
                back.x[i] = pos[i][0];
                back.y[i] = pos[i][1];
                back.z[i] = pos[i][2];
                back.vx[i] = vel[i][0];
                back.vy[i] = vel[i][1];
                back.vz[i] = vel[i][2];
            }
            assertTrue(b.sameStateBits(back), "jHDF's reading of the datasets differs from the bodies written");
        }
        Bodies ours = Hdf5Snapshot.read(f);
        assertTrue(b.sameStateBits(ours), "our reader differs from the bodies written");
        assertArrayEquals(b.cost, ours.cost, "the costs come back too (group Stormsim)");
    }

    @Test
    void aSnapshotOfThreeFilesReadsBackWholeFromAnyOfThem() throws IOException {
        Bodies b = awkward(500);
        for (int p = 0; p < 3; p++) {
            Hdf5Snapshot.write(dir.resolve(Hdf5Snapshot.fileName(2, p)), b.stripe(p, 3), 0.5, b.n, 3);
        }
        for (int p = 0; p < 3; p++) {
            assertTrue(b.sameStateBits(Hdf5Snapshot.read(dir.resolve(Hdf5Snapshot.fileName(2, p)))), "from file " + p);
        }
    }

    @Test
    void aPartitionWithoutBodiesWritesAHeaderAndNoParticleGroup() throws IOException {
        Bodies b = awkward(10);
        Hdf5Snapshot.write(dir.resolve(Hdf5Snapshot.fileName(0, 0)), b, 0, b.n, 2);
        Hdf5Snapshot.write(dir.resolve(Hdf5Snapshot.fileName(0, 1)), new Bodies(0), 0, b.n, 2);
        try (HdfFile hdf = new HdfFile(dir.resolve(Hdf5Snapshot.fileName(0, 1)))) {
            assertNull(hdf.getChild(Hdf5Snapshot.TYPE1));
        }
        assertTrue(b.sameStateBits(Hdf5Snapshot.read(dir.resolve(Hdf5Snapshot.fileName(0, 1)))));
    }

    @Test
    void aRewrittenSnapshotReplacesTheOldFileWhole() throws IOException {
        Path f = dir.resolve(Hdf5Snapshot.fileName(1, 0));
        Hdf5Snapshot.write(f, awkward(2000), 0, 2000, 1);
        Bodies small = PlummerSphere.generate(20, 3);
        Hdf5Snapshot.write(f, small, 0, 20, 1);
        assertTrue(small.sameStateBits(Hdf5Snapshot.read(f)));
        assertTrue(Files.size(f) < 20 * Hdf5Snapshot.BYTES_PER_BODY + 8192, "no tail of the larger file: "
                + Files.size(f) + " bytes");
    }

    @Test
    void pruningKeepsTheNewestSnapshotsOfTheFormat() throws IOException {
        Bodies b = PlummerSphere.generate(30, 1);
        for (SnapshotFormat format : SnapshotFormat.values()) {
            for (int number = 0; number < 4; number++) {
                for (int p = 0; p < 2; p++) {
                    format.write(dir.resolve(format.fileName(number, p)), b.stripe(p, 2),
                            new SnapshotHeader(number, 8, b.n, 2, UnitSystem.NBODY));
                }
            }
        }
        SnapshotFormat.HDF5.prune(dir, 1);
        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of("snapshot_000.0", "snapshot_000.1", "snapshot_001.0", "snapshot_001.1",
                    "snapshot_002.0", "snapshot_002.0.hdf5", "snapshot_002.1", "snapshot_002.1.hdf5",
                    "snapshot_003.0", "snapshot_003.1", "snapshot_003.1.hdf5", "snapshot_003.0.hdf5").stream()
                    .sorted().toList(), names);
        }
        assertEquals(SnapshotFormat.HDF5, SnapshotFormat.of("hdf5"));
        assertNull(SnapshotFormat.of("HDF5"), "config values are lower case, as documented");
    }
}
