package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortFileTest {
    @TempDir
    Path dir;

    private Path written(String name, SortRecords r) throws IOException {
        Path f = dir.resolve(name);
        SortFile.write(f, r);
        return f;
    }

    private static void assertFails(Path f, long offset, String expected) {
        SortFile.FormatException e = assertThrows(SortFile.FormatException.class, () -> SortFile.read(f));
        assertTrue(e.getMessage().startsWith(f + " at byte " + offset + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void everyKindReadsBackBitForBitWholeAndInRanges() throws IOException {
        for (int keyBits : new int[] {32, 64}) {
            for (boolean payloads : new boolean[] {false, true}) {
                SortRecords r = KeyGenerator.UNIFORM.generate(keyBits, 300_001, payloads, 2);
                Path f = written("r" + keyBits + payloads, r);
                assertEquals(new SortFile.Header(keyBits, payloads, 300_001), SortFile.header(f));
                assertEquals(SortFile.HEADER_BYTES + 300_001L * (keyBits / 8 + (payloads ? 8 : 0)), Files.size(f));
                assertTrue(r.sameRecords(SortFile.read(f)));
                assertTrue(r.copyOfRange(123_456, 290_000).sameRecords(SortFile.read(f, 123_456, 290_000 - 123_456)));
            }
        }
        Path empty = written("none", SortRecords.ofInts(new int[0], null));
        assertEquals(0, SortFile.read(empty).size());
    }

    @Test
    void layoutIsTheDocumentedLittleEndianHeaderThenKeyPayloadRecords() throws IOException {
        Path f = written("two", SortRecords.ofInts(new int[] {-2, 7}, new long[] {5, -1}));
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[8];
        b.get(magic);
        assertEquals("STRMSORT", new String(magic, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(1, b.getInt());
        assertEquals(32, b.getInt());
        assertEquals(1, b.getInt());
        assertEquals(0, b.getInt());
        assertEquals(2, b.getLong());
        assertEquals(-2, b.getInt());
        assertEquals(5, b.getLong());
        assertEquals(7, b.getInt());
        assertEquals(-1, b.getLong());
        assertEquals(0, b.remaining());
    }

    @Test
    void randomBytesFailOnTheMagic() throws IOException {
        Path f = dir.resolve("noise");
        byte[] noise = new byte[1000];
        new SplittableRandom(1).nextBytes(noise);
        Files.write(f, noise);
        assertFails(f, 0, "expected the magic \"STRMSORT\"");
    }

    @Test
    void truncatedAndTrailingBytesFailAtTheEndTheHeaderImplies() throws IOException {
        Path f = written("t", KeyGenerator.SORTED.generate(64, 100, true, 3));
        byte[] all = Files.readAllBytes(f);
        long end = SortFile.HEADER_BYTES + 100 * 16;
        Files.write(f, Arrays.copyOf(all, all.length - 3));
        assertFails(f, end - 3, "the file ends (truncated): the header's count 100 (byte 24) needs 16-byte records"
                + " up to byte " + end);
        Files.write(f, Arrays.copyOf(all, all.length + 5));
        assertFails(f, end, "expected the end of the file after 100 records");
        Files.write(f, Arrays.copyOf(all, 20));
        assertFails(f, 20, "ends inside the 32-byte header");
    }

    @Test
    void emptyFileDirectoryAndMissingFileFailNamingWhatWasExpected() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty"));
        assertFails(empty, 0, "the file is empty, expected a 32-byte header");
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertFails(sub, 0, "expected a sort records file, found a directory");
        assertFails(dir.resolve("absent"), 0, "found no file");
    }

    @Test
    void unreadableFileFailsNamingIt() throws IOException {
        Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
                "running as root, who can read any file: the unreadable case cannot be made here");
        Path f = written("locked", KeyGenerator.UNIFORM.generate(32, 10, false, 1));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("-w-------"));
        assertFails(f, 0, "cannot open it");
    }

    @Test
    void aHugeDeclaredCountFailsBeforeAnyAllocation() throws IOException {
        Path f = written("huge", KeyGenerator.UNIFORM.generate(64, 4, true, 1));
        byte[] all = Files.readAllBytes(f);
        ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).putLong(24, Long.MAX_VALUE / 3);
        Files.write(f, all);
        assertFails(f, all.length, "the header's count " + Long.MAX_VALUE / 3 + " (byte 24) needs 16-byte records up"
                + " to byte beyond 2^63");
        ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).putLong(24, -4);
        Files.write(f, all);
        assertFails(f, 24, "expected a record count >= 0, found -4");
    }

    @Test
    void badHeaderFieldsFailAtTheirOffsets() throws IOException {
        Path f = written("h", KeyGenerator.UNIFORM.generate(32, 4, false, 1));
        byte[] good = Files.readAllBytes(f);
        int[][] patches = {{8, 2}, {12, 48}, {16, 2}, {20, 9}};
        String[] expected = {"expected format version 1, found 2", "expected key bits 32 or 64, found 48",
                "expected flags 0 or 1 (payloads), found 2", "expected the reserved field 0, found 9"};
        for (int i = 0; i < patches.length; i++) {
            byte[] bad = good.clone();
            ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(patches[i][0], patches[i][1]);
            Files.write(f, bad);
            assertFails(f, patches[i][0], expected[i]);
        }
    }

    @Test
    void aRangeBeyondTheRecordsIsRejected() throws IOException {
        Path f = written("r", KeyGenerator.UNIFORM.generate(32, 10, false, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SortFile.read(f, 8, 3));
        assertTrue(e.getMessage().contains("it holds 10"), e.getMessage());
    }

    @Test
    void aFailedWriteLeavesNothingBehindAndKeepsTheOldFile() throws IOException {
        Path f = written("keep", SortRecords.ofLongs(new long[] {1, 2, 3}, null));
        byte[] before = Files.readAllBytes(f);
        // A target that is a non-empty directory cannot be replaced: the move fails after the data is written.
        Path target = Files.createDirectory(dir.resolve("target"));
        Files.writeString(target.resolve("inside"), "x");
        assertThrows(IOException.class, () -> SortFile.write(target, SortRecords.ofLongs(new long[] {9}, null)));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("keep", "target"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertArrayEquals(before, Files.readAllBytes(f));
        assertThrows(IOException.class, () -> SortFile.write(dir.resolve("no/such/dir/x"),
                SortRecords.ofLongs(new long[] {9}, null)));
    }
}
