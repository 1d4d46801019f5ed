package io.stormsim.checkers;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * perft counts by (position hash, depth), always replacing, safe to share between threads: the threads
 * counting jobs of one perft in one process use one table, so a subtree one of them counted is a hit for
 * all. A slot holds the key XOR the count and the count side by side (one cache line a lookup), each written
 * atomically, without a lock, so a slot two threads wrote at once reads as a miss, never as a wrong count; a
 * wrong hit needs two (hash, depth) keys equal in all 64 bits.
 */
public final class PerftTable {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    // slot i: the key XOR the count at 2i, the count at 2i + 1
    private final long[] slots;
    private final int mask;

    /** A table of {@code 2^log2Entries} slots of 16 bytes. */
    public PerftTable(int log2Entries) {
        if (log2Entries < 1 || log2Entries > 28) {
            throw new IllegalArgumentException("perft table log2Entries " + log2Entries + ": must be 1..28");
        }
        slots = new long[2 << log2Entries];
        mask = (1 << log2Entries) - 1;
    }

    private static long key(long hash, int depth) {
        return hash ^ (depth * 0x9E3779B97F4A7C15L);
    }

    /** The count stored for (hash, depth), or -1. */
    long get(long hash, int depth) {
        long key = key(hash, depth);
        int i = ((int) (key >>> 32) & mask) << 1;
        long count = (long) SLOT.getOpaque(slots, i + 1);
        long check = (long) SLOT.getOpaque(slots, i);
        // an empty slot (0, 0) matches key 0 only with count 0, which no subtree of depth >= 1 has
        return (check ^ count) == key && count > 0 ? count : -1;
    }

    void put(long hash, int depth, long count) {
        long key = key(hash, depth);
        int i = ((int) (key >>> 32) & mask) << 1;
        SLOT.setOpaque(slots, i, key ^ count);
        SLOT.setOpaque(slots, i + 1, count);
    }
}
