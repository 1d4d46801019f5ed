package io.stormsim.sort.bolts;

import java.util.List;

/**
 * A sort job's statistics as they travel with its messages: per stage (0: load, 1 + k: digit pass k) the
 * record bytes sent to other partitions (summed over partitions), the wall times of its phases (the slowest
 * partition's) and whether the pass moved records (0 when every partition skipped it). Each sender fills its
 * own stage; a receiver merges its senders' arrays: the earlier stages are the same in all of them.
 */
public final class SortStats {
    public static final int BYTES = 0;
    /** Pass stages: indexing the runs of the chunks received in stripe order (nothing is copied). */
    public static final int RECEIVE_NS = 1;
    /** The load stage's field of {@link #RECEIVE_NS}: making or reading the stripe. */
    public static final int LOAD_NS = RECEIVE_NS;
    /** The permute into chunks, read straight from the chunks received. */
    public static final int PERMUTE_NS = 2;
    /** Counting the next pass's digit over the chunks sent. */
    public static final int COUNT_NS = 3;
    public static final int PERMUTED = 4;
    static final int FIELDS = 5;
    public static final int STAGES = 1 + SortConfig.MAX_PASSES;

    private SortStats() {
    }

    public static long[] empty() {
        return new long[STAGES * FIELDS];
    }

    public static int at(int stage, int field) {
        return stage * FIELDS + field;
    }

    /** The stage of digit pass {@code pass}. */
    public static int passStage(int pass) {
        return 1 + pass;
    }

    /** The statistics after {@code senderStage}, from every sender's message of it. */
    public static long[] merge(List<SortExchange> received, int senderStage) {
        long[] merged = received.get(0).stats.clone();
        for (int f = 0; f < FIELDS; f++) {
            int i = at(senderStage, f);
            merged[i] = 0;
            for (SortExchange m : received) {
                merged[i] = f == BYTES ? merged[i] + m.stats[i] : Math.max(merged[i], m.stats[i]);
            }
        }
        return merged;
    }
}
