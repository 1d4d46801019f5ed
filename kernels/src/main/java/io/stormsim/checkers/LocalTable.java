package io.stormsim.checkers;

/**
 * A transposition table in one searcher's memory: {@code 2^log2Entries} slots indexed by the hash's high
 * bits, each holding the full 64-bit hash and the packed entry; a store always replaces (the search
 * only uses entries of its own depth for cutoffs, so newer entries are the useful ones).
 */
public final class LocalTable implements TranspositionTable {
    private final long[] keys;
    private final long[] entries;
    private final int shift;

    public LocalTable(int log2Entries) {
        if (log2Entries < 1 || log2Entries > 28) {
            throw new IllegalArgumentException("transposition table log2Entries " + log2Entries + ": must be 1..28");
        }
        keys = new long[1 << log2Entries];
        entries = new long[1 << log2Entries];
        shift = 64 - log2Entries;
    }

    @Override
    public long probe(long hash, int depth) {
        int i = (int) (hash >>> shift);
        return keys[i] == hash ? entries[i] : MISS;
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        int i = (int) (hash >>> shift);
        keys[i] = hash;
        entries[i] = TranspositionTable.pack(score, bound, depth, moveIndex);
    }
}
