package io.stormsim.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bulk-copied arrays come back with every bit, at lengths around and across the 64 KB chunks. */
class ArraysTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 8191, 8192, 8193, 16384, 40001})
    void doublesLongsAndIntsRoundTripExactly(int count) {
        Random r = new Random(count);
        double[] d = new double[count + 3];
        long[] l = new long[count + 3];
        int[] i = new int[count + 3];
        for (int k = 0; k < d.length; k++) {
            d[k] = Double.longBitsToDouble(r.nextLong()); // any bits, NaN payloads included
            l[k] = r.nextLong();
            i[k] = r.nextInt();
        }
        Output out = new Output(16, -1);
        Arrays.writeDoubles(out, d, count);
        Arrays.writeLongs(out, l, count);
        Arrays.writeInts(out, i, count);
        out.writeInt(12345); // what follows the arrays is read from the right place
        Input in = new Input(out.toBytes());
        double[] d2 = Arrays.readDoubles(in);
        assertEquals(count, d2.length);
        for (int k = 0; k < count; k++) {
            assertEquals(Double.doubleToRawLongBits(d[k]), Double.doubleToRawLongBits(d2[k]), "double " + k);
        }
        assertArrayEquals(java.util.Arrays.copyOf(l, count), Arrays.readLongs(in));
        assertArrayEquals(java.util.Arrays.copyOf(i, count), Arrays.readInts(in));
        assertEquals(12345, in.readInt());
    }
}
