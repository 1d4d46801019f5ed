package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The radix sort agrees with a comparison sort. The reference sorts boxed indices with a comparator;
 * Arrays.sort on objects is stable (TimSort), so the reference is the one stable order and the
 * permutations must be identical, not merely sort the keys.
 */
class KeyOrderTest {

    private static int[] referenceOrder(long[] keys, Comparator<Integer> byKey) {
        Integer[] idx = IntStream.range(0, keys.length).boxed().toArray(Integer[]::new);
        Arrays.sort(idx, byKey);
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    private static int[] referenceOrder(long[] keys) {
        return referenceOrder(keys, Comparator.comparingLong(i -> keys[i]));
    }

    /**
     * Random keys drawn from a small pool (so many duplicates) of full-range signed longs, with the
     * extremes and values near zero that differ in sign but not in their low digits.
     */
    private static long[] keysWithDuplicates(SplittableRandom rnd, int n, int distinct) {
        long[] pool = new long[distinct];
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, 0xFFFFL, -0x10000L, 0x10000L, Long.MIN_VALUE + 1};
        for (int i = 0; i < distinct; i++) {
            pool[i] = i < special.length ? special[i] : rnd.nextLong();
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = pool[rnd.nextInt(distinct)];
        }
        return keys;
    }

    @ParameterizedTest(name = "{0} distinct keys")
    @ValueSource(ints = {1, 2, 10, 300, 100_000})
    void matchesAStableComparisonSort(int distinct) {
        SplittableRandom rnd = new SplittableRandom(distinct);
        long[] keys = keysWithDuplicates(rnd, 20_000, distinct);
        assertArrayEquals(referenceOrder(keys), KeyOrder.sortedOrder(keys));
    }

    @Test
    void matchesWhenKeysDifferOnlyInSomeDigits() {
        // Passes whose 16-bit digit is the same for all keys are skipped; the others must still be right.
        SplittableRandom rnd = new SplittableRandom(5);
        long[][] cases = new long[4][5000];
        for (int i = 0; i < 5000; i++) {
            cases[0][i] = (long) rnd.nextInt(1 << 16) << 48;            // top digit only: sign changes
            cases[1][i] = 0x1234_0000_0000_0000L | rnd.nextInt(1 << 16); // low digit only
            cases[2][i] = (long) rnd.nextInt(1 << 16) << 16 | 7L << 48;  // second digit only
            cases[3][i] = rnd.nextInt(-3, 3);                            // -3..2: sign spreads to every digit
        }
        for (long[] keys : cases) {
            assertArrayEquals(referenceOrder(keys), KeyOrder.sortedOrder(keys));
        }
    }

    @Test
    void equalKeysKeepTheirInputOrder() {
        long[] keys = keysWithDuplicates(new SplittableRandom(9), 10_000, 5);
        int[] order = KeyOrder.sortedOrder(keys);
        for (int i = 1; i < order.length; i++) {
            long a = keys[order[i - 1]], b = keys[order[i]];
            assertTrue(a < b || (a == b && order[i - 1] < order[i]),
                    "positions " + (i - 1) + ", " + i + ": keys " + a + ", " + b + ", indices "
                            + order[i - 1] + ", " + order[i]);
        }
    }

    @Test
    void emptyAndSingleKey() {
        assertArrayEquals(new int[0], KeyOrder.sortedOrder(new long[0]));
        assertArrayEquals(new int[] {0}, KeyOrder.sortedOrder(new long[] {-42}));
        assertArrayEquals(new int[0], KeyOrder.sortedOrder(new long[0], new long[0]));
    }

    @ParameterizedTest(name = "{0} distinct keys")
    @ValueSource(ints = {1, 7, 1000})
    void tieBreakOrdersEqualKeys(int distinct) {
        SplittableRandom rnd = new SplittableRandom(100 + distinct);
        int n = 5000;
        long[] keys = keysWithDuplicates(rnd, n, distinct);
        // Tie-breaks with repeats and negatives too, so stability among equal (key, tie) pairs is checked.
        long[] tie = new long[n];
        for (int i = 0; i < n; i++) {
            tie[i] = rnd.nextInt(-50, 50);
        }
        Comparator<Integer> byKeyThenTie = Comparator.<Integer>comparingLong(i -> keys[i])
                .thenComparingLong(i -> tie[i]);
        assertArrayEquals(referenceOrder(keys, byKeyThenTie), KeyOrder.sortedOrder(keys, tie));
    }

