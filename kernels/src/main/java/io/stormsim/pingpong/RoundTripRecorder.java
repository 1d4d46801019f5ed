package io.stormsim.pingpong;

import java.util.Arrays;

/**
 * Collects the latencies of one measurement as they come (the first round trip's send starts the clock,
 * the latest arrival stops it), up to a fixed number. Not thread-safe: its owner serialises access.
 */
public final class RoundTripRecorder {
    private long[] latencies = new long[1024];
    private int count;
    private final int capacity;
    private long firstSendNanos = Long.MAX_VALUE;
    private long lastArrivalNanos = Long.MIN_VALUE;

    public RoundTripRecorder(int capacity) {
        this.capacity = capacity;
    }

    /** Records one round trip; false once full (then nothing is recorded). */
    public boolean record(long sentNanos, long arrivedNanos) {
        if (count == capacity) {
            return false;
        }
        if (count == latencies.length) {
            latencies = Arrays.copyOf(latencies, Math.min(capacity, 2 * count));
        }
        latencies[count++] = arrivedNanos - sentNanos;
        firstSendNanos = Math.min(firstSendNanos, sentNanos);
        lastArrivalNanos = Math.max(lastArrivalNanos, arrivedNanos);
        return true;
    }

    public int count() {
        return count;
    }

    public boolean full() {
        return count == capacity;
    }

    /** How many more round trips it records. */
    public long capacityLeft() {
        return capacity - count;
    }

    public RoundTripStats stats() {
        return RoundTripStats.of(latencies, count, lastArrivalNanos - firstSendNanos);
    }
}
