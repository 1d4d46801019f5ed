package io.stormsim.sort;

/**
 * The loops of {@link RadixPartition#split}: each record's slot is (its destination by the {@link KeySplitters},
 * its top digit, the key's bits from {@code topShift} up), at {@code destination << topBits | top}, and each
 * record moves to its slot's next position, stably. Destinations are key ranges, so the slots in that order
 * are the top digits in order, with each splitter's top digit cut in two: a split writes as many streams as a
 * digit pass. Two ways, with the same result:
 * <ul>
 * <li>{@link #byTopDigit} (where every splitter has a top digit of its own and few keys share one, as
 * uniform keys do): counts the top digits alone, as a digit pass does, and only the keys sharing a
 * splitter's top digit compare key and index with it; those at or above it fill their digit's run from its
 * end, and that part is reversed afterwards, so no count of the cut is needed before the scatter;</li>
 * <li>{@link #count} then {@link #scatter} (otherwise): every key's slot is computed both ways, by the top
 * digit alone and by the splitters, and the one that applies selected without a branch, in each loop again.
 * A branch would cost little while few keys share a splitter's top digit and much once many do, at random
 * (few distinct keys, a hot digit: it then mispredicts).</li>
 * </ul>
 */
final class KeySplit {
    /**
     * A stripe is crowded when at least 1 key in this many shares a splitter's top digit. Measured on 5e6
     * 32-bit keys, 2 partitions, one thread, with a share of keys at the splitter's top digit: by the top
     * digit 9.3 ms at 1 in 32, 12.1 at 1 in 16, 17.9 at 1 in 8, 54.8 at 1 in 2 (each such key a branch that
     * mispredicts); by the slots 14.8-15.3 ms at every share.
     */
    static final int CROWDED = 10;
    /** Keys {@link #crowded} looks at, evenly spread over the stripe. */
    private static final int CROWD_SAMPLE = 1024;

    private KeySplit() {
    }

    /**
     * Adds to {@code slots} (a power of two long) the records of {@code stripe}, input records
     * {@code firstIndex ..}, per slot, and writes them to {@code dst} in slot order, stably, whichever way is
     * faster for the stripe. Measured on 5e6 32-bit keys, 2 partitions, one thread: uniform keys 6.9-7.4 ms by
     * the top digit, 15.1-15.6 by the slots (9.7-9.8 for both loops of the split before the top digit's way);
     * 16 distinct values 9.8-10.5 against 13.9-14.1; a hot top digit 50 against 15.6.
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

    /** Whether at least 1 in {@value #CROWDED} of an even sample of {@code stripe}'s keys shares a splitter's top digit. */
    static boolean crowded(SortRecords stripe, KeySplitters splitters, int topShift, int topBits) {
        int[] byTop = splitters.slotsByTop(topShift, topBits);
        int n = stripe.size(), sampled = Math.min(n, CROWD_SAMPLE), shared = 0;
        for (int j = 0; j < sampled; j++) {
            long key = stripe.key((int) ((long) j * n / sampled));
            shared += byTop[(int) (key >>> topShift) & byTop.length - 1] < 0 ? 1 : 0;
        }
        return sampled > 0 && (long) shared * CROWDED >= sampled;
    }

    /**
     * {@link #split} by the top digit, where {@code cuts} (from {@link KeySplitters#cutsByTop}) has every
     * splitter at a top digit of its own.
     */
    static void byTopDigit(SortRecords stripe, long firstIndex, KeySplitters splitters, int[] cuts, int topShift,
                           int topBits, SortRecords dst, int[] slots) {
        int n = stripe.size(), top = 1 << topBits;
        int[] runs = new int[top];
        if (stripe.keyBits() == 32) {
            countTops(stripe.intKeys(), n, topShift, runs);
        } else {
            countTops(stripe.longKeys(), n, topShift, runs);
        }
        int[] front = new int[top], back = new int[top];
        for (int t = 0, sum = 0; t < top; t++) {
            front[t] = sum;
            sum += runs[t];
            back[t] = sum;
        }
        int[] firsts = front.clone();
        long[] pay = stripe.payloads(), dstPay = dst.payloads();
        if (stripe.keyBits() == 32) {
            int[] out = dst.intKeys();
            scatterByTop(stripe.intKeys(), pay, n, firstIndex, topShift, cuts, splitters.packed32(), out, dstPay,
                    front, back);
        } else {
            long[] out = dst.longKeys();
            scatterByTop(stripe.longKeys(), pay, n, firstIndex, topShift, cuts, splitters.flippedKeys(),
                    splitters.indices(), out, dstPay, front, back);
        }
        for (int t = 0, below = 0; t < top; t++) {
            int j = cuts[t];
            if (j < 0) {
                slots[below << topBits | t] += runs[t];
                continue;
            }
            int under = front[t] - firsts[t];
            slots[j << topBits | t] += under;
            slots[(j + 1) << topBits | t] += runs[t] - under;
            reverse(dst, front[t], firsts[t] + runs[t]);
            below = j + 1;
        }
    }

    private static void countTops(int[] keys, int n, int topShift, int[] runs) {
        int mask = runs.length - 1;
        for (int i = 0; i < n; i++) {
            runs[keys[i] >>> topShift & mask]++;
        }
    }

    private static void countTops(long[] keys, int n, int topShift, int[] runs) {
        int mask = runs.length - 1;
        for (int i = 0; i < n; i++) {
            runs[(int) (keys[i] >>> topShift) & mask]++;
        }
    }

    // front[t] is the next position of top digit t from the start of its run, back[t] one past the next from
    // its end; only records at or above the splitter cutting t take the back.

    private static void scatterByTop(int[] keys, long[] pay, int n, long firstIndex, int topShift, int[] cuts,
                                     long[] packed, int[] out, long[] outPay, int[] front, int[] back) {
        int mask = cuts.length - 1;
        for (int i = 0; i < n; i++) {
            int k = keys[i], t = k >>> topShift & mask, j = cuts[t];
            int to = j < 0 || atOrAbove(packed[j], k, firstIndex + i) == 0 ? front[t]++ : --back[t];
            out[to] = k;
            if (pay != null) {
                outPay[to] = pay[i];
            }
        }
    }

    private static void scatterByTop(long[] keys, long[] pay, int n, long firstIndex, int topShift, int[] cuts,
                                     long[] flipped, long[] indices, long[] out, long[] outPay, int[] front,
                                     int[] back) {
        int mask = cuts.length - 1;
        for (int i = 0; i < n; i++) {
            long k = keys[i];
            int t = (int) (k >>> topShift) & mask, j = cuts[t];
            int to = j < 0 || !atOrAbove(flipped[j], indices[j], k, firstIndex + i) ? front[t]++ : --back[t];
            out[to] = k;
            if (pay != null) {
                outPay[to] = pay[i];
            }
        }
    }

    /** Reverses records {@code from .. to-1} of {@code r}. */
    private static void reverse(SortRecords r, int from, int to) {
        long[] pay = r.payloads();
        for (int a = from, b = to - 1; a < b; a++, b--) {
            long key = r.key(a);
            r.setKey(a, r.key(b));
            r.setKey(b, key);
            if (pay != null) {
                long p = pay[a];
                pay[a] = pay[b];
                pay[b] = p;
            }
        }
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
