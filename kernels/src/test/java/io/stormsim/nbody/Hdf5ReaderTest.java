package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.DatasetCreationOptions;
import io.jhdf.api.WritableGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDF5 initial conditions as GADGET-4 and SWIFT write them, built here with jHDF's writer: every PartType becomes
 * bodies with the stored bits (float or double, ids of any width and sign, masses from the dataset or the
 * MassTable), the units the file states come back as stated, multi-file snapshots read whole, and damaged files
 * fail naming the file and the object.
 */
class Hdf5ReaderTest {
    private static final int GAS = 6, STARS = 9;

    @TempDir
    Path dir;

    /** Gas (type 0: float coordinates, signed 32-bit ids, float masses) and stars (type 4: doubles, uint64 ids, table mass). */
    private Path write(String name, Bodies gas, Bodies stars, long[] total, int files, Consumer<WritableHdfFile> more) {
        Path f = dir.resolve(name);
        try (WritableHdfFile hdf = HdfFile.write(f)) {
            WritableGroup header = hdf.putGroup("Header");
            header.putAttribute("NumPart_ThisFile", new long[] {gas.n, 0, 0, 0, stars.n, 0});
            header.putAttribute("NumPart_Total", total);
            header.putAttribute("MassTable", new double[] {0, 0, 0, 0, 0.125, 0});
            header.putAttribute("NumFilesPerSnapshot", files);
            header.putAttribute("Time", 0.5);
            header.putAttribute("Redshift", 1.0);
            header.putAttribute("BoxSize", 0.0);
            if (gas.n > 0) {
                WritableGroup g = hdf.putGroup("PartType0");
                g.putDataset("Coordinates", floats(gas.x, gas.y, gas.z));
                g.putDataset("Velocities", floats(gas.vx, gas.vy, gas.vz));
                int[] ids = new int[gas.n];
                float[] m = new float[gas.n];
                for (int i = 0; i < gas.n; i++) {
                    ids[i] = (int) gas.id[i];
                    m[i] = (float) gas.mass[i];
                }
                g.putDataset("ParticleIDs", ids);
                g.putDataset("Masses", m);
            }
            if (stars.n > 0) {
                WritableGroup s = hdf.putGroup("PartType4");
                s.putDataset("Coordinates", doubles(stars.x, stars.y, stars.z));
                s.putDataset("Velocities", doubles(stars.vx, stars.vy, stars.vz));
                s.putDataset("ParticleIDs", stars.id.clone(), DatasetCreationOptions.builder().unsigned().build());
            }
            more.accept(hdf);
            // a group with a dataset written last keeps the others whole (jHDF's quirk, see Hdf5Snapshot)
            hdf.putGroup(Hdf5Snapshot.STORMSIM).putDataset("Pad", new long[1]);
        }
        return f;
    }

    private static float[][] floats(double[] x, double[] y, double[] z) {
        float[][] r = new float[x.length][];
        for (int i = 0; i < x.length; i++) {
            r[i] = new float[] {(float) x[i], (float) y[i], (float) z[i]};
        }
        return r;
    }

