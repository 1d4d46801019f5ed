package io.stormsim.sort;

import java.util.Arrays;
import java.util.Comparator;

/** The trusted answer: records reordered by a library stable sort of their indices on the unsigned key. */
final class StableOracle {
    private StableOracle() {
    }

    static SortRecords sorted(SortRecords in) {
        Integer[] order = new Integer[in.size()];
        Arrays.setAll(order, i -> i);
        // Arrays.sort on objects is a merge sort (TimSort): stable, so equal keys keep their input order.
        Arrays.sort(order, Comparator.comparing(in::key, Long::compareUnsigned));
        SortRecords out = in.allocateLike(in.size());
        out.resize(in.size());
        for (int i = 0; i < order.length; i++) {
            in.copyTo(order[i], out, i, 1);
        }
        return out;
    }

    /** The keys alone in unsigned order, by a library sort of the keys with the sign bit flipped. */
    static int[] sortedUnsigned(int[] keys) {
        int[] s = keys.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] ^= Integer.MIN_VALUE;
        }
        Arrays.sort(s);
        for (int i = 0; i < s.length; i++) {
            s[i] ^= Integer.MIN_VALUE;
        }
        return s;
    }

    static long[] sortedUnsigned(long[] keys) {
        long[] s = keys.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(s);
        for (int i = 0; i < s.length; i++) {
            s[i] ^= Long.MIN_VALUE;
        }
        return s;
    }
}
