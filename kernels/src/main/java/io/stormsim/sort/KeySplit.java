package io.stormsim.sort;

import io.stormsim.run.VectorApi;

/**
 * The loops of {@link RadixPartition#split}: each record's slot is (its destination by the {@link KeySplitters},
 * its top digit, the key's bits from {@code topShift} up), at {@code destination << topBits | top}, and each
 * record moves to its slot's next position, stably. Destinations are key ranges, so the slots in that order
 * are the top digits in order, with each splitter's top digit cut in two: a split writes as many streams as a
 * digit pass. Two ways, with the same result:
 * <ul>
 * <li>{@link #byTopDigit} (where every splitter has a top digit of its own, unless half the keys or more share
 * one): a plain top digit pass, then each splitter's digit's run, in input order, cut stably in two without a
 * branch on the comparison; no key outside those runs is compared with a splitter;</li>
 * <li>{@link #count} then {@link #scatter} (otherwise): every key's slot is computed both ways, by the top
 * digit alone and by the splitters, and the one that applies selected without a branch, in each loop again.</li>
 * </ul>
 * Measured on 5e6 32-bit keys, 2 partitions, one thread, a share of the keys at the splitter's top digit and
 * the rest uniform: by the top digit 8.2 ms at 1/16, 10.9 at 1/4, 15.3 at 1/2 (and, with the cut written
 * for each key width, 19.1 at 0.7, 23.8 at 0.9: the pass's counter of one crowded digit is a chain of
 * increments through memory); by the slots 15.2-16.2 at every share. Before the top digit's way, every split
 * took the slots' way's two loops: 9.7-9.8 ms on uniform keys (with a branch on each key's top digit).
 */
final class KeySplit {
    /**
     * A stripe is crowded, and split by the slots, when at least this share of its keys shares a splitter's top
     * digit (measured above: the ways cross at about 1/2).
     */
    static final double CROWDED = 0.5;
    /** Keys {@link #crowded} looks at, evenly spread over the stripe. */
    private static final int CROWD_SAMPLE = 1024;

    private KeySplit() {
    }

    /**
     * Adds to {@code slots} (a power of two long) the records of {@code stripe}, input records
     * {@code firstIndex ..}, per slot, and writes them to {@code dst} in slot order, stably, whichever way is
     * faster for the stripe.
     */
    static void split(SortRecords stripe, long firstIndex, KeySplitters splitters, int topShift, int topBits,
                      SortRecords dst, int[] slots) {
        int[] cuts = splitters.cutsByTop(topShift, topBits);
        if (cuts != null && !crowded(stripe, splitters, topShift, topBits)) {
            byTopDigit(stripe, firstIndex, splitters, cuts, topShift, topBits, dst, slots);
            return;
        }
        count(stripe, firstIndex, splitters, topShift, topBits, slots);
        int[] next = new int[slots.length];
        for (int slot = 0, sum = 0; slot < slots.length; slot++) {
            next[slot] = sum;
            sum += slots[slot];
        }
        scatter(stripe, firstIndex, splitters, topShift, topBits, dst, next);
    }

    /** Whether at least a share {@value #CROWDED} of an even sample of {@code stripe}'s keys shares a splitter's top digit. */
    static boolean crowded(SortRecords stripe, KeySplitters splitters, int topShift, int topBits) {
        int[] byTop = splitters.slotsByTop(topShift, topBits);
        int n = stripe.size(), sampled = Math.min(n, CROWD_SAMPLE), shared = 0;
        for (int j = 0; j < sampled; j++) {
            long key = stripe.key((int) ((long) j * n / sampled));
            shared += byTop[(int) (key >>> topShift) & byTop.length - 1] < 0 ? 1 : 0;
        }
        return sampled > 0 && shared >= CROWDED * sampled;
    }

