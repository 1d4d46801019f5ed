package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one entry tells each format by its content, whatever the file is called, and names a wrong path as such. */
class InitialConditionsTest {
    @TempDir
    Path dir;

    @Test
    void eachFormatIsToldByItsContentNotItsName() throws IOException {
        Bodies b = PlummerSphere.generate(50, 4);
        Path hdf5 = dir.resolve("ic.csv");
        Hdf5Snapshot.write(hdf5, b, 0, b.n, 1);
        Path csv = dir.resolve("ic.hdf5");
        BodiesCsv.write(b, csv);
        Gadget2TestFile g = new Gadget2TestFile();
        g.order = ByteOrder.BIG_ENDIAN;
        g.format = 2;
        g.npart[1] = b.n;
        Path gadget = Files.write(dir.resolve("ic.txt"), g.bytes(b));
        assertEquals(InitialConditions.Format.HDF5, InitialConditions.detect(hdf5));
        assertEquals(InitialConditions.Format.CSV, InitialConditions.detect(csv));
        assertEquals(InitialConditions.Format.GADGET2, InitialConditions.detect(gadget));
        assertTrue(b.sameStateBits(InitialConditions.read(hdf5).bodies()));
        assertTrue(b.sameStateBits(InitialConditions.read(csv).bodies()));
        assertTrue(g.expected(b).sameStateBits(InitialConditions.read(gadget).bodies()));
        assertEquals(b.n, InitialConditions.totalBodies(hdf5));
        assertEquals(b.n, InitialConditions.totalBodies(gadget));
        assertEquals(Files.size(csv) / 100, InitialConditions.totalBodies(csv));
    }

    @Test
    void anEmptyFileADirectoryAndRandomBytes() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty"));
        IOException e = assertThrows(IOException.class, () -> InitialConditions.read(empty));
        assertEquals("bodies file " + empty + " is empty, expected " + InitialConditions.EXPECTED, e.getMessage());
        Path d = Files.createDirectory(dir.resolve("d"));
        e = assertThrows(IOException.class, () -> InitialConditions.totalBodies(d));
        assertEquals("bodies file " + d + " is a directory, expected " + InitialConditions.EXPECTED, e.getMessage());
        byte[] random = new byte[1000];
        new Random(1).nextBytes(random);
        random[0] = (byte) 0xff; // not a marker of 256 or 8 in either order, not UTF-8
        Path r = Files.write(dir.resolve("random"), random);
        e = assertThrows(BodiesCsv.MalformedBodiesException.class, () -> InitialConditions.read(r));
        assertTrue(e.getMessage().startsWith("bodies file " + r + ", line 1: byte offset 0 (0xff) is not UTF-8 text"),
                e.getMessage());
    }
}
