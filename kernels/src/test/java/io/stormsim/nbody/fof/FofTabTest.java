package io.stormsim.nbody.fof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Hdf5Snapshot.MalformedHdf5Exception;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FOF catalogue file: GADGET-4's names, types and shapes as jHDF reads them (the header whole despite jHDF's
 * trailing version string), and a round trip through {@link FofTab#read} with the catalogue's bits.
 */
class FofTabTest {
    @TempDir
    Path dir;

    private static Catalogue catalogue() {
        double[][] centres = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        Bodies b = FofSets.clumps(new int[] {120, 60, 40}, 0.01, centres, 50, 1, 17);
        b.id[0] = Long.MAX_VALUE;
        b.id[1] = -3;
        return PartitionedFof.run(FofSets.random(b, 3, 4), FofParameters.absolute(0.02, 32));
    }

    @Test
    void theFileHasGadget4sLayoutAndReadsBackBitForBit() throws IOException {
        Catalogue c = catalogue();
        assertEquals(3, c.groups());
        Path f = dir.resolve(FofTab.fileName(7));
        assertEquals("fof_tab_007.hdf5", f.getFileName().toString());
        FofTab.write(f, c, 0.75, 0);
        assertEquals(List.of(f), Files.list(dir).toList(), "the file alone, no temporary left");
        try (HdfFile hdf = new HdfFile(f)) {
            Group header = (Group) hdf.getChild("Header");
            BigInteger groups = BigInteger.valueOf(c.groups()), ids = BigInteger.valueOf(c.ids.length);
            assertEquals(groups, header.getAttribute("Ngroups_ThisFile").getData());
            assertEquals(groups, header.getAttribute("Ngroups_Total").getData());
            assertEquals(ids, header.getAttribute("Nids_ThisFile").getData());
            assertEquals(ids, header.getAttribute("Nids_Total").getData());
            assertEquals(BigInteger.ZERO, header.getAttribute("Nsubhalos_Total").getData());
            assertEquals(1, header.getAttribute("NumFiles").getData());
            assertEquals(0.75, header.getAttribute("Time").getData());
            assertEquals(0.0, header.getAttribute("Redshift").getData());
            assertEquals(0.0, header.getAttribute("BoxSize").getData());
            Group group = (Group) hdf.getChild("Group");
            assertArrayEquals(c.length, (int[]) data(group, "GroupLen", c.groups()));
            assertArrayEquals(c.mass, (double[]) data(group, "GroupMass", c.groups()));
            int[][] lenType = (int[][]) data(group, "GroupLenType", c.groups(), 6);
            long[][] offsetType = (long[][]) data(group, "GroupOffsetType", c.groups(), 6);
            double[][] massType = (double[][]) data(group, "GroupMassType", c.groups(), 6);
            double[][] pos = (double[][]) data(group, "GroupPos", c.groups(), 3);
            double[][] vel = (double[][]) data(group, "GroupVel", c.groups(), 3);
            for (int g = 0; g < c.groups(); g++) {
                assertArrayEquals(new int[] {0, c.length[g], 0, 0, 0, 0}, lenType[g]);
                assertArrayEquals(new long[] {0, c.offset[g], 0, 0, 0, 0}, offsetType[g]);
                assertArrayEquals(new double[] {0, c.mass[g], 0, 0, 0, 0}, massType[g]);
                for (int a = 0; a < 3; a++) {
                    assertEquals(c.pos[3 * g + a], pos[g][a]);
                    assertEquals(c.vel[3 * g + a], vel[g][a]);
                }
            }
            assertArrayEquals(c.ids, (long[]) data((Group) hdf.getChild("IDs"), "ID", c.ids.length));
        }
        assertTrue(c.sameBits(FofTab.read(f)), "read back with the same bits");
    }

    private static Object data(Group group, String name, int... shape) {
        Dataset d = (Dataset) group.getChild(name);
        assertArrayEquals(shape, d.getDimensions(), name);
        return d.getData();
    }

    @Test
    void anEmptyCatalogueHasAHeaderAndNoDataGroups() throws IOException {
        Catalogue none = PartitionedFof.run(List.of(FofSets.uniform(10, 100, 1)), FofParameters.absolute(1e-3, 2));
        Path f = dir.resolve(FofTab.fileName(0));
        FofTab.write(f, none, 1, 100);
        try (HdfFile hdf = new HdfFile(f)) {
            Group header = (Group) hdf.getChild("Header");
            assertEquals(BigInteger.ZERO, header.getAttribute("Ngroups_Total").getData());
            assertEquals(100.0, header.getAttribute("BoxSize").getData());
            assertNull(hdf.getChild("Group"));
            assertNull(hdf.getChild("IDs"));
        }
        assertTrue(none.sameBits(FofTab.read(f)));
    }

    @Test
    void aFileThatIsNotACatalogueIsRefusedNamingIt() throws IOException {
        Path snapshot = dir.resolve("snapshot_000.hdf5");
        io.stormsim.nbody.Hdf5Snapshot.write(snapshot, FofSets.uniform(5, 1, 2), 0, 5, 1);
        Path garbage = dir.resolve("fof_tab_001.hdf5");
        Files.writeString(garbage, "not hdf5");
        for (Path f : List.of(snapshot, garbage, dir.resolve("missing.hdf5"))) {
            IOException e = assertThrows(IOException.class, () -> FofTab.read(f));
            assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
        }
        assertTrue(assertThrows(MalformedHdf5Exception.class, () -> FofTab.read(snapshot)).getMessage()
                .contains("Ngroups_ThisFile"));
    }
}
