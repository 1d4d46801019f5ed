package io.stormsim.water;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WaterStateFileTest {
    @TempDir
    Path dir;

    private static List<StepValues> advance(WaterRun run, int steps) {
        List<StepValues> out = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            out.add(run.advance());
        }
        return out;
    }

    @Test
    void restartContinuesWithTheBitsOfAnUninterruptedRun() throws IOException {
        WaterRun whole = TestStarts.lattice(216, 1, 1);
        List<StepValues> expected = advance(whole, 10);

        WaterRun first = TestStarts.lattice(216, 1, 1);
        advance(first, 4);
        Path file = dir.resolve("water.state");
        WaterStateFile.write(file, first.state());
        assertEquals(WaterStateFile.size(first.input), Files.size(file));
        WaterState read = WaterStateFile.read(file);
        assertEquals(4, read.step());
        assertEquals(first.input, read.input());

        // Continued at another partition count: still the same bits.
        WaterRun resumed = WaterRun.restart(read, 3);
        List<StepValues> rest = advance(resumed, 6);
        assertEquals(expected.subList(4, 10), rest);
        for (int k = 0; k < read.derivatives().length; k++) {
            assertArrayEquals(whole.state().derivatives()[k], resumed.state().derivatives()[k], "derivative " + k);
        }
        try (var listing = Files.list(dir)) {
            assertEquals(List.of(file), listing.toList(), "no temporary file left");
        }
    }

    @Test
    void damagedFilesAreRefusedNamingFileAndOffset() throws IOException {
        WaterRun run = TestStarts.lattice(8, 1, 1);
        Path file = dir.resolve("s");
        WaterStateFile.write(file, run.state());
        byte[] good = Files.readAllBytes(file);

        byte[] flipped = good.clone();
        flipped[WaterStateFile.HEADER + 17] ^= 1;
        assertRefused(file, flipped, "checksum");

        assertRefused(file, java.util.Arrays.copyOf(good, good.length - 8), "need " + good.length);
        assertRefused(file, java.util.Arrays.copyOf(good, 20), "shorter than");

        byte[] magic = good.clone();
        magic[0] = 'X';
        assertRefused(file, magic, "byte 0: not a Water state file");

        byte[] order = good.clone();
        ByteBuffer.wrap(order).order(ByteOrder.LITTLE_ENDIAN).putInt(28, 9);
        assertRefused(file, order, "byte 12: input parameters: NORDER = 9");
    }

    private static void assertRefused(Path file, byte[] bytes, String fragment) throws IOException {
        Files.write(file, bytes);
        WaterStateFile.StateFormatException e = assertThrows(WaterStateFile.StateFormatException.class,
                () -> WaterStateFile.read(file));
        assertTrue(e.getMessage().startsWith(file + ": byte ") && e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void aFailedWriteLeavesThePreviousFileAndNoTemporary() throws IOException {
        WaterRun run = TestStarts.lattice(8, 1, 1);
        Path file = dir.resolve("s");
        WaterStateFile.write(file, run.state());
        byte[] before = Files.readAllBytes(file);
        run.advance();
        // A directory where the file should go: the move fails after the temporary was written.
        Path blocked = dir.resolve("blocked");
        Files.createDirectory(blocked);
        Files.writeString(blocked.resolve("x"), "occupied");
        assertThrows(IOException.class, () -> WaterStateFile.write(blocked, run.state()));
        assertArrayEquals(before, Files.readAllBytes(file));
        try (var listing = Files.list(dir)) {
            assertEquals(2, listing.count(), "only the previous file and the blocking directory");
        }
    }
}
