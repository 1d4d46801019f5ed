package io.stormsim.sort;

import java.util.Arrays;
import java.util.List;

/**
 * Where the partitioned sort cuts the sorted output: P - 1 splitters, each a record's (key, input index),
 * chosen from a regular sample of every partition's stripe. Record (key, index) goes to destination d, the
 * number of splitters at or below it in (unsigned key, index) order, so destination d receives one
 * contiguous range of the stable sorted order: sorting it locally gives exactly its part of the sequential
 * sort's output. The input index breaks ties, so a key held by most records (few distinct values, a hot
 * digit) is cut between destinations like any other: a destination's share is its sample's, within about
 * n / samples of n / P whatever the keys. Every partition chooses the same splitters from the same samples.
 */
public final class KeySplitters {
    /** Records a partition samples (its whole stripe if smaller). */
    public static final int SAMPLES = 4096;

    private final long[] keys;
    private final long[] indices;

    private KeySplitters(long[] keys, long[] indices) {
        this.keys = keys;
        this.indices = indices;
    }

    /** The splitters of one destination: every record goes to destination 0. */
    public static KeySplitters none() {
        return new KeySplitters(new long[0], new long[0]);
    }

    /** Destinations the splitters cut the records into. */
    public int destinations() {
        return keys.length + 1;
    }

    /**
     * A regular sample of {@code stripe}, whose first record is input record {@code firstIndex}: up to
     * {@link #SAMPLES} records spread evenly over it, as pairs (unsigned key, input index) in stripe order.
     */
    public static long[] sample(SortRecords stripe, long firstIndex) {
        int n = stripe.size(), s = Math.min(n, SAMPLES);
        long[] sample = new long[2 * s];
        for (int j = 0; j < s; j++) {
            int i = (int) ((long) j * n / s);
            sample[2 * j] = stripe.key(i);
            sample[2 * j + 1] = firstIndex + i;
        }
        return sample;
    }

    /**
     * The splitters into {@code destinations} ranges from the samples of all partitions, in partition order (so
     * in input order): splitter q is the sample of rank q * samples / destinations in (key, index) order.
     */
    public static KeySplitters choose(List<long[]> samples, int destinations) {
        if (destinations < 1) {
            throw new IllegalArgumentException("destinations = " + destinations + " is not allowed: need at least 1");
        }
        int total = 0;
        for (long[] s : samples) {
            total += s.length / 2;
        }
        if (destinations == 1) {
            return none();
        }
        if (total == 0) {
            // No records to cut: any splitters do; these send everything to the last destination.
            return new KeySplitters(new long[destinations - 1], new long[destinations - 1]);
        }
        // The keys alone in unsigned order (sign bit flipped); equal keys' indices come in input order from the samples.
        long[] sorted = new long[total];
        int at = 0;
        for (long[] s : samples) {
            for (int j = 0; j < s.length; j += 2) {
                sorted[at++] = s[j] ^ Long.MIN_VALUE;
            }
        }
        Arrays.sort(sorted);
        long[] keys = new long[destinations - 1], indices = new long[destinations - 1];
        for (int q = 1; q < destinations; q++) {
            int rank = (int) ((long) q * total / destinations);
            long key = sorted[rank] ^ Long.MIN_VALUE;
            int below = rank;
            while (below > 0 && sorted[below - 1] == sorted[rank]) {
                below--;
            }
            keys[q - 1] = key;
            indices[q - 1] = nthIndexOf(samples, key, rank - below);
        }
        return new KeySplitters(keys, indices);
    }

    /** The input index of the {@code nth} sampled record (from 0, in input order) whose key is {@code key}. */
    private static long nthIndexOf(List<long[]> samples, long key, int nth) {
        for (long[] s : samples) {
            for (int j = 0; j < s.length; j += 2) {
                if (s[j] == key && nth-- == 0) {
                    return s[j + 1];
                }
            }
        }
        throw new IllegalStateException("key " + Long.toUnsignedString(key) + " is sampled fewer times than its rank");
    }

    /** The destination of record (unsigned {@code key}, input {@code index}): for checks, not hot loops. */
    public int destination(long key, long index) {
        int d = 0;
        for (int j = 0; j < keys.length; j++) {
            int c = Long.compareUnsigned(key, keys[j]);
            d += c > 0 || (c == 0 && index >= indices[j]) ? 1 : 0;
        }
        return d;
    }

    /**
     * The splitters of 32-bit keys as (key << 31 | index): a record packed alike is at or above splitter j
     * when its packed value is at least {@code packed[j]} (input indices are below 2^31).
     */
    long[] packed32() {
        long[] packed = new long[keys.length];
        for (int j = 0; j < keys.length; j++) {
            packed[j] = keys[j] << 31 | indices[j];
        }
        return packed;
    }

    /** The splitters' keys with the sign bit flipped, for signed comparison in unsigned order. */
    long[] flippedKeys() {
        long[] flipped = new long[keys.length];
        for (int j = 0; j < keys.length; j++) {
            flipped[j] = keys[j] ^ Long.MIN_VALUE;
        }
        return flipped;
    }

    long[] indices() {
        return indices.clone();
    }

    /** Splitter {@code j}'s unsigned key. */
    long key(int j) {
        return keys[j];
    }

    /** Splitter {@code j}'s input index. */
    long index(int j) {
        return indices[j];
    }

    /**
     * Per top digit value t (the key's bits from {@code topShift} up, {@code topBits} of them) the splitter
     * whose key has that top digit, -1 where none has; null where two splitters share a top digit.
     */
    int[] cutsByTop(int topShift, int topBits) {
        int[] cuts = new int[1 << topBits];
        Arrays.fill(cuts, -1);
        for (int j = 0; j < keys.length; j++) {
            int top = (int) (keys[j] >>> topShift);
            if (cuts[top] >= 0) {
                return null;
            }
            cuts[top] = j;
        }
        return cuts;
    }

    /**
     * Per top digit value t (the key's bits from {@code topShift} up, {@code topBits} of them) the slot
     * {@code destination << topBits | t} of every key with that top digit, or -1 where a splitter's key has
     * that top digit, and the destination depends on the rest of the key and the index.
     */
    int[] slotsByTop(int topShift, int topBits) {
        int[] slots = new int[1 << topBits];
        for (int t = 0; t < slots.length; t++) {
            int d = 0;
            boolean cut = false;
            for (long k : keys) {
                long top = k >>> topShift;
                d += top < t ? 1 : 0;
                cut |= top == t;
            }
            slots[t] = cut ? -1 : d << topBits | t;
        }
        return slots;
    }
}
