package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Group;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a snapshot's header states, read back through jHDF's own API and from the GADGET-2 header's bytes: the box
 * around every body, GADGET's non-cosmological fields, and the units in GADGET-4's, SWIFT's and stormsim's names.
 */
class SnapshotHeaderTest {
    private static final UnitSystem GALACTIC = UnitNames.parse("kpc,1e10Msun,km/s");

    @TempDir
    Path dir;

    @Test
    void theBoxIsTheSmallestCubeAboutTheOriginHoldingTheBodies() {
        Bodies b = PlummerSphere.generate(500, 3);
        for (int i = 0; i < b.n; i++) {
            b.x[i] += 7;
        }
        double widest = 0;
        for (int i = 0; i < b.n; i++) {
            widest = Math.max(widest, Math.max(Math.abs(b.x[i]), Math.max(Math.abs(b.y[i]), Math.abs(b.z[i]))));
        }
        assertEquals(2 * widest, SnapshotHeader.boxSize(Box.of(b)), "from the partitions' global box");
        assertEquals(2 * widest, SnapshotHeader.boxSize(b));
        assertEquals(0.0, SnapshotHeader.boxSize(new Bodies(0)));
    }

    @Test
    void hdf5InPhysicalUnitsStatesThemAsGadget4AndSwiftDo() throws IOException {
        Path f = dir.resolve("s.hdf5");
        Bodies b = PlummerSphere.generate(40, 5, GALACTIC.gravitationalConstant());
        Hdf5Snapshot.write(f, b, new SnapshotHeader(0.5, 12.5, 40, 1, GALACTIC));
        try (HdfFile hdf = new HdfFile(f)) {
            Group h = (Group) hdf.getChild("Header");
            assertEquals(12.5, h.getAttribute("BoxSize").getData());
            assertEquals(0.5, h.getAttribute("Time").getData());
            assertEquals(1, h.getAttribute("NumFilesPerSnapshot").getData());
            for (String zero : List.of("Redshift", "Omega0", "OmegaLambda")) {
                assertEquals(0.0, h.getAttribute(zero).getData(), zero);
            }
            assertEquals(1.0, h.getAttribute("HubbleParam").getData());
            for (String flag : List.of("Flag_Sfr", "Flag_Cooling", "Flag_StellarAge", "Flag_Metals", "Flag_Feedback")) {
                assertEquals(0, h.getAttribute(flag).getData(), flag);
            }
            assertEquals(1, h.getAttribute("Flag_DoublePrecision").getData());
            assertEquals(GALACTIC.gravitationalConstant(), h.getAttribute("GravitationalConstant").getData());
            assertTrue(h.getAttribute("UnitSystem").getData().toString().startsWith("physical units: length 3.08"));
            Group p = (Group) hdf.getChild("Parameters");
            assertEquals(GALACTIC.lengthCm(), p.getAttribute("UnitLength_in_cm").getData());
            assertEquals(GALACTIC.massG(), p.getAttribute("UnitMass_in_g").getData());
            assertEquals(1e5, p.getAttribute("UnitVelocity_in_cm_per_s").getData());
            assertEquals(0, p.getAttribute("ComovingIntegrationOn").getData());
            assertEquals(12.5, p.getAttribute("BoxSize").getData());
            assertNull(p.getAttribute("HubbleParam"), "pynbody takes a HubbleParam here for a cosmological run");
            Group u = (Group) hdf.getChild("Units");
            double[] swift = {GALACTIC.lengthCm(), GALACTIC.massG(), GALACTIC.lengthCm() / 1e5, 1, 1};
            String[] names = {"Unit length in cgs (U_L)", "Unit mass in cgs (U_M)", "Unit time in cgs (U_t)",
                "Unit current in cgs (U_I)", "Unit temperature in cgs (U_T)"};
            for (int i = 0; i < names.length; i++) {
                assertEquals(swift[i], u.getAttribute(names[i]).getData(), names[i]);
            }
            assertEquals(1e5, u.getAttribute("UnitVelocity_in_cm_per_s").getData());
            assertArrayEquals(swift, (double[]) hdf.getDatasetByPath("Units/CGS").getData());
            assertEquals(40, ((double[]) hdf.getDatasetByPath("PartType1/Masses").getData()).length);
        }
        assertEquals(40, Hdf5Snapshot.read(f).n, "our reader takes the file with its new groups");
    }

    @Test
    void hdf5InNbodyUnitsStatesNoCgsSize() throws IOException {
        Path f = dir.resolve("n.hdf5");
        Hdf5Snapshot.write(f, new Bodies(0), new SnapshotHeader(1, 3, 10, 2, UnitSystem.NBODY));
        try (HdfFile hdf = new HdfFile(f)) {
            Group h = (Group) hdf.getChild("Header");
            assertEquals(1.0, h.getAttribute("GravitationalConstant").getData());
            assertEquals(Hdf5Snapshot.UNIT_SYSTEM, h.getAttribute("UnitSystem").getData());
            assertEquals(3.0, h.getAttribute("BoxSize").getData());
            Group p = (Group) hdf.getChild("Parameters");
            assertNull(p.getAttribute("UnitLength_in_cm"));
            assertEquals(1.0, p.getAttribute("GravityConstantInternal").getData());
            assertNull(hdf.getChild("Units"));
            assertNull(hdf.getChild("PartType1"));
        }
    }

    @Test
    void gadget2HeaderHasTheBoxAndItsUnitsFileIsForPynbody() throws IOException {
        Path f = dir.resolve("snapshot_004.0");
        Bodies b = PlummerSphere.generate(10, 2);
        GadgetSnapshot.write(f, b, new SnapshotHeader(0.75, 6.5, 10, 1, GALACTIC));
        ByteBuffer h = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        // after the record length: npart[6], massarr[6], time, redshift, 2 flags, nall[6], 2 ints, then BoxSize
        int box = 4 + 24 + 48 + 8 + 8 + 8 + 24 + 8;
        assertEquals(0.75, h.getDouble(4 + 24 + 48));
        assertEquals(6.5, h.getDouble(box));
        assertEquals(0.0, h.getDouble(box + 8), "Omega0");
        assertEquals(0.0, h.getDouble(box + 16), "OmegaLambda");
        assertEquals(1.0, h.getDouble(box + 24), "HubbleParam");
        Path units = dir.resolve(GadgetSnapshot.unitsFileName(4));
        GadgetSnapshot.writeUnits(units, GALACTIC);
        List<String> lines = Files.readAllLines(units);
        assertEquals(List.of("pos: " + GALACTIC.lengthCm() + " cm", "vel: 100000.0 cm s^-1",
                "mass: " + GALACTIC.massG() + " g"), lines.subList(1, 4));
        assertEquals("snapshot_004.units", units.getFileName().toString());
    }
}
