package io.stormsim.sort.bolts;

import java.util.List;

/**
 * A sort job's statistics as they travel with its messages: per stage ({@link #LOAD}, {@link #SPLIT},
 * {@link #SORT}) the record bytes sent to other partitions (summed over partitions), the slowest partition's
 * compute time and the sum over partitions (the mean is what a partition computed, the difference to the
 * slowest what the others waited), the latest start and end of a partition's step ({@link System#nanoTime},
 * comparable between the tasks of one host), and a phase the stage excludes from its compute (the load's
 * generation or read of the input). Each sender fills its own stage; a receiver merges its senders' arrays:
 * the earlier stages are the same in all of them.
 */
public final class SortStats {
    public static final int LOAD = 0;
    public static final int SPLIT = 1;
    public static final int SORT = 2;
    public static final int STAGES = 3;

    public static final int BYTES = 0;
    public static final int COMPUTE_MAX_NS = 1;
    public static final int COMPUTE_SUM_NS = 2;
    public static final int START_NS = 3;
    public static final int END_NS = 4;
    /** The load stage: generating or reading the stripe, not part of its compute. */
    public static final int INPUT_NS = 5;
    static final int FIELDS = 6;

    private SortStats() {
    }

    public static long[] empty() {
        return new long[STAGES * FIELDS];
    }

    public static int at(int stage, int field) {
        return stage * FIELDS + field;
    }

    /** Fills stage {@code stage} of {@code stats} with one partition's step: its start, compute and end. */
    static void stamp(long[] stats, int stage, long startNanos, long computeNanos, long bytes) {
        stats[at(stage, START_NS)] = startNanos;
        stats[at(stage, COMPUTE_MAX_NS)] = computeNanos;
        stats[at(stage, COMPUTE_SUM_NS)] = computeNanos;
        stats[at(stage, END_NS)] = System.nanoTime();
        stats[at(stage, BYTES)] = bytes;
    }

    /** The statistics after {@code senderStage}, from every sender's message of it. */
    public static long[] merge(List<SortExchange> received, int senderStage) {
        long[] merged = received.get(0).stats.clone();
        for (int f = 0; f < FIELDS; f++) {
            int i = at(senderStage, f);
            merged[i] = 0;
            for (SortExchange m : received) {
                merged[i] = f == BYTES || f == COMPUTE_SUM_NS ? merged[i] + m.stats[i] : Math.max(merged[i], m.stats[i]);
            }
        }
        return merged;
    }
}
