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

    /**
     * The permutation that {@link #sortedOrder(long[], long[])} gives, for keys that are already runs in that
     * order: runs {@code runStart[r] .. runStart[r+1]-1}, merged pairwise (a pass of O(n) per doubling of the
     * runs' length) instead of sorted again. Throws if a run is out of order, naming it and the position.
     */
    public static int[] mergedOrder(long[] keys, long[] tieBreak, int[] runStart) {
        checkRuns(keys, tieBreak, runStart);
        int n = keys.length, runs = runStart.length - 1;
        int[] order = new int[n], scratch = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] bounds = runStart.clone();
        while (runs > 1) {
            int merged = (runs + 1) / 2;
            int[] next = new int[merged + 1];
            for (int r = 0; r < runs; r += 2) {
                int lo = bounds[r], mid = bounds[Math.min(r + 1, runs)], hi = bounds[Math.min(r + 2, runs)];
                merge(order, lo, mid, hi, scratch, keys, tieBreak);
                next[r / 2] = lo;
            }
            next[merged] = bounds[runs];
            int[] t = order;
            order = scratch;
            scratch = t;
            bounds = next;
            runs = merged;
        }
        return order;
    }

    /**
     * Throws unless each run {@code runStart[r] .. runStart[r+1]-1} is in (key, tie-break) order, naming the first
     * that is not.
     */
    public static void checkRuns(long[] keys, long[] tieBreak, int[] runStart) {
        int runs = runStart.length - 1;
        for (int r = 0; r < runs; r++) {
            for (int i = runStart[r] + 1; i < runStart[r + 1]; i++) {
                if (before(keys, tieBreak, i, i - 1)) {
                    throw new IllegalArgumentException("run " + r + " of " + runs + " is out of (key, tie-break) order"
                            + " at position " + (i - runStart[r]) + ": only runs already in order can be merged");
                }
            }
        }
    }

    /** {@code src[lo..mid)} and {@code src[mid..hi)} merged into {@code dst[lo..hi)}, the left run first on a tie. */
    private static void merge(int[] src, int lo, int mid, int hi, int[] dst, long[] keys, long[] tieBreak) {
        int a = lo, b = mid, out = lo;
        while (a < mid && b < hi) {
            dst[out++] = before(keys, tieBreak, src[b], src[a]) ? src[b++] : src[a++];
        }
        System.arraycopy(src, a, dst, out, mid - a);
        System.arraycopy(src, b, dst, out + mid - a, hi - b);
    }

    /** Whether element i comes strictly before element j: by key, then by tie-break (both signed). */
    private static boolean before(long[] keys, long[] tieBreak, int i, int j) {
        return keys[i] < keys[j] || keys[i] == keys[j] && tieBreak[i] < tieBreak[j];
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
