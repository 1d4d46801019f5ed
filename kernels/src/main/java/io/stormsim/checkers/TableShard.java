package io.stormsim.checkers;

import java.util.Arrays;

/**
 * One searcher's share of a transposition table partitioned by hash ({@link PartitionedTable#owner}), as
 * searchers exchanging messages between steps can use it: a searcher looks up only the entries it owns
 * (a lookup in another searcher's share could not be answered before the next step), and only at a
 * remaining depth of at least {@code minDepth}; its stores of entries it owns are applied at once, the
 * others are buffered per owner until {@link #drain} and applied at the owner by {@link #apply}. A
 * buffer keeps at most as many entries as a share holds, the newest (older ones are overwritten).
 */
public final class TableShard implements TranspositionTable {
    private final LocalTable own;
    private final int shard;
    private final int shards;
    private final int minDepth;
    private final int capacity;
    private final long[][] pendingHash;
    private final long[][] pendingEntry;
    private final long[] stored;

    /** Entries on their way to their owner: hashes and packed entries, index by index. */
    public record Updates(long[] hashes, long[] entries) {
        public Updates {
            if (hashes.length != entries.length) {
                throw new IllegalArgumentException(hashes.length + " hashes and " + entries.length + " entries");
            }
        }

        public int size() {
            return hashes.length;
        }
    }

    public TableShard(int shard, int shards, int log2Entries, int minDepth) {
        if (shards < 1 || shard < 0 || shard >= shards || minDepth < 0) {
            throw new IllegalArgumentException("table shard " + shard + " of " + shards + ", minDepth " + minDepth
                    + ": need 0 <= shard < shards and minDepth >= 0");
        }
        this.own = new LocalTable(log2Entries);
        this.shard = shard;
        this.shards = shards;
        this.minDepth = minDepth;
        this.capacity = 1 << log2Entries;
        this.pendingHash = new long[shards][];
        this.pendingEntry = new long[shards][];
        this.stored = new long[shards];
        for (int s = 0; s < shards; s++) {
            if (s != shard) {
                pendingHash[s] = new long[Math.min(capacity, 1024)];
                pendingEntry[s] = new long[pendingHash[s].length];
            }
        }
    }

    @Override
    public long probe(long hash, int depth) {
        return depth < minDepth || PartitionedTable.owner(hash, shards) != shard ? MISS : own.probe(hash, depth);
    }

    @Override
    public void store(long hash, int depth, int score, int bound, int moveIndex) {
        if (depth < minDepth) {
            return;
        }
        int owner = PartitionedTable.owner(hash, shards);
        if (owner == shard) {
            own.store(hash, depth, score, bound, moveIndex);
            return;
        }
        long n = stored[owner]++;
        if (n >= pendingHash[owner].length && pendingHash[owner].length < capacity) {
            int grown = (int) Math.min(capacity, 2L * pendingHash[owner].length);
            pendingHash[owner] = Arrays.copyOf(pendingHash[owner], grown);
            pendingEntry[owner] = Arrays.copyOf(pendingEntry[owner], grown);
        }
        int i = (int) (n % pendingHash[owner].length);
        pendingHash[owner][i] = hash;
        pendingEntry[owner][i] = TranspositionTable.pack(score, bound, depth, moveIndex);
    }

    /** The buffered entries owned by {@code owner}, oldest first, and an empty buffer; none for this shard. */
    public Updates drain(int owner) {
        if (owner == shard) {
            return new Updates(new long[0], new long[0]);
        }
        long n = stored[owner];
        int length = pendingHash[owner].length;
        int kept = (int) Math.min(n, length);
        long[] hashes = new long[kept];
        long[] entries = new long[kept];
        int first = (int) ((n - kept) % length);
        for (int k = 0; k < kept; k++) {
            hashes[k] = pendingHash[owner][(first + k) % length];
            entries[k] = pendingEntry[owner][(first + k) % length];
        }
        stored[owner] = 0;
        return new Updates(hashes, entries);
    }

    /** Stores entries another shard buffered for this one, in their order. */
    public void apply(Updates updates) {
        for (int k = 0; k < updates.size(); k++) {
            long hash = updates.hashes()[k];
            if (PartitionedTable.owner(hash, shards) != shard) {
                throw new IllegalArgumentException("an update for hash " + Long.toHexString(hash) + " reached shard "
                        + shard + "; its owner is " + PartitionedTable.owner(hash, shards));
            }
            long e = updates.entries()[k];
            own.store(hash, TranspositionTable.depth(e), TranspositionTable.score(e), TranspositionTable.bound(e),
                    TranspositionTable.moveIndex(e));
        }
    }
}
