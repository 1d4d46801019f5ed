package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
    void partitionsKeptAcrossJobsOfOtherKindsAndSizesStillEqualTheSequentialKernel() {
        // the buffers a partition keeps (its pool, its bucket scratch) must serve jobs of any kind and size after
        // each other, growing and shrinking, as a topology's bolts serve their jobs
        RadixPartition[] parts = {new RadixPartition(0, 3, 8), new RadixPartition(1, 3, 8), new RadixPartition(2, 3, 8)};
        Object[][] jobs = {{KeyGenerator.UNIFORM, 32, false, 30_011}, {KeyGenerator.HOT_DIGIT, 64, true, 20_011},
                {KeyGenerator.FEW_DISTINCT, 32, true, 50_021}, {KeyGenerator.UNIFORM, 64, false, 5_003},
                {KeyGenerator.REVERSED, 32, false, 70_001}, {KeyGenerator.UNIFORM, 32, false, 1_009}};
        for (int job = 0; job < jobs.length; job++) {
            KeyGenerator g = (KeyGenerator) jobs[job][0];
            int keyBits = (int) jobs[job][1], n = (int) jobs[job][3];
            SortRecords in = g.generate(keyBits, n, (boolean) jobs[job][2], job);
            SortRecords expected = in.copyOfRange(0, n);
            new RadixSort(8).sort(expected);
            List<SortRecords> out = InProcessRadixSort.sort(unevenStripes(in, 3, job), parts);
            assertTrue(expected.sameRecords(SortRecords.concat(out)), "job " + job + ": " + g + ", " + in);
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

    /** Every stripe at most {@link KeySplitters#SAMPLES}: the whole input is sampled, so the cuts are exact. */
    @Test
    void rangesAreBalancedWhateverTheKeysEvenWhenOneKeyHoldsThemAll() {
        long[] same = new long[4_001];
        java.util.Arrays.fill(same, 0xDEAD_BEEF_0000_0001L);
        List<SortRecords> inputs = List.of(KeyGenerator.HOT_DIGIT.generate(32, 4_001, true, 5),
                KeyGenerator.FEW_DISTINCT.generate(64, 4_001, false, 6), KeyGenerator.SORTED.generate(32, 4_001, false, 7),
                SortRecords.ofLongs(same, new SplittableRandom(1).longs(same.length).toArray()));
        for (SortRecords in : inputs) {
            for (int partitions : PARTITIONS) {
                List<SortRecords> stripes = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    stripes.add(in.copyOfRange((int) RadixPartition.rangeStart(in.size(), partitions, p),
                            (int) RadixPartition.rangeStart(in.size(), partitions, p + 1)));
                }
                List<SortRecords> out = InProcessRadixSort.sort(stripes, 8);
                assertTrue(StableOracle.sorted(in).sameRecords(SortRecords.concat(out)), in + ", " + partitions);
                for (int q = 0; q < partitions; q++) {
                    long expected = (long) (q + 1) * in.size() / partitions - (long) q * in.size() / partitions;
                    assertEquals(expected, out.get(q).size(), in + ": partition " + q + " of " + partitions);
                }
            }
        }
    }

    /**
     * Keys that put the splitters where the split's top-digit lookup cannot decide: all equal, two values,
     * one top digit for every key, and a few values sharing a top digit (so some keys equal a splitter's and
     * others share only its top digit). Stripes larger than the sample, so the splitters are sampled records
     * and cut runs of equal keys by input index; the payload is the input index, so stability shows.
     */
    @Test
    void keysCrowdingTheSplittersTopDigitEqualTheStableOracle() {
        int n = 3 * KeySplitters.SAMPLES + 1_001;
        SplittableRandom random = new SplittableRandom(17);
        long[][] choices = {
            {0xAB12_3456L},
            {0x0000_0007L, 0xFFFF_FFF0L},
            {0xAB00_0000L, 0xAB00_0001L, 0xABFF_0000L, 0xAB7F_FFFFL, 0x1234_5678L},
        };
        for (int keyBits : new int[] {32, 64}) {
            List<long[]> inputs = new ArrayList<>();
            for (long[] values : choices) {
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) {
                    long v = values[random.nextInt(values.length)];
                    keys[i] = keyBits == 32 ? v : v << 32 | v;
                }
                inputs.add(keys);
            }
            long[] oneTop = new long[n];
            for (int i = 0; i < n; i++) {
                long k = random.nextLong();
                oneTop[i] = keyBits == 32 ? 0xC500_0000L | k & 0x00FF_FFFFL : 0xC500_0000_0000_0000L | k >>> 8;
            }
            inputs.add(oneTop);
            for (long[] keys : inputs) {
                long[] index = new long[n];
                java.util.Arrays.setAll(index, i -> i);
                SortRecords in;
                if (keyBits == 32) {
                    int[] ints = new int[n];
                    java.util.Arrays.setAll(ints, i -> (int) keys[i]);
                    in = SortRecords.ofInts(ints, index);
                } else {
                    in = SortRecords.ofLongs(keys, index);
                }
                SortRecords expected = StableOracle.sorted(in);
                for (int partitions : PARTITIONS) {
                    List<SortRecords> stripes = new ArrayList<>();
                    for (int p = 0; p < partitions; p++) {
                        stripes.add(in.copyOfRange((int) RadixPartition.rangeStart(n, partitions, p),
                                (int) RadixPartition.rangeStart(n, partitions, p + 1)));
                    }
                    String what = keyBits + "-bit keys from " + Long.toHexString(keys[0]) + ".., " + partitions
                            + " partitions";
                    assertTrue(expected.sameRecords(SortRecords.concat(InProcessRadixSort.sort(stripes, 8))), what);
                    assertSameAsSequential(in, partitions, 8, what + ", uneven stripes");
                }
            }
        }
    }

    /** Random stripes larger than the sample: each range within a few percent of n / P. */
    @Test
    void sampledRangesOfALargeInputAreNearlyBalanced() {
        int n = 200_000;
        for (KeyGenerator g : new KeyGenerator[] {KeyGenerator.UNIFORM, KeyGenerator.HOT_DIGIT, KeyGenerator.FEW_DISTINCT}) {
            SortRecords in = g.generate(32, n, false, 3);
            List<SortRecords> out = InProcessRadixSort.sort(unevenStripes(in, 2, 4), 8);
            assertTrue(Math.abs(out.get(0).size() - n / 2) < n / 50, g + ": " + out.get(0).size() + " of " + n);
        }
    }

    @Test
    void aChunkFromTheWrongSenderOrWithWrongCountsIsRefused() {
        SortRecords in = KeyGenerator.UNIFORM.generate(32, 100, false, 2);
        RadixPartition a = new RadixPartition(0, 2, 8), b = new RadixPartition(1, 2, 8);
        KeySplitters splitters = KeySplitters.choose(List.of(KeySplitters.sample(in, 0)), 2);
        RadixPartition.Chunk[] fromA = a.split(in, 0, splitters), fromB = b.split(in, 0, splitters);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> b.sort(List.of(fromB[1], fromA[1])));
        assertTrue(e.getMessage().startsWith("chunk from partition 1 to 1 arrived at partition 1 as chunk 0"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.sort(List.of(fromA[0], fromB[1])));
        assertTrue(e.getMessage().startsWith("chunk from partition 0 to 0 arrived at partition 1"), e.getMessage());
        RadixPartition.Chunk c = fromA[0];
        RadixPartition.Chunk wrongCounts = new RadixPartition.Chunk(0, 0, c.records(), c.from(), c.count() + 1,
                c.digitCounts(), null);
        e = assertThrows(IllegalArgumentException.class, () -> a.sort(List.of(wrongCounts, fromB[0])));
        assertTrue(e.getMessage().contains("do not add up to its " + (c.count() + 1) + " records"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> a.split(in, 0, KeySplitters.none()));
        assertEquals("1 destinations for 2 partitions: need one splitter fewer than partitions", e.getMessage());
    }
}