    /**
     * {@link #split} by the top digit, where {@code cuts} (from {@link KeySplitters#cutsByTop}) has every
     * splitter at a top digit of its own: a top digit pass, then each cut digit's run split stably in place.
     */
    static void byTopDigit(SortRecords stripe, long firstIndex, KeySplitters splitters, int[] cuts, int topShift,
                           int topBits, SortRecords dst, int[] slots) {
        int n = stripe.size(), top = 1 << topBits;
        int[] runs = new int[top], next = new int[top];
        RadixSort.count(stripe, 0, n, topShift, topBits, 1, runs);
        for (int t = 0, sum = 0; t < top; t++) {
            next[t] = sum;
            sum += runs[t];
        }
        RadixSort.scatter(new SortRecords[] {stripe}, new int[] {0}, new int[] {n}, 1, dst, topShift, next.clone());
        for (int t = 0, below = 0; t < top; t++) {
            int j = cuts[t];
            if (j < 0) {
                slots[below << topBits | t] += runs[t];
                continue;
            }
            long key = splitters.key(j), index = splitters.index(j);
            // The run holds the stripe's records of digit t in input order; its records of the splitter's key
            // below the splitter's index are those before the splitter's position in the stripe, counted only
            // when that lies inside the stripe.
            int equalBelow = index <= firstIndex ? 0 : index >= firstIndex + n ? Integer.MAX_VALUE
                    : equalKeys(stripe, (int) (index - firstIndex), key, VectorApi.PRESENT);
            int under = cut(dst, next[t], runs[t], key, equalBelow);
            slots[j << topBits | t] += under;
            slots[(j + 1) << topBits | t] += runs[t] - under;
            below = j + 1;
        }
    }

    /**
     * Records among the first {@code count} of {@code r} whose key is {@code key}: the stripe holding a splitter
     * counts up to its whole length, a vector at a time where the JVM has the Vector API (one at a time, 2.7 ms
     * of a 5e6-key split of 16 distinct values; 0.6 ms so).
     */
    static int equalKeys(SortRecords r, int count, long key, boolean vectors) {
        return vectors ? VectorKeys.equal(r, count, key) : equalKeys(r, 0, count, key);
    }

    /** Records {@code from .. to-1} of {@code r} whose key is the unsigned {@code key}, one at a time. */
    static int equalKeys(SortRecords r, int from, int to, long key) {
        int equal = 0;
        for (int i = from; i < to; i++) {
            equal += r.key(i) == key ? 1 : 0;
        }
        return equal;
    }

    /**
     * Splits records {@code from .. from+m-1} of {@code r} (in input order) stably in place: first those below
     * the splitter (unsigned key {@code key}, of whose records the first {@code equalBelow} are below it), then
     * those at or above it; returns how many are below. Each record is written to both sides and only one side's
     * count advances, without a branch on the comparison, which is at random for keys that differ from the
     * splitter's.
     */
    private static int cut(SortRecords r, int from, int m, long key, int equalBelow) {
        SortRecords above = r.allocateLike(m);
        long[] pay = r.payloads(), abovePay = above.payloads();
        int kept = from, moved = 0;
        for (int i = from, end = from + m, equal = 0; i < end; i++) {
            long k = r.key(i);
            int same = k == key ? 1 : 0;
            int at = Long.compareUnsigned(k, key) > 0 | equal >= equalBelow & same == 1 ? 1 : 0;
            equal += same;
            above.setKey(moved, k);
            r.setKey(kept, k);
            if (pay != null) {
                abovePay[moved] = pay[i];
                pay[kept] = pay[i];
            }
            moved += at;
            kept += 1 - at;
        }
        above.copyTo(0, r, kept, moved);
        return kept - from;
    }

    /** Adds to {@code slots} (a power of two long) the records of {@code stripe}, input records {@code firstIndex ..}, per slot. */
    static void count(SortRecords stripe, long firstIndex, KeySplitters splitters, int topShift, int topBits,
                      int[] slots) {
        int n = stripe.size(), under = slots.length - 1;
        if (stripe.keyBits() == 32) {
            int[] keys = stripe.intKeys();
            long[] packed = splitters.packed32();
            int[] byTop = splitters.slotsByTop(topShift, topBits);
            for (int i = 0; i < n; i++) {
                slots[slot(keys[i], firstIndex + i, byTop, topShift, topBits, packed) & under]++;
            }
        } else {
            long[] keys = stripe.longKeys();
            long[] flipped = splitters.flippedKeys(), indices = splitters.indices();
            int[] byTop = splitters.slotsByTop(topShift, topBits);
            for (int i = 0; i < n; i++) {
                slots[slot(keys[i], firstIndex + i, byTop, topShift, topBits, flipped, indices) & under]++;
            }
        }
    }