    private static double[][] doubles(double[] x, double[] y, double[] z) {
        double[][] r = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            r[i] = new double[] {x[i], y[i], z[i]};
        }
        return r;
    }

    private static Bodies gas() {
        Bodies b = PlummerSphere.generate(GAS, 1);
        for (int i = 0; i < b.n; i++) {
            b.id[i] = -100 + i; // a signed 32-bit id may be negative
        }
        return b;
    }

    private static Bodies stars() {
        Bodies b = PlummerSphere.generate(STARS, 2);
        for (int i = 0; i < b.n; i++) {
            b.id[i] = (1L << 62) + i;
        }
        return b;
    }

    /** What a reader must give: gas in single precision, stars exact with the table's mass. */
    private static Bodies expected(Bodies gas, Bodies stars) {
        Bodies g = new Bodies(gas.n);
        for (int i = 0; i < gas.n; i++) {
            g.id[i] = gas.id[i];
            g.x[i] = (float) gas.x[i];
            g.y[i] = (float) gas.y[i];
            g.z[i] = (float) gas.z[i];
            g.vx[i] = (float) gas.vx[i];
            g.vy[i] = (float) gas.vy[i];
            g.vz[i] = (float) gas.vz[i];
            g.mass[i] = (float) gas.mass[i];
        }
        Bodies s = stars.slice(0, stars.n);
        java.util.Arrays.fill(s.mass, 0.125);
        return Bodies.concat(List.of(g, s));
    }

    private static final long[] TOTAL = {GAS, 0, 0, 0, STARS, 0};

    @Test
    void everyTypeReadsBackAsStoredWithoutUnits() throws IOException {
        Path f = write("ic.hdf5", gas(), stars(), TOTAL, 1, hdf -> { });
        LoadedBodies loaded = InitialConditions.read(f);
        assertTrue(expected(gas(), stars()).sameStateBits(loaded.bodies()));
        assertNull(loaded.unitsOrNull());
        assertEquals("HDF5 (GADGET-4 / SWIFT layout)", loaded.format());
        assertEquals(1, loaded.notes().size(), "Redshift 1: the comoving note");
        assertEquals(GAS + STARS, InitialConditions.totalBodies(f));
    }

    @Test
    void swiftUnitsAreReturnedAsStated() throws IOException {
        Path f = write("swift.hdf5", gas(), stars(), TOTAL, 1, hdf -> {
            WritableGroup units = hdf.putGroup("Units");
            units.putAttribute("Unit length in cgs (U_L)", new double[] {3.08567758e24});
            units.putAttribute("Unit mass in cgs (U_M)", new double[] {1.98841e43});
            units.putAttribute("Unit time in cgs (U_t)", new double[] {3.08567758e19});
            units.putAttribute("Unit current in cgs (U_I)", new double[] {1});
            units.putDataset("Pad", new long[1]); // jHDF's quirk again: this group may be written last
        });
        assertEquals(new UnitSystem(3.08567758e24, 1.98841e43, 3.08567758e24 / 3.08567758e19),
                InitialConditions.read(f).unitsOrNull());
    }

    @Test
    void gadget4UnitsAreReturnedAsStated() throws IOException {
        Path f = write("g4.hdf5", gas(), stars(), TOTAL, 1, hdf -> {
            WritableGroup p = hdf.putGroup("Parameters");
            p.putAttribute("UnitLength_in_cm", 3.085678e21);
            p.putAttribute("UnitMass_in_g", 1.989e43);
            p.putAttribute("UnitVelocity_in_cm_per_s", 1e5);
        });
        assertEquals(new UnitSystem(3.085678e21, 1.989e43, 1e5), InitialConditions.read(f).unitsOrNull());
        Path part = write("part.hdf5", gas(), stars(), TOTAL, 1, hdf -> {
            WritableGroup p = hdf.putGroup("Parameters");
            p.putAttribute("UnitLength_in_cm", 3.085678e21);
        });
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(part));
        assertEquals("HDF5 file " + part + ", /Parameters: states 1 of the units UnitLength_in_cm, UnitMass_in_g,"
                + " UnitVelocity_in_cm_per_s, expected all of them or none", e.getMessage());
    }

    @Test
    void aSnapshotOfTwoFilesReadsWholeFromEither() throws IOException {
        Bodies gas = gas(), stars = stars();
        write("snap_003.0.hdf5", gas.slice(0, 4), stars.slice(0, 2), TOTAL, 2, hdf -> { });
        write("snap_003.1.hdf5", gas.slice(4, GAS), stars.slice(2, STARS), TOTAL, 2, hdf -> { });
        Bodies want = Bodies.concat(List.of(expected(gas.slice(0, 4), stars.slice(0, 2)),
                expected(gas.slice(4, GAS), stars.slice(2, STARS))));
        for (int k = 0; k < 2; k++) {
            LoadedBodies loaded = InitialConditions.read(dir.resolve("snap_003." + k + ".hdf5"));
            assertTrue(want.sameStateBits(loaded.bodies()), "from file " + k);
            assertEquals("HDF5 (GADGET-4 / SWIFT layout, 2 files)", loaded.format());
        }
        write("bad_003.0.hdf5", gas.slice(0, 4), stars.slice(0, 2), TOTAL, 3, hdf -> { });
        write("bad_003.1.hdf5", gas.slice(4, GAS), stars.slice(2, STARS), TOTAL, 2, hdf -> { });
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(dir.resolve("bad_003.1.hdf5")));
        assertTrue(e.getMessage().startsWith("HDF5 file " + dir.resolve("bad_003.0.hdf5") + ", Header:"
                + " NumFilesPerSnapshot = 3"), e.getMessage());
        write("miss_003.1.hdf5", gas.slice(4, GAS), stars.slice(2, STARS), TOTAL, 2, hdf -> { });
        e = assertThrows(NoSuchFileException.class, () -> InitialConditions.read(dir.resolve("miss_003.1.hdf5")));
        assertTrue(e.getMessage().contains(dir.resolve("miss_003.0.hdf5").toString()), e.getMessage());
    }

    @Test
    void highWordsAddToTheTotal() throws IOException {
        Path f = write("high.hdf5", gas(), stars(), TOTAL, 1, hdf -> ((WritableGroup) hdf.getChild("Header"))
                .putAttribute("NumPart_Total_HighWord", new long[] {0, 0, 0, 0, 1, 0}));
        assertEquals(GAS + STARS + (1L << 32), InitialConditions.totalBodies(f));
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(f));
        assertEquals("HDF5 file " + f + ", Header: NumPart_Total[4] = " + ((1L << 32) + STARS) + ", but the 1 file(s)"
                + " of the snapshot hold 9 type-4 particles", e.getMessage());
    }

    @Test
    void idsRepeatedAcrossTypesAreNamed() throws IOException {
        Bodies stars = stars();
        Bodies gas = gas();
        stars.id[3] = gas.id[2] & 0xffffffffL; // the same bits, but unsigned: not the same id
        Path f = write("distinct.hdf5", gas, stars, TOTAL, 1, hdf -> { });
        assertEquals(GAS + STARS, InitialConditions.read(f).bodies().n);
        gas.id[2] = 17;
        stars.id[3] = 17;
        Path dup = write("dup.hdf5", gas, stars, TOTAL, 1, hdf -> { });
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(dup));
        assertEquals("HDF5 file " + dup + ": id 17 is used twice: /PartType0/ParticleIDs[2] and"
                + " /PartType4/ParticleIDs[3]", e.getMessage());
    }

    @Test
    void flippedBytesFailWithAnIOException() throws IOException {
        byte[] whole = Files.readAllBytes(write("whole.hdf5", gas(), stars(), TOTAL, 1, hdf -> { }));
        Random random = new Random(9);
        for (int trial = 0; trial < 150; trial++) {
            byte[] b = whole.clone();
            b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
            Path f = Files.write(dir.resolve("flip.hdf5"), b);
            try {
                Bodies read = Hdf5Reader.read(f).bodies();
                assertEquals(GAS + STARS, read.n, "trial " + trial);
            } catch (IOException e) {
                assertTrue(e.getMessage().startsWith("HDF5 file " + f), e.getMessage());
            }
        }
    }
}
