package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Counts over a range of records are a partition's histogram of those records alone, at any offset in an array. */
class DigitHistogramTest {
    @Test
    void countsOfARangeAreThoseOfItsRecordsAsAStripe() {
        for (int keyBits : new int[] {32, 64}) {
            for (int digitBits : new int[] {8, 11, 16}) {
                SortRecords all = KeyGenerator.HOT_DIGIT.generate(keyBits, 5000, true, 3);
                int radix = 1 << digitBits;
                for (int pass = 0; pass < RadixSort.passes(keyBits, digitBits); pass++) {
                    long[] into = new long[3 * radix];
                    into[radix] = 7;
                    DigitHistogram.add(all, 1200, 2345, pass, digitBits, into, radix);
                    long[] expected = new RadixPartition(0, 1, digitBits, all.copyOfRange(1200, 1200 + 2345))
                            .histogram(pass);
                    expected[0] += 7;
                    assertArrayEquals(expected, Arrays.copyOfRange(into, radix, 2 * radix),
                            keyBits + "-bit keys, " + digitBits + "-bit digits, pass " + pass);
                }
            }
        }
    }

    @Test
    void rangesAndPassesOutsideAreRefused() {
        SortRecords r = KeyGenerator.UNIFORM.generate(32, 100, false, 1);
        long[] into = new long[256];
        assertThrows(IllegalArgumentException.class, () -> DigitHistogram.add(r, 50, 51, 0, 8, into, 0));
        assertThrows(IllegalArgumentException.class, () -> DigitHistogram.add(r, 0, 10, 4, 8, into, 0));
        assertThrows(IllegalArgumentException.class, () -> DigitHistogram.add(r, 0, 10, 0, 8, into, 1));
        assertThrows(IllegalArgumentException.class, () -> DigitHistogram.add(r, 0, 10, 0, 7, into, 0));
    }
}
