package io.stormsim.checkers;

import java.util.Arrays;

/**
 * The semantics of a transposition table partitioned across searchers, in one process and deterministic,
 * to test against what a Storm layer will do with messages: the entry of a hash is owned by partition
 * {@link #owner}; lookups are made only where the remaining depth is at least {@code minDepth} (below it a
 * remote lookup costs more than the subtree); stores at those depths are buffered and reach their owners
 * only when {@code flushEvery} of them have accumulated (or at {@link #flush}), so searches run on
 * entries that are a little stale, as they would with batched messages.
 */
public final class PartitionedTable implements TranspositionTable {
    private final LocalTable[] partitions;
    private final int minDepth;
    private final long[] pendingHash;
    private final long[] pendingEntry;
    private int pending;

    public PartitionedTable(int partitions, int log2EntriesEach, int minDepth, int flushEvery) {
        if (partitions < 1 || minDepth < 0 || flushEvery < 1) {
            throw new IllegalArgumentException("partitioned table: partitions " + partitions + ", minDepth " + minDepth
                    + ", flushEvery " + flushEvery + ": need partitions >= 1, minDepth >= 0, flushEvery >= 1");
        }
        this.partitions = new LocalTable[partitions];
        for (int i = 0; i < partitions; i++) {
            this.partitions[i] = new LocalTable(log2EntriesEach);
        }
        this.minDepth = minDepth;
        this.pendingHash = new long[flushEvery];
        this.pendingEntry = new long[flushEvery];
    }

    /** The partition owning {@code hash} among {@code partitions}: from the hash's low bits, which no slot index uses. */
    public static int owner(long hash, int partitions) {
        return (int) (((hash & 0xFFFFFFFFL) * partitions) >>> 32);
    }

    @Override
    public long probe(long hash, int depth) {
        return depth < minDepth ? MISS : partitions[owner(hash, partitions.length)].probe(hash, depth);
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        if (depth < minDepth) {
            return;
        }
        pendingHash[pending] = hash;
        pendingEntry[pending] = TranspositionTable.pack(score, bound, depth, moveIndex);
        if (++pending == pendingHash.length) {
            flush();
        }
    }

    /** Applies the buffered stores to their owners, in the order they were made. */
    public void flush() {
        for (int i = 0; i < pending; i++) {
            long e = pendingEntry[i];
            partitions[owner(pendingHash[i], partitions.length)].store(pendingHash[i], TranspositionTable.depth(e),
                    TranspositionTable.score(e), TranspositionTable.bound(e), TranspositionTable.moveIndex(e));
        }
        Arrays.fill(pendingHash, 0, pending, 0);
        pending = 0;
    }

    /** Stores not yet applied. */
    public int pending() {
        return pending;
    }
}
