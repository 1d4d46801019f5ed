package io.stormsim.water;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WaterInputTest {
    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("input");
        Files.writeString(f, text);
        return f;
    }

    private void assertFails(String text, String... fragments) throws IOException {
        Path f = file(text);
        WaterInput.InputFormatException e = assertThrows(WaterInput.InputFormatException.class,
                () -> WaterInput.read(f));
        assertTrue(e.getMessage().startsWith(f + ":"), e.getMessage());
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), "'" + fragment + "' in: " + e.getMessage());
        }
    }

    @Test
    void readsTheTenFieldsWhateverTheLines() throws IOException {
        WaterInput in = WaterInput.read(file("  1.5e-16   512  10   6\n -1      3000     1  0\n1 6.212752\n"));
        assertEquals(new WaterInput(1.5e-16, 512, 10, 6, -1, 3000, 1, 0, 1, 6.212752), in);
        assertEquals(in, WaterInput.read(file("1.5e-16 512 10 6 -1 3000 1 0 1 6.212752")));
    }

    @Test
    void malformedFilesNameTheLineAndTheField() throws IOException {
        assertFails("1.5e-16 512 10 6\n-1 3000 x 0\n1 0\n", ":2:", "NPRINT", "an integer", "'x'");
        assertFails("1.5e-16 512 10 6\n-1 3000 1 0\n1\n", ":3:", "ends before CUTOFF");
        assertFails("", "ends before TSTEP");
        assertFails("1.5e-16 512 10 6 -1 3000 1 0 1 0 7\n", ":1:", "end of the file after CUTOFF", "'7'");
        assertFails("1.5e-16 512 10 6.5 -1 3000 1 0 1 0\n", "NORDER", "'6.5'");
        assertFails("1.5e-16 99999999999 10 6 -1 3000 1 0 1 0\n", "NMOL", "within 32 bits");
        assertFails("1.5e-16 512 10 6 -1 3000 1 0 1 1.0d\n", "CUTOFF", "a number", "'1.0d'");
    }

    @Test
    void invalidValuesNameKeyValueAndWhatIsAllowed() throws IOException {
        assertFails("1.5e-16 500 10 6\n-1 3000 1 0\n1 0\n", ":1:", "NMOL = 500", "cube");
        assertFails("0 512 10 6 -1 3000 1 0 1 0\n", "TSTEP = 0.0", "> 0");
        assertFails("1.5e-16 512 10 7\n-1 3000 1 0 1 0\n", ":1:", "NORDER = 7", "from 3 to 6");
        assertFails("1.5e-16 512 10 2 -1 3000 1 0 1 0\n", "NORDER = 2");
        assertFails("1.5e-16 512 10 6\n-1 3000 0 0\n1 0\n", ":2:", "NPRINT = 0", ">= 1");
        assertFails("1.5e-16 512 -1 6 -1 3000 1 0 1 0\n", "NSTEP = -1");
        assertFails("1.5e-16 512 10 6\n-1 3000 1 0\n1 12\n", ":3:", "CUTOFF = 12.0", "(0, 11]");
        assertFails("1.5e-16 512 10 6\n-1 3000 1 0\n0 0\n", ":3:", "NumProcs = 0", "1 to 128");
    }

    @Test
    void defaultCutoffIsHalfTheBoxAtMostElevenAngstrom() {
        assertEquals(11.0, new RunConstants(WaterInput.of(512, 1, 0.0, 1)).cutoff);
        RunConstants small = new RunConstants(WaterInput.of(27, 1, 0.0, 1));
        assertEquals(small.halfBox, small.cutoff);
        assertTrue(small.cutoff < 11.0);
        assertEquals(6.5, new RunConstants(WaterInput.of(512, 1, 6.5, 1)).cutoff);
    }

    @Test
    void randomNumbersAreReadAsTheOriginalReadsThem() throws IOException {
        Path f = dir.resolve("random.in");
        StringBuilder text = new StringBuilder("  0.5\n");
        for (int i = 0; i < 9 * 8; i++) {
            text.append(i).append(".25e+00 ").append(i % 3 == 2 ? "\n" : "");
        }
        text.append("not-read\n");
        Files.writeString(f, text);
        double[] r = LatticeStart.readRandomNumbers(f, 8);
        assertEquals(72, r.length);
        assertEquals(0.25, r[0]);
        assertEquals(71.25, r[71]);

        Files.writeString(f, text.substring(0, text.indexOf("not-read")));
        WaterInput.InputFormatException few = assertThrows(WaterInput.InputFormatException.class,
                () -> LatticeStart.readRandomNumbers(f, 27));
        assertTrue(few.getMessage().contains("after 72 numbers") && few.getMessage().contains("needs 243"),
                few.getMessage());
        Files.writeString(f, "1\n2 3\n4 x 5\n");
        WaterInput.InputFormatException bad = assertThrows(WaterInput.InputFormatException.class,
                () -> LatticeStart.readRandomNumbers(f, 1));
        assertTrue(bad.getMessage().startsWith(f + ":3:") && bad.getMessage().contains("'x'"), bad.getMessage());
    }
}
