package io.stormsim.checkers;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A transposition table the searchers of one process share without a lock, so an entry one of them
 * computed is a hit for all. A slot holds the hash XOR the entry and the entry, each written atomically:
 * a slot two threads wrote at once, or read while written, reads as a miss, never as another position's
 * entry. Which entries a search finds then depends on timing, but not its score: the search cuts off only
 * on entries of its own depth, each a true bound of that position's fixed-depth score (see {@link
 * TranspositionTable}).
 */
public final class SharedTable implements TranspositionTable {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] checks;
    private final long[] entries;
    private final int shift;

    /** A table of {@code 2^log2Entries} slots of 16 bytes. */
    public SharedTable(int log2Entries) {
        if (log2Entries < 1 || log2Entries > 28) {
            throw new IllegalArgumentException("transposition table log2Entries " + log2Entries + ": must be 1..28");
        }
        checks = new long[1 << log2Entries];
        entries = new long[1 << log2Entries];
        shift = 64 - log2Entries;
    }

    @Override
    public long probe(long hash, int depth) {
        int i = (int) (hash >>> shift);
        long entry = (long) SLOT.getOpaque(entries, i);
        long check = (long) SLOT.getOpaque(checks, i);
        // an empty slot (0, 0) matches hash 0 only as MISS
        return (check ^ entry) == hash ? entry : MISS;
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        int i = (int) (hash >>> shift);
        long entry = TranspositionTable.pack(score, bound, depth, moveIndex);
        SLOT.setOpaque(checks, i, hash ^ entry);
        SLOT.setOpaque(entries, i, entry);
    }
}
