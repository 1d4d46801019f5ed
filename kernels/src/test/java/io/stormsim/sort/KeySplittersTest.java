package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeySplittersTest {
    /** Destinations never decrease along the records in stable sorted order (by key, then input index). */
    @Test
    void destinationsGrowAlongTheSortedOrderAndSplitEqualKeysByIndex() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                SortRecords in = g.generate(keyBits, 9_001, true, 13);
                List<long[]> samples = new ArrayList<>();
                for (int p = 0; p < 3; p++) {
                    int from = (int) RadixPartition.rangeStart(in.size(), 3, p);
                    samples.add(KeySplitters.sample(in.copyOfRange(from, (int) RadixPartition.rangeStart(in.size(), 3, p + 1)),
                            from));
                }
                KeySplitters splitters = KeySplitters.choose(samples, 3);
                assertEquals(3, splitters.destinations());
                SortRecords sorted = StableOracle.sorted(in);
                int[] per = new int[3];
                int last = 0;
                for (int i = 0; i < sorted.size(); i++) {
                    int d = splitters.destination(sorted.key(i), sorted.payloads()[i]);
                    assertTrue(d >= last, g + " " + keyBits + "-bit: record " + i + " goes to " + d + " after " + last);
                    last = d;
                    per[d]++;
                }
                for (int q = 0; q < 3; q++) {
                    assertEquals(3_000, per[q], 1, g + " " + keyBits + "-bit, destination " + q);
                }
            }
        }
    }

    /** All keys equal: the splitters are that key at increasing input indices, and cut the input by index alone. */
    @Test
    void equalKeysAreCutByInputIndexIntoNearlyEqualRanges() {
        int n = 5 * KeySplitters.SAMPLES + 3;
        for (int destinations : new int[] {2, 3, 5}) {
            List<long[]> samples = new ArrayList<>();
            for (int p = 0; p < destinations; p++) {
                int from = (int) RadixPartition.rangeStart(n, destinations, p);
                int to = (int) RadixPartition.rangeStart(n, destinations, p + 1);
                samples.add(KeySplitters.sample(SortRecords.ofInts(new int[to - from], null), from));
            }
            KeySplitters splitters = KeySplitters.choose(samples, destinations);
            int[] per = new int[destinations];
            int last = 0;
            for (int i = 0; i < n; i++) {
                int d = splitters.destination(0, i);
                assertTrue(d == last || d == last + 1, destinations + " destinations: index " + i + " goes to " + d
                        + " after " + last);
                last = d;
                per[d]++;
                assertEquals(destinations - 1, splitters.destination(1, i), "a key above the splitters' goes last");
            }
            for (int q = 0; q < destinations; q++) {
                assertEquals(n / destinations, per[q], n / KeySplitters.SAMPLES + 1, destinations + " destinations, " + q);
            }
        }
    }

    @Test
    void oneDestinationOrNoRecordsNeedNoSplitters() {
        assertEquals(1, KeySplitters.choose(List.of(new long[] {5, 0}), 1).destinations());
        KeySplitters empty = KeySplitters.choose(List.of(new long[0], new long[0]), 2);
        assertEquals(2, empty.destinations(), "no records sampled: still one destination a partition");
        assertEquals(0, KeySplitters.none().destination(-1L, 7));
        assertEquals(0, KeySplitters.sample(SortRecords.allocate(32, false, 0), 0).length);
    }

    @Test
    void aLargeStripeIsSampledEvenlyWithItsInputIndices() {
        SortRecords in = KeyGenerator.UNIFORM.generate(64, 3 * KeySplitters.SAMPLES, false, 1);
        long[] s = KeySplitters.sample(in, 1000);
        assertEquals(2 * KeySplitters.SAMPLES, s.length);
        for (int j = 0; j < KeySplitters.SAMPLES; j++) {
            assertEquals(in.key(3 * j), s[2 * j]);
            assertEquals(1000 + 3 * j, s[2 * j + 1]);
        }
    }
}
