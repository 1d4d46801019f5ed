package io.stormsim.sort;

/**
 * The loops of {@link RadixPartition#split}: each record's slot is (its destination by the {@link KeySplitters},
 * its top digit, the key's bits from {@code topShift} up), at {@code destination << topBits | top};
 * {@link #count} counts the slots, {@link #scatter} moves each record to its slot's next position, stably.
 * Destinations are key ranges, so only about 2^topBits + destinations - 1 slots are ever used: the scatter
 * writes as many streams as a digit pass. The slot of a key whose top digit no splitter has is looked up by
 * the top digit alone; only keys sharing a splitter's top digit compare key and index with the splitters
 * (without branches: such a record goes either way), in each loop again rather than stored between them.
 */
final class KeySplit {
    private KeySplit() {
    }

    /** Adds to {@code slots} (a power of two long) the records of {@code stripe}, input records {@code firstIndex ..}, per slot. */
    static void count(SortRecords stripe, long firstIndex, KeySplitters splitters, int topShift, int topBits, int[] slots) {
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

    /** The slot of the 32-bit record (key, index): by its top digit, or by the splitters where one shares it. */
    private static int slot(int key, long index, int[] byTop, int topShift, int topBits, long[] packed) {
        int t = key >>> topShift & byTop.length - 1, s = byTop[t];
        return s >= 0 ? s : destination(packed, key, index) << topBits | t;
    }

    /** The slot of the 64-bit record (key, index), as {@link #slot(int, long, int[], int, int, long[])}. */
    private static int slot(long key, long index, int[] byTop, int topShift, int topBits, long[] flipped, long[] indices) {
        int t = (int) (key >>> topShift) & byTop.length - 1, s = byTop[t];
        return s >= 0 ? s : destination(flipped, indices, key, index) << topBits | t;
    }

    /**
     * Splitters at or below the 32-bit record (key, index), packed as {@link KeySplitters#packed32}: both
     * values lie in 0 .. 2^63-1, so {@code splitter - record - 1} is negative exactly when the record is at or
     * above the splitter.
     */
    private static int destination(long[] packed, int key, long index) {
        long record = (key & 0xFFFF_FFFFL) << 31 | index;
        if (packed.length == 1) {
            return (int) ((packed[0] - record - 1) >>> 63);
        }
        int d = 0;
        for (long s : packed) {
            d += (int) ((s - record - 1) >>> 63);
        }
        return d;
    }

    /** Splitters at or below the 64-bit record (key, index); {@code flipped} are their keys with the sign bit flipped. */
    private static int destination(long[] flipped, long[] indices, long key, long index) {
        long k = key ^ Long.MIN_VALUE;
        int d = 0;
        for (int j = 0; j < flipped.length; j++) {
            d += k > flipped[j] | k == flipped[j] & index >= indices[j] ? 1 : 0;
        }
        return d;
    }
}