    /** Moves each record of {@code stripe} to {@code next[its slot]} of {@code dst}, which then advances. */
    static void scatter(SortRecords stripe, long firstIndex, KeySplitters splitters, int topShift, int topBits,
                        SortRecords dst, int[] next) {
        int[] at = next.clone();
        int n = stripe.size(), under = at.length - 1;
        long[] pay = stripe.payloads(), dstPay = dst.payloads();
        if (stripe.keyBits() == 32) {
            int[] keys = stripe.intKeys(), out = dst.intKeys();
            long[] packed = splitters.packed32();
            int[] byTop = splitters.slotsByTop(topShift, topBits);
            for (int i = 0; i < n; i++) {
                int k = keys[i];
                int to = at[slot(k, firstIndex + i, byTop, topShift, topBits, packed) & under]++;
                out[to] = k;
                if (pay != null) {
                    dstPay[to] = pay[i];
                }
            }
        } else {
            long[] keys = stripe.longKeys(), out = dst.longKeys();
            long[] flipped = splitters.flippedKeys(), indices = splitters.indices();
            int[] byTop = splitters.slotsByTop(topShift, topBits);
            for (int i = 0; i < n; i++) {
                long k = keys[i];
                int to = at[slot(k, firstIndex + i, byTop, topShift, topBits, flipped, indices) & under]++;
                out[to] = k;
                if (pay != null) {
                    dstPay[to] = pay[i];
                }
            }
        }
    }

    /**
     * The slot of the 32-bit record (key, index) by its top digit and by the splitters, the one that applies (the
     * splitters' where one shares the top digit) selected without a branch.
     */
    private static int slot(int key, long index, int[] byTop, int topShift, int topBits, long[] packed) {
        int t = key >>> topShift & byTop.length - 1, s = byTop[t], shared = s >> 31;
        return s & ~shared | (destination(packed, key, index) << topBits | t) & shared;
    }

    /** The slot of the 64-bit record (key, index), as {@link #slot(int, long, int[], int, int, long[])}. */
    private static int slot(long key, long index, int[] byTop, int topShift, int topBits, long[] flipped, long[] indices) {
        int t = (int) (key >>> topShift) & byTop.length - 1, s = byTop[t], shared = s >> 31;
        return s & ~shared | (destination(flipped, indices, key, index) << topBits | t) & shared;
    }

    /** Splitters at or below the 32-bit record (key, index), packed as {@link KeySplitters#packed32}. */
    private static int destination(long[] packed, int key, long index) {
        // One splitter without the loop: with it, the split of 5e6 uniform keys by the slots took 24.6 ms, not 15.3.
        if (packed.length == 1) {
            return atOrAbove(packed[0], key, index);
        }
        int d = 0;
        for (long s : packed) {
            d += atOrAbove(s, key, index);
        }
        return d;
    }

    /**
     * 1 if the 32-bit record (key, index) is at or above the splitter packed as {@link KeySplitters#packed32},
     * else 0: both packed values lie in 0 .. 2^63-1, so {@code splitter - record - 1} is negative exactly then.
     */
    private static int atOrAbove(long packedSplitter, int key, long index) {
        return (int) ((packedSplitter - ((key & 0xFFFF_FFFFL) << 31 | index) - 1) >>> 63);
    }

    /** Splitters at or below the 64-bit record (key, index); {@code flipped} are their keys with the sign bit flipped. */
    private static int destination(long[] flipped, long[] indices, long key, long index) {
        int d = 0;
        for (int j = 0; j < flipped.length; j++) {
            d += atOrAbove(flipped[j], indices[j], key, index) ? 1 : 0;
        }
        return d;
    }

    private static boolean atOrAbove(long flippedKey, long splitterIndex, long key, long index) {
        long k = key ^ Long.MIN_VALUE;
        return k > flippedKey | k == flippedKey & index >= splitterIndex;
    }
}