    @Test
    void uniqueTieBreaksGiveTheSameOrderWhateverTheInputOrder() {
        // The decomposition relies on this: bodies sorted by (key, id) in any partition agree.
        SplittableRandom rnd = new SplittableRandom(77);
        int n = 3000;
        long[] keys = keysWithDuplicates(rnd, n, 40);
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i * 7919L % n - 1000;
        }
        int[] perm = IntStream.range(0, n).toArray();
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        long[] keys2 = new long[n], ids2 = new long[n];
        for (int i = 0; i < n; i++) {
            keys2[i] = keys[perm[i]];
            ids2[i] = ids[perm[i]];
        }
        int[] a = KeyOrder.sortedOrder(keys, ids), b = KeyOrder.sortedOrder(keys2, ids2);
        for (int i = 0; i < n; i++) {
            assertTrue(ids[a[i]] == ids2[b[i]] && keys[a[i]] == keys2[b[i]], "position " + i);
        }
    }

    /**
     * Runs already in (key, tie-break) order, cut from random keys with duplicates and repeated tie-breaks (so
     * equal pairs across runs too), empty runs among them: their merge is the permutation of a stable
     * comparison sort by key then tie-break, which is what {@code sortedOrder(keys, tieBreak)} gives.
     */
    @ParameterizedTest(name = "{0} runs")
    @ValueSource(ints = {1, 2, 3, 5, 16})
    void mergedRunsGiveTheSortedOrder(int runs) {
        SplittableRandom rnd = new SplittableRandom(runs);
        int n = 12_000;
        long[] raw = keysWithDuplicates(rnd, n, 40), rawTie = new long[n];
        for (int i = 0; i < n; i++) {
            rawTie[i] = rnd.nextInt(50) - 25;
        }
        int[] cuts = rnd.ints(runs - 1, 0, n + 1).sorted().toArray();
        int[] runStart = new int[runs + 1];
        System.arraycopy(cuts, 0, runStart, 1, runs - 1);
        runStart[runs] = n;
        if (runs >= 3) {
            runStart[2] = runStart[1]; // an empty run between two others
        }
        long[] keys = new long[n], tie = new long[n];
        for (int r = 0; r < runs; r++) {
            int from = runStart[r], to = runStart[r + 1];
            int[] inRun = referenceOrder(Arrays.copyOfRange(raw, from, to), Comparator.<Integer>comparingLong(
                    i -> raw[from + i]).thenComparingLong(i -> rawTie[from + i]));
            for (int i = 0; i < inRun.length; i++) {
                keys[from + i] = raw[from + inRun[i]];
                tie[from + i] = rawTie[from + inRun[i]];
            }
        }
        int[] expected = referenceOrder(keys, Comparator.<Integer>comparingLong(i -> keys[i])
                .thenComparingLong(i -> tie[i]));
        assertArrayEquals(expected, KeyOrder.mergedOrder(keys, tie, runStart));
        assertArrayEquals(expected, KeyOrder.sortedOrder(keys, tie));
    }

    @Test
    void aRunOutOfOrderIsRefusedByName() {
        long[] keys = {1, 2, 3, 5, 4, 6}, tie = new long[6];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeyOrder.mergedOrder(keys, tie, new int[] {0, 2, 6}));
        assertEquals("run 1 of 2 is out of (key, tie-break) order at position 2: only runs already in order can be"
                + " merged", e.getMessage());
        long[] tied = {1, 1}, ties = {2, 1};
        assertThrows(IllegalArgumentException.class, () -> KeyOrder.checkRuns(tied, ties, new int[] {0, 2}),
                "equal keys out of tie-break order");
    }
}
