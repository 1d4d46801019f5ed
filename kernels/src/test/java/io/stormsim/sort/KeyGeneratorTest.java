package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyGeneratorTest {
    @Test
    void namesAreValidatedNamingKeyValueAndTheNamesAllowed() {
        for (KeyGenerator g : KeyGenerator.values()) {
            assertEquals(g, KeyGenerator.named(g.configName()));
        }
        assertEquals(KeyGenerator.HOT_DIGIT, KeyGenerator.fromConfig(Map.of(KeyGenerator.GENERATOR_KEY, "hot-digit")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyGenerator.named("Uniform"));
        assertEquals("stormsim.sort.generator = Uniform is not allowed: must be one of "
                + "uniform|few-distinct|hot-digit|sorted|reversed", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KeyGenerator.fromConfig(new HashMap<>()));
        e = assertThrows(IllegalArgumentException.class, () -> KeyGenerator.UNIFORM.generate(48, 1, false, 1));
        assertEquals("key bits = 48 is not allowed: must be 32 or 64", e.getMessage());
    }

    @Test
    void sameSeedSameRecordsOtherSeedOtherRecords() {
        for (KeyGenerator g : KeyGenerator.values()) {
            assertTrue(g.generate(64, 1000, true, 9).sameRecords(g.generate(64, 1000, true, 9)), g.toString());
            assertFalse(g.generate(32, 1000, false, 9).sameRecords(g.generate(32, 1000, false, 10)), g.toString());
        }
    }

    @Test
    void payloadsAreTheInputIndex() {
        long[] p = KeyGenerator.REVERSED.generate(32, 5, true, 1).payloads();
        assertArrayEquals(new long[] {0, 1, 2, 3, 4}, p);
        assertEquals(null, KeyGenerator.REVERSED.generate(32, 5, false, 1).payloads());
    }

    @Test
    void shapesAreWhatTheirNamesSay() {
        int n = 20_000;
        for (int keyBits : new int[] {32, 64}) {
            SortRecords sorted = KeyGenerator.SORTED.generate(keyBits, n, false, 3);
            SortRecords reversed = KeyGenerator.REVERSED.generate(keyBits, n, false, 3);
            for (int i = 1; i < n; i++) {
                assertTrue(Long.compareUnsigned(sorted.key(i - 1), sorted.key(i)) <= 0);
                assertEquals(sorted.key(i), reversed.key(n - 1 - i));
            }
            assertTrue(Long.compareUnsigned(sorted.key(n - 1), 1L << (keyBits - 1)) >= 0, "upper half reached");
            long[] few = new long[n];
            SortRecords f = KeyGenerator.FEW_DISTINCT.generate(keyBits, n, false, 3);
            Arrays.setAll(few, f::key);
            assertEquals(KeyGenerator.FEW, Arrays.stream(few).distinct().count());
            SortRecords hot = KeyGenerator.HOT_DIGIT.generate(keyBits, n, false, 3);
            Map<Long, Integer> upperHalves = new HashMap<>();
            for (int i = 0; i < n; i++) {
                upperHalves.merge(hot.key(i) >>> (keyBits / 2), 1, Integer::sum);
            }
            int top = upperHalves.values().stream().max(Integer::compare).orElseThrow();
            assertTrue(top > 0.88 * n && top < 0.92 * n, "hot share " + top + " of " + n);
        }
    }

    @Test
    void aRangeIsThoseRecordsOfTheWholeInput() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                SortRecords all = g.generate(keyBits, 1_000, true, 3);
                for (int[] range : new int[][] {{0, 1_000}, {0, 0}, {333, 334}, {999, 1}, {1_000, 0}}) {
                    SortRecords part = g.generate(keyBits, 1_000, true, 3, range[0], range[1]);
                    assertTrue(all.copyOfRange(range[0], range[0] + range[1]).sameRecords(part),
                            g + " " + keyBits + "-bit, records " + range[0] + " +" + range[1]);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> KeyGenerator.UNIFORM.generate(32, 10, false, 1, 5, 6));
    }

    /** Generating into a reused buffer (larger, holding an earlier job's records) gives the same bits as a new one. */
    @Test
    void aReusedBufferGetsTheSameRecords() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                for (boolean payloads : new boolean[] {false, true}) {
                    SortRecords buffer = KeyGenerator.UNIFORM.generate(keyBits, 2_000, payloads, 99);
                    g.generate(1_000, 3, 250, 500, buffer);
                    assertEquals(500, buffer.size());
                    assertTrue(g.generate(keyBits, 1_000, payloads, 3, 250, 500).sameRecords(buffer),
                            g + " " + keyBits + "-bit, payloads " + payloads);
                }
            }
        }
    }
}
