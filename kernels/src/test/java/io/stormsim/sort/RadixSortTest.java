package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RadixSortTest {
    private static final int[] DIGIT_BITS = {8, 11, 13, 16};

    @Test
    void keysAloneMatchALibrarySortInUnsignedOrderForEveryGeneratorAndDigitWidth() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int bits : DIGIT_BITS) {
                RadixSort sort = new RadixSort(bits);
                int[] ints = g.generate(32, 30_011, false, 7).intKeys();
                int[] expectedInts = StableOracle.sortedUnsigned(ints);
                sort.sort(ints);
                assertArrayEquals(expectedInts, ints, g + " 32-bit, " + bits + "-bit digits");
                long[] longs = g.generate(64, 30_011, false, 7).longKeys();
                long[] expectedLongs = StableOracle.sortedUnsigned(longs);
                sort.sort(longs);
                assertArrayEquals(expectedLongs, longs, g + " 64-bit, " + bits + "-bit digits");
            }
        }
    }

    @Test
    void recordsMatchAStableLibrarySortForEveryGeneratorAndDigitWidth() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                for (int bits : DIGIT_BITS) {
                    SortRecords r = g.generate(keyBits, 20_003, true, 11);
                    SortRecords expected = StableOracle.sorted(r);
                    new RadixSort(bits).sort(r);
                    assertTrue(expected.sameRecords(r), g + " " + keyBits + "-bit keys, " + bits + "-bit digits");
                }
            }
        }
    }

    @Test
    void equalKeysKeepTheirInputOrderAndPayloadsFollowTheirKeys() {
        // Two distinct keys differing only in the top bit, so every pass but the last is skipped.
        long[] keys = {0x8000_0000_0000_0000L, 5, 0x8000_0000_0000_0000L, 5, 5};
        long[] payloads = {-1, 42, -3, 44, 45};
        new RadixSort(11).sort(keys, payloads, keys.length);
        assertArrayEquals(new long[] {5, 5, 5, 0x8000_0000_0000_0000L, 0x8000_0000_0000_0000L}, keys);
        assertArrayEquals(new long[] {42, 44, 45, -1, -3}, payloads);
    }

    @Test
    void unsignedOrderPutsTheSignBitLast() {
        int[] keys = {-1, 0, Integer.MIN_VALUE, Integer.MAX_VALUE, 1, -2};
        new RadixSort(8).sort(keys);
        assertArrayEquals(new int[] {0, 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -2, -1}, keys);
    }

    @Test
    void sortsOnlyTheFirstNAndReusesItsBuffersAcrossSizesAndKinds() {
        RadixSort sort = new RadixSort(16);
        SplittableRandom random = new SplittableRandom(3);
        for (int n : new int[] {50_000, 0, 1, 2, 3, 1000, 70_000, 17}) {
            int[] ints = random.ints(n + 5).toArray();
            long[] pay = random.longs(n + 5).toArray();
            SortRecords expected = StableOracle.sorted(SortRecords.ofInts(Arrays.copyOf(ints, n), Arrays.copyOf(pay, n)));
            int[] tailKeys = Arrays.copyOfRange(ints, n, n + 5);
            long[] tailPay = Arrays.copyOfRange(pay, n, n + 5);
            sort.sort(ints, pay, n);
            assertArrayEquals(expected.intKeys(), Arrays.copyOf(ints, n), "n = " + n);
            assertArrayEquals(expected.payloads(), Arrays.copyOf(pay, n), "n = " + n);
            assertArrayEquals(tailKeys, Arrays.copyOfRange(ints, n, n + 5), "keys beyond n untouched, n = " + n);
            assertArrayEquals(tailPay, Arrays.copyOfRange(pay, n, n + 5), "payloads beyond n untouched, n = " + n);
            long[] longs = random.longs(n).toArray();
            long[] expectedLongs = StableOracle.sortedUnsigned(longs);
            sort.sort(longs);
            assertArrayEquals(expectedLongs, longs, "n = " + n);
        }
    }

    @Test
    void inputInOrderIsLeftAsItIsAndOneInversionAtTheEndIsStillSorted() {
        SortRecords sorted = KeyGenerator.SORTED.generate(64, 10_000, true, 4);
        SortRecords r = sorted.copyOfRange(0, sorted.size());
        new RadixSort(8).sort(r);
        assertTrue(sorted.sameRecords(r));
        long[] k = r.longKeys();
        long last = k[k.length - 1];
        k[k.length - 1] = k[k.length - 2];
        k[k.length - 2] = last;
        SortRecords expected = StableOracle.sorted(r);
        new RadixSort(8).sort(r);
        assertTrue(expected.sameRecords(r));
        int[] ints = {0, 1, -1, 5};
        new RadixSort(8).sort(ints);
        assertArrayEquals(new int[] {0, 1, 5, -1}, ints, "signed order is not unsigned order");
    }

    @Test
    void allEqualKeysAreLeftAsTheyAre() {
        long[] keys = new long[1000];
        Arrays.fill(keys, 0xDEAD_BEEF_0000_0001L);
        long[] payloads = new SplittableRandom(5).longs(1000).toArray();
        long[] before = payloads.clone();
        new RadixSort(8).sort(keys, payloads, keys.length);
        assertArrayEquals(before, payloads);
    }

    @Test
    void digitWidthIsValidatedNamingKeyValueAndRange() {
        for (int bad : new int[] {7, 17, 0, -8}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RadixSort(bad));
            assertEquals("stormsim.sort.digit.bits = " + bad + " is not allowed: must be an integer in 8..16",
                    e.getMessage());
        }
        assertEquals(RadixSort.DEFAULT_DIGIT_BITS, RadixSort.fromConfig(Map.of()).digitBits());
        assertEquals(13, RadixSort.fromConfig(Map.of(RadixSort.DIGIT_BITS_KEY, "13")).digitBits());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RadixSort.fromConfig(Map.of(RadixSort.DIGIT_BITS_KEY, "wide")));
        assertTrue(e.getMessage().contains("stormsim.sort.digit.bits = wide"), e.getMessage());
    }

    @Test
    void refusesMoreRecordsThanKeysOrPayloads() {
        RadixSort sort = new RadixSort(8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sort.sort(new int[10], new long[9], 10));
        assertEquals("cannot sort 10 records with 10 keys and 9 payloads", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sort.sort(new long[10], null, 11));
    }

    @Test
    void passesCoverTheKeyWithANarrowerLastDigit() {
        assertEquals(4, RadixSort.passes(32, 8));
        assertEquals(3, RadixSort.passes(32, 11));
        assertEquals(2, RadixSort.passes(32, 16));
        assertEquals(6, RadixSort.passes(64, 11));
        assertEquals(5, RadixSort.passes(64, 13));
    }
}
