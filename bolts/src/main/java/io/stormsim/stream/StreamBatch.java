package io.stormsim.stream;

import java.util.concurrent.TimeUnit;

/**
 * A simulation's rounds' messages, held for the publisher and handed over together at most every {@link
 * #EVERY_NANOS} (and at the last round), every message in order. Each hand-over wakes the publisher and ZeroMQ's
 * threads at both ends; on a machine whose cores the partitions fill, those wake-ups cost the rounds more than the
 * messages themselves (docs/performance/barnes-hut.md#watching-a-run). For streams of rounds, which come steadily:
 * a job stream's messages, which may not, go over as they come.
 */
public final class StreamBatch {
    public static final long EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private StreamMessages held;
    private long lastHandOverNanos;

    /**
     * Adds a round's {@code messages}; returns every message held, to hand over now, or null while they wait for
     * the next round.
     */
    public StreamMessages add(StreamMessages messages, long nowNanos, boolean lastRound) {
        held = held == null ? messages : held.addAll(messages);
        if (nowNanos - lastHandOverNanos < EVERY_NANOS && !lastRound) {
            return null;
        }
        StreamMessages ready = held;
        held = null;
        lastHandOverNanos = nowNanos;
        return ready;
    }
}
