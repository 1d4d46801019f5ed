package io.stormsim.pingpong;

import java.util.Arrays;

/**
 * Round trips of one measurement: how many, how many per second, and the median and 99th percentile
 * of their latencies (nearest rank: the smallest latency at or above which lie at least that share).
 */
public record RoundTripStats(int count, double perSecond, double medianMicros, double p99Micros) {
    /**
     * @param latencyNanos the first {@code count} entries are the round trips' latencies
     * @param elapsedNanos from the first measured ping's send to the last measured pong's arrival
     */
    public static RoundTripStats of(long[] latencyNanos, int count, long elapsedNanos) {
        if (count < 1 || elapsedNanos <= 0) {
            throw new IllegalArgumentException("no round trips measured (count " + count + ", elapsed " + elapsedNanos + " ns)");
        }
        long[] sorted = Arrays.copyOf(latencyNanos, count);
        Arrays.sort(sorted);
        return new RoundTripStats(count, count * 1e9 / elapsedNanos, percentile(sorted, 0.5) / 1e3,
                percentile(sorted, 0.99) / 1e3);
    }

    /** Nearest rank of a sorted array: element ceil(q * n), counting from 1. */
    static long percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
