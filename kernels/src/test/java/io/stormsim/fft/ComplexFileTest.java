package io.stormsim.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComplexFileTest {
    @TempDir
    Path dir;

    @Test
    void writesAndReadsAnyRangeBitForBit() throws IOException {
        int n = 200_000;
        ComplexBlock x = ComplexBlock.zeros(1, n);
        Signals.generate(1, 0, n, x.re, x.im, 0);
        Path f = dir.resolve("x.c128");
        ComplexFile.write(f, List.of(x.rowRange(0, 1)));
        assertEquals(n, ComplexFile.points(f));
        double[] re = new double[n - 70_001];
        double[] im = new double[re.length];
        ComplexFile.read(f, 70_001, re.length, re, im, 0);
        assertArrayEquals(java.util.Arrays.copyOfRange(x.re, 70_001, n), re);
        assertArrayEquals(java.util.Arrays.copyOfRange(x.im, 70_001, n), im);
    }

    @Test
    void layoutIsInterleavedLittleEndian() throws IOException {
        Path f = dir.resolve("two.c128");
        ComplexFile.write(f, List.of(new ComplexBlock(1, 2, new double[] {1.5, -2}, new double[] {0.25, 3})));
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.5, b.getDouble());
        assertEquals(0.25, b.getDouble());
        assertEquals(-2, b.getDouble());
        assertEquals(3, b.getDouble());
    }

    @Test
    void rejectsNaNNamingItsPosition() throws IOException {
        Path f = dir.resolve("nan.c128");
        double[] re = {1, 2, 3, 4};
        double[] im = {0, 0, Double.NaN, 0};
        ComplexFile.write(f, List.of(new ComplexBlock(1, 4, re, im)));
        IOException e = assertThrows(IOException.class, () -> ComplexFile.read(f, 0, 4, new double[4], new double[4], 0));
        assertTrue(e.getMessage().contains("point 2 is not finite (imaginary part NaN)"), e.getMessage());
    }

    @Test
    void rejectsPartialPointsAndShortFiles() throws IOException {
        Path f = dir.resolve("odd.c128");
        Files.write(f, new byte[40]);
        IOException e = assertThrows(IOException.class, () -> ComplexFile.points(f));
        assertTrue(e.getMessage().contains("40 bytes"), e.getMessage());
        assertThrows(IOException.class, () -> ComplexFile.read(f, 0, 3, new double[3], new double[3], 0));
    }
}
