package io.stormsim.checkers;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A transposition table the searchers of one process share without a lock, so an entry one of them
 * computed is a hit for all. A slot holds the hash XOR the entry and the entry side by side (one cache line a
 * probe), each written atomically: a slot two threads wrote at once, or read while written, reads as a miss,
 * never as another position's entry. Which entries a search finds then depends on timing, but not its score:
 * the search cuts off only on entries of its own depth, each a true bound of that position's fixed-depth score
 * (see {@link TranspositionTable}).
 *
 * <p>It also counts the searchers inside a node right now ({@link #enter}, {@link #leave}), so that searchers
 * of one job can go different ways (ABDADA, {@link Search}).
 */
public final class SharedTable implements TranspositionTable {
    // the slots' and the counts' atomic reads and writes
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    // a node is counted only while searchers are in it, a few dozen at a time, so few slots serve; a slot holds
    // the node's hash but its low bits, and in those the count
    private static final int LOG2_COUNTS = 12;
    private static final long COUNT_MASK = 0xFF;

    // slot i: the hash XOR the entry at 2i, the entry at 2i + 1
    private final long[] slots;
    private final int shift;
    private final long[] searchers = new long[1 << LOG2_COUNTS];

    /** A table of {@code 2^log2Entries} slots of 16 bytes. */
    public SharedTable(int log2Entries) {
        if (log2Entries < 1 || log2Entries > 28) {
            throw new IllegalArgumentException("transposition table log2Entries " + log2Entries + ": must be 1..28");
        }
        slots = new long[2 << log2Entries];
        shift = 64 - log2Entries;
    }

    @Override
    public long probe(long hash, int depth) {
        int i = (int) (hash >>> shift) << 1;
        long entry = (long) LONGS.getOpaque(slots, i + 1);
        long check = (long) LONGS.getOpaque(slots, i);
        // an empty slot (0, 0) matches hash 0 only as MISS
        return (check ^ entry) == hash ? entry : MISS;
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        int i = (int) (hash >>> shift) << 1;
        long entry = TranspositionTable.pack(score, bound, depth, moveIndex);
        LONGS.setOpaque(slots, i, hash ^ entry);
        LONGS.setOpaque(slots, i + 1, entry);
    }

    /**
     * A searcher goes into the node of {@code hash}: true if it is counted (then it must {@link #leave}), false
     * if the node's counter holds another node's searchers (rare: then nobody learns it is there).
     */
    public boolean enter(long hash) {
        int i = counter(hash);
        long tag = hash & ~COUNT_MASK;
        while (true) {
            long v = (long) LONGS.getVolatile(searchers, i);
            long count = v & COUNT_MASK;
            long next;
            if (count == 0) {
                next = tag | 1;
            } else if ((v & ~COUNT_MASK) == tag && count < COUNT_MASK) {
                next = v + 1;
            } else {
                return false;
            }
            if (LONGS.compareAndSet(searchers, i, v, next)) {
                return true;
            }
        }
    }

    /** A searcher counted into the node of {@code hash} is done with it. */
    public void leave(long hash) {
        LONGS.getAndAdd(searchers, counter(hash), -1L);
    }

    /** Whether a searcher is in the node of {@code hash}. */
    public boolean entered(long hash) {
        long v = (long) LONGS.getOpaque(searchers, counter(hash));
        return (v & COUNT_MASK) != 0 && (v & ~COUNT_MASK) == (hash & ~COUNT_MASK);
    }

    private static int counter(long hash) {
        return (int) (hash >>> 8) & ((1 << LOG2_COUNTS) - 1);
    }
}
