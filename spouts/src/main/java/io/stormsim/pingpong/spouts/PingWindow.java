package io.stormsim.pingpong.spouts;

import io.stormsim.pingpong.RoundTripRecorder;
import io.stormsim.pingpong.RoundTripStats;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the pinger spout and the returns bolt of one topology share inside their worker: a spout cannot
 * receive tuples, so the pong comes back to the returns bolt, which hands the round trip to the spout
 * here. Both must therefore run in the same worker (the returns bolt checks it).
 */
public final class PingWindow {
    private static final Map<String, PingWindow> BY_TOPOLOGY = new ConcurrentHashMap<>();

    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicLong pongs = new AtomicLong();
    private final AtomicLong wrongSizes = new AtomicLong();
    private final AtomicLong fromOtherWorkers = new AtomicLong();
    private volatile int phase = -1;
    private RoundTripRecorder recorder;

    /** The window of topology {@code stormId} in this worker. */
    public static PingWindow of(String stormId) {
        return BY_TOPOLOGY.computeIfAbsent(stormId, id -> new PingWindow());
    }

    /** Starts recording the round trips of {@code phase}, at most {@code rounds} of them. */
    synchronized void startPhase(int phase, int rounds) {
        this.recorder = new RoundTripRecorder(rounds);
        this.phase = phase;
    }

    synchronized RoundTripStats phaseStats() {
        return recorder.stats();
    }

    void sent() {
        outstanding.incrementAndGet();
    }

    int outstanding() {
        return outstanding.get();
    }

    /**
     * One pong is back. A measured one of the current phase is recorded; {@code ponged} says whether the
     * ponger ran in another worker, {@code sizeRight} whether the payload came back whole.
     */
    public void returned(int pingPhase, boolean measured, long sentNanos, long arrivedNanos, boolean sizeRight,
            boolean pongedElsewhere) {
        if (measured && pingPhase == phase) {
            synchronized (this) {
                recorder.record(sentNanos, arrivedNanos);
            }
        }
        pongs.incrementAndGet();
        if (!sizeRight) {
            wrongSizes.incrementAndGet();
        }
        if (pongedElsewhere) {
            fromOtherWorkers.incrementAndGet();
        }
        outstanding.decrementAndGet();
    }

    long pongs() {
        return pongs.get();
    }

    long wrongSizes() {
        return wrongSizes.get();
    }

    long fromOtherWorkers() {
        return fromOtherWorkers.get();
    }
}
