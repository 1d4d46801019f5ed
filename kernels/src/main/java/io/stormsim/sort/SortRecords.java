package io.stormsim.sort;

import java.util.Arrays;
import java.util.List;

/**
 * The records a sort job works on, as flat arrays: {@code size} unsigned keys, 32-bit in an {@code int[]} or
 * 64-bit in a {@code long[]}, each optionally with a 64-bit payload (a row index, an id) that travels with
 * its key. The arrays may be longer than {@code size} (buffers are reused); only the first {@code size}
 * entries are records.
 */
public final class SortRecords {
    /** The most records one Java array holds. */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;
    private final int keyBits;
    private final boolean hasPayloads;
    private int[] intKeys;
    private long[] longKeys;
    private long[] payloads;
    private int size;

    private SortRecords(int keyBits, int[] intKeys, long[] longKeys, long[] payloads, int size) {
        this.keyBits = keyBits;
        this.hasPayloads = payloads != null;
        this.intKeys = intKeys;
        this.longKeys = longKeys;
        this.payloads = payloads;
        this.size = size;
    }

    /** 32-bit keys (unsigned), all of the array; {@code payloads} may be null, else at least as long. */
    public static SortRecords ofInts(int[] keys, long[] payloads) {
        checkPayloads(keys.length, payloads);
        return new SortRecords(32, keys, null, payloads, keys.length);
    }

    /** 64-bit keys (unsigned), all of the array; {@code payloads} may be null, else at least as long. */
    public static SortRecords ofLongs(long[] keys, long[] payloads) {
        checkPayloads(keys.length, payloads);
        return new SortRecords(64, null, keys, payloads, keys.length);
    }

    /** Empty records of the given kind with room for {@code capacity}. */
    public static SortRecords allocate(int keyBits, boolean hasPayloads, int capacity) {
        checkKeyBits(keyBits);
        return new SortRecords(keyBits, keyBits == 32 ? new int[capacity] : null,
                keyBits == 64 ? new long[capacity] : null, hasPayloads ? new long[capacity] : null, 0);
    }

    /** Empty records of the same kind as this with room for {@code capacity}. */
    public SortRecords allocateLike(int capacity) {
        return allocate(keyBits, hasPayloads, capacity);
    }

    static void checkKeyBits(int keyBits) {
        if (keyBits != 32 && keyBits != 64) {
            throw new IllegalArgumentException("key bits = " + keyBits + " is not allowed: must be 32 or 64");
        }
    }

    private static void checkPayloads(int keys, long[] payloads) {
        if (payloads != null && payloads.length < keys) {
            throw new IllegalArgumentException(payloads.length + " payloads for " + keys + " keys: need one per key");
        }
    }

    public int keyBits() {
        return keyBits;
    }

    public boolean hasPayloads() {
        return hasPayloads;
    }

    public int size() {
        return size;
    }

    /** The 32-bit key array (null for 64-bit keys). */
    public int[] intKeys() {
        return intKeys;
    }

    /** The 64-bit key array (null for 32-bit keys). */
    public long[] longKeys() {
        return longKeys;
    }

    /** The payload array (null without payloads). */
    public long[] payloads() {
        return payloads;
    }

    /**
     * Key {@code i} as an unsigned value (32-bit keys zero-extended), a branch on the key width each call: for
     * checks and loops over a few records (the split's cut of a splitter's run), not for the passes.
     */
    public long key(int i) {
        return keyBits == 32 ? Integer.toUnsignedLong(intKeys[i]) : longKeys[i];
    }

    /** Sets key {@code i} to the unsigned value {@code key} (its low 32 bits for 32-bit keys). */
    void setKey(int i, long key) {
        if (keyBits == 32) {
            intKeys[i] = (int) key;
        } else {
            longKeys[i] = key;
        }
    }

    /** The key array, whichever its type, for {@link System#arraycopy}. */
    Object keyArray() {
        return keyBits == 32 ? intKeys : longKeys;
    }

    int capacity() {
        return keyBits == 32 ? intKeys.length : longKeys.length;
    }

    /** Makes room for {@code n} records (contents not kept) and sets the size to {@code n}. */
    void resize(int n) {
        if (capacity() < n) {
            if (keyBits == 32) {
                intKeys = new int[n];
            } else {
                longKeys = new long[n];
            }
            if (hasPayloads) {
                payloads = new long[n];
            }
        }
        size = n;
    }

    /** Copies records {@code from .. from+count-1} to {@code to} in {@code dst} (of the same kind). */
    public void copyTo(int from, SortRecords dst, int to, int count) {
        if (dst.keyBits != keyBits || dst.hasPayloads != hasPayloads) {
            throw new IllegalArgumentException("cannot copy from " + this + " to " + dst
                    + ": need the same key bits and payloads");
        }
        System.arraycopy(keyArray(), from, dst.keyArray(), to, count);
        if (hasPayloads) {
            System.arraycopy(payloads, from, dst.payloads, to, count);
        }
    }

    /** A copy of records {@code from .. to-1}, arrays of exactly that length. */
    public SortRecords copyOfRange(int from, int to) {
        SortRecords r = allocateLike(to - from);
        copyTo(from, r, 0, to - from);
        r.size = to - from;
        return r;
    }

    /** The parts one after another, in list order (at least one part; all of one kind). */
    public static SortRecords concat(List<SortRecords> parts) {
        long total = 0;
        for (SortRecords p : parts) {
            total += p.size;
        }
        SortRecords all = parts.get(0).allocateLike(Math.toIntExact(total));
        for (SortRecords p : parts) {
            p.copyTo(0, all, all.size, p.size);
            all.size += p.size;
        }
        return all;
    }

    /** Same kind, size, keys and payloads (array tails beyond the size are not compared). */
    public boolean sameRecords(SortRecords o) {
        return keyBits == o.keyBits && hasPayloads == o.hasPayloads && size == o.size
                && (keyBits == 32 ? Arrays.equals(intKeys, 0, size, o.intKeys, 0, size)
                        : Arrays.equals(longKeys, 0, size, o.longKeys, 0, size))
                && (!hasPayloads || Arrays.equals(payloads, 0, size, o.payloads, 0, size));
    }

    @Override
    public String toString() {
        return size + " records (" + keyBits + "-bit keys" + (hasPayloads ? ", payloads)" : ")");
    }
}
