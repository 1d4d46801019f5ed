package io.stormsim.nbody;

/**
 * Stable orderings of long keys by LSD radix sort (16-bit digits, passes whose digit is constant are
 * skipped). Returns permutations so that several parallel arrays can be reordered by one sort.
 */
public final class KeyOrder {
    private static final int DIGIT_BITS = 16;
    private static final int RADIX = 1 << DIGIT_BITS;

    private KeyOrder() {
    }

    /** The permutation that orders {@code keys} ascending (signed), stable. */
    public static int[] sortedOrder(long[] keys) {
        int n = keys.length;
        int[] order = new int[n];
        int[] scratch = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] count = new int[RADIX];
        for (int shift = 0; shift < 64; shift += DIGIT_BITS) {
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[digit(keys[i], shift)]++;
            }
            if (n == 0 || count[digit(keys[0], shift)] == n) {
                continue;
            }
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int idx = order[i];
                scratch[count[digit(keys[idx], shift)]++] = idx;
            }
            int[] t = order;
            order = scratch;
            scratch = t;
        }
        return order;
    }

    /** The permutation ordering by {@code keys}, equal keys by {@code tieBreak}: a total order when tie-breaks are unique. */
    public static int[] sortedOrder(long[] keys, long[] tieBreak) {
        int[] order = sortedOrder(keys);
        int n = order.length;
        int runStart = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || keys[order[i]] != keys[order[runStart]]) {
                if (i - runStart > 1) {
                    insertionSortByTie(order, runStart, i, tieBreak);
                }
                runStart = i;
            }
        }
        return order;
    }

    private static void insertionSortByTie(int[] order, int from, int to, long[] tieBreak) {
        for (int i = from + 1; i < to; i++) {
            int v = order[i];
            int j = i - 1;
            while (j >= from && tieBreak[order[j]] > tieBreak[v]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = v;
        }
    }

    private static int digit(long key, int shift) {
        return (int) (((key ^ Long.MIN_VALUE) >>> shift) & (RADIX - 1));
    }
}
