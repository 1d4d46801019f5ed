package io.stormsim.checkers;

/**
 * A transposition table in one searcher's memory: {@code 2^log2Entries} slots indexed by the hash's high
 * bits, each holding the full 64-bit hash and the packed entry side by side (one cache line a probe); a store
 * always replaces (the search only uses entries of its own depth for cutoffs, so newer entries are the useful
 * ones).
 */
public final class LocalTable implements TranspositionTable {
    // slot i: the hash at 2i, the entry at 2i + 1
    private final long[] slots;
    private final int shift;

    public LocalTable(int log2Entries) {
        if (log2Entries < 1 || log2Entries > 28) {
            throw new IllegalArgumentException("transposition table log2Entries " + log2Entries + ": must be 1..28");
        }
        slots = new long[2 << log2Entries];
        shift = 64 - log2Entries;
    }

    @Override
    public long probe(long hash, int depth) {
        int i = (int) (hash >>> shift) << 1;
        return slots[i] == hash ? slots[i + 1] : MISS;
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        int i = (int) (hash >>> shift) << 1;
        slots[i] = hash;
        slots[i + 1] = TranspositionTable.pack(score, bound, depth, moveIndex);
    }
}
