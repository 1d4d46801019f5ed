package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RadixPartitionTest {
    private static final int[] PARTITIONS = {1, 2, 3, 5};

    /** The records cut into {@code partitions} stripes of uneven sizes, some possibly empty. */
    private static List<SortRecords> unevenStripes(SortRecords all, int partitions, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] cuts = new int[partitions + 1];
        for (int p = 1; p < partitions; p++) {
            cuts[p] = random.nextInt(all.size() + 1);
        }
        cuts[partitions] = all.size();
        java.util.Arrays.sort(cuts);
        List<SortRecords> stripes = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            stripes.add(all.copyOfRange(cuts[p], cuts[p + 1]));
        }
        return stripes;
    }

    private static void assertSameAsSequential(SortRecords input, int partitions, int digitBits, String what) {
        SortRecords expected = input.copyOfRange(0, input.size());
        new RadixSort(digitBits).sort(expected);
        List<SortRecords> out = InProcessRadixSort.sort(unevenStripes(input, partitions, partitions * 31L + input.size()),
                digitBits);
        assertEquals(partitions, out.size());
        assertTrue(expected.sameRecords(SortRecords.concat(out)), what);
    }

    @Test
    void equalsTheSequentialKernelBitForBitAtAnyPartitionCount() {
        for (int partitions : PARTITIONS) {
            for (KeyGenerator g : KeyGenerator.values()) {
                for (int keyBits : new int[] {32, 64}) {
                    for (int digitBits : new int[] {8, 11, 16}) {
                        for (boolean payloads : new boolean[] {false, true}) {
                            SortRecords in = g.generate(keyBits, 4_099, payloads, keyBits + digitBits);
                            assertSameAsSequential(in, partitions, digitBits, partitions + " partitions, " + g + ", "
                                    + keyBits + "-bit keys, " + digitBits + "-bit digits, payloads " + payloads);
                        }
                    }
                }
            }
        }
    }

    @Test
    void handlesNoRecordsOneRecordAndCountsNotDivisibleByThePartitions() {
        for (int partitions : PARTITIONS) {
            for (int n : new int[] {0, 1, 2, 4, 7, 13, 101}) {
                SortRecords in = KeyGenerator.UNIFORM.generate(32, n, true, n);
                assertSameAsSequential(in, partitions, 8, partitions + " partitions, n = " + n);
                assertSameAsSequential(KeyGenerator.UNIFORM.generate(64, n, false, n), partitions, 11,
                        partitions + " partitions, 64-bit, n = " + n);
            }
        }
    }

    @Test
    void allRecordsStartingInOnePartitionEndBalanced() {
        SortRecords in = KeyGenerator.REVERSED.generate(64, 1_003, true, 8);
        SortRecords expected = StableOracle.sorted(in);
        List<SortRecords> stripes = new ArrayList<>(List.of(in.copyOfRange(0, 0), in.copyOfRange(0, 0),
                in.copyOfRange(0, in.size()), in.copyOfRange(0, 0)));
        List<SortRecords> out = InProcessRadixSort.sort(stripes, 11);
        assertTrue(expected.sameRecords(SortRecords.concat(out)));
        for (int q = 0; q < 4; q++) {
            assertEquals(q < 3 ? 251 : 250, out.get(q).size(), "partition " + q);
        }
    }

    @Test
    void outputRangesAreBalancedEvenWithAHotDigit() {
        for (int partitions : PARTITIONS) {
            int n = 10_007;
            SortRecords in = KeyGenerator.HOT_DIGIT.generate(32, n, true, 5);
            List<SortRecords> out = InProcessRadixSort.sort(unevenStripes(in, partitions, 9), 8);
            for (int q = 0; q < partitions; q++) {
                int expected = n / partitions + (q < n % partitions ? 1 : 0);
                assertEquals(expected, out.get(q).size(), "partition " + q + " of " + partitions);
                assertEquals(RadixPartition.rangeStart(n, partitions, q + 1) - RadixPartition.rangeStart(n, partitions, q),
                        expected);
            }
        }
    }

    @Test
    void aPassWithOneBucketIsSkippedEverywhereAndLeavesTheStripes() {
        long[] keys = new long[50];
        java.util.Arrays.fill(keys, 12345);
        SortRecords in = SortRecords.ofLongs(keys, new SplittableRandom(1).longs(50).toArray());
        List<SortRecords> stripes = unevenStripes(in, 3, 2);
        List<Integer> sizes = new ArrayList<>();
        stripes.forEach(s -> sizes.add(s.size()));
        List<SortRecords> out = InProcessRadixSort.sort(stripes, 8);
        for (int p = 0; p < 3; p++) {
            assertEquals(sizes.get(p), out.get(p).size(), "stripe " + p + " kept as given");
        }
        assertTrue(in.sameRecords(SortRecords.concat(out)));
    }

    /** One pass by hand, chunks delivered detached and in reverse source order: the same bits as in source order. */
    @Test
    void chunkArrivalOrderDoesNotMatter() {
        SortRecords in = KeyGenerator.FEW_DISTINCT.generate(64, 3_001, true, 4);
        int partitions = 3;
        List<List<SortRecords>> results = new ArrayList<>();
        for (boolean reversed : new boolean[] {false, true}) {
            List<SortRecords> stripes = unevenStripes(in, partitions, 6);
            RadixPartition[] parts = new RadixPartition[partitions];
            long[][] h = new long[partitions][];
            long[][] carryIn = new long[partitions][];
            long[] carry = new long[1 << 8];
            for (int p = 0; p < partitions; p++) {
                parts[p] = new RadixPartition(p, partitions, 8, stripes.get(p));
                h[p] = parts[p].histogram(0);
                carryIn[p] = carry;
                carry = RadixPartition.carryOut(carry, h[p]);
            }
            List<List<RadixPartition.Chunk>> inbox = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                inbox.add(new ArrayList<>());
            }
            for (int p = 0; p < partitions; p++) {
                for (RadixPartition.Chunk c : parts[p].permute(0, h[p], carryIn[p], carry)) {
                    inbox.get(c.destination()).add(reversed ? c.detached() : c);
                }
            }
            List<SortRecords> placed = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                if (reversed) {
                    Collections.reverse(inbox.get(q));
                }
                parts[q].receive(inbox.get(q));
                placed.add(parts[q].stripe().copyOfRange(0, parts[q].size()));
            }
            results.add(placed);
        }
        assertTrue(SortRecords.concat(results.get(0)).sameRecords(SortRecords.concat(results.get(1))));
    }

    @Test
    void rejectsAForeignHistogramAChunkForAnotherPartitionAndAPassPastTheKey() {
        SortRecords in = KeyGenerator.UNIFORM.generate(32, 100, false, 1);
        RadixPartition part = new RadixPartition(0, 2, 8, in.copyOfRange(0, 50));
        long[] h = part.histogram(0);
        long[] wrong = h.clone();
        int v = 0;
        while (wrong[v] == 0) {
            v++;
        }
        wrong[v]--;
        long[] total = h.clone();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> part.permute(0, wrong, new long[256], total));
        assertTrue(e.getMessage().contains("counts 49 keys, this stripe has 50"), e.getMessage());
        RadixPartition.Chunk[] chunks = part.permute(0, h, new long[256], RadixPartition.carryOut(h, h));
        e = assertThrows(IllegalArgumentException.class, () -> part.receive(List.of(chunks[1])));
        assertTrue(e.getMessage().contains("is for partition 1, not 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> part.histogram(4));
        assertEquals("pass 4 is not allowed: 32-bit keys in 8-bit digits have passes 0..3", e.getMessage());
    }
}
