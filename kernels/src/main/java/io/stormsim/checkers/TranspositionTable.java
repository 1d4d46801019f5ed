package io.stormsim.checkers;

/**
 * What the search asks of a transposition table, small enough that a Storm layer can put a table split
 * across searcher instances behind it. An entry is packed in a long (see {@link #pack}); {@link #MISS}
 * (zero) is no entry. Scores are stored relative to the node (a win in n plies from it), so an entry holds
 * wherever the node is met.
 *
 * <p>The search cuts off on an entry only when its depth equals the depth asked for: a deeper entry would
 * give a better but different score, and scores must equal the fixed-depth minimax whatever the table
 * holds (so runs with any number of searchers, table layouts and arrival orders agree).
 */
public interface TranspositionTable {
    long MISS = 0;
    /** The score is exact. */
    int EXACT = 1;
    /** The score is a lower bound (the search failed high). */
    int LOWER = 2;
    /** The score is an upper bound (the search failed low). */
    int UPPER = 3;

    /** The entry for {@code hash}, or {@link #MISS}; a table may decline lookups at some remaining depths. */
    long probe(long hash, int depth);

    /** Records a search result; a table may drop it, keep it, or apply it later. */
    void store(long hash, int depth, int score, int bound, int moveIndex);

    /**
     * An entry: score in bits 0-31, bound in bits 32-33 (never 0, so no entry is {@link #MISS}), depth in
     * bits 34-41, best move's index in generation order plus one in bits 42-50 (0: none).
     */
    static long pack(int score, int bound, int depth, int moveIndex) {
        return (score & 0xFFFFFFFFL) | ((long) bound << 32) | ((long) depth << 34) | ((long) (moveIndex + 1) << 42);
    }

    static int score(long entry) {
        return (int) entry;
    }

    static int bound(long entry) {
        return (int) (entry >>> 32) & 3;
    }

    static int depth(long entry) {
        return (int) (entry >>> 34) & 0xFF;
    }

    /** The best move's index in generation order, or -1. */
    static int moveIndex(long entry) {
        return ((int) (entry >>> 42) & 0x1FF) - 1;
    }
}
