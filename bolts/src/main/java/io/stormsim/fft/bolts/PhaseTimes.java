package io.stormsim.fft.bolts;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the FFT's phases spent in each step, per JVM and topology: for the result bolt's breakdown of a
 * round's wall time into the phases' own work (compute), their emitting (with several workers, Kryo
 * writing the blocks for the other worker, which Storm does in the emitting thread), and the rest:
 * Storm's hand-overs (queues, executor wake-ups, Kryo reading, acks) and waiting. A phase's time in a
 * step is that of its slowest partition (the partitions run side by side, and the next phase waits for
 * all of them); a round's, the sum over the four phases. Only tasks in the result bolt's JVM record where
 * it reads: on an embedded LocalCluster all of them; on a cluster with several workers a round stays
 * incomplete and has no breakdown.
 */
final class PhaseTimes {
    static final int LOAD = 0;
    static final int FIRST_PASS = 1;
    static final int SECOND_PASS = 2;
    static final int SPECTRUM = 3;
    static final int PHASES = 4;
    private static final Map<String, PhaseTimes> BY_TOPOLOGY = new ConcurrentHashMap<>();

    /** Per step: the records so far, then the slowest compute and emit nanoseconds of each phase. */
    private final TreeMap<Long, long[]> steps = new TreeMap<>();

    private PhaseTimes() {
    }

    static PhaseTimes of(String stormId) {
        return BY_TOPOLOGY.computeIfAbsent(stormId, id -> new PhaseTimes());
    }

    static void release(String stormId) {
        BY_TOPOLOGY.remove(stormId);
    }

    synchronized void record(long step, int phase, long computeNanos, long emitNanos) {
        long[] t = steps.computeIfAbsent(step, s -> new long[1 + 2 * PHASES]);
        t[0]++;
        t[1 + phase] = Math.max(t[1 + phase], computeNanos);
        t[1 + PHASES + phase] = Math.max(t[1 + PHASES + phase], emitNanos);
        notifyAll();
    }

    /**
     * The compute and emit milliseconds of {@code step}, once {@code records} tasks have recorded it, waiting
     * at most {@code waitMillis} for them; null if they have not. Forgets this step and the ones before it.
     */
    synchronized double[] take(long step, int records, long waitMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + waitMillis;
        for (long left = waitMillis; recorded(step) < records && left > 0; left = deadline - System.currentTimeMillis()) {
            wait(left);
        }
        long[] t = steps.get(step);
        steps.headMap(step, true).clear();
        if (t == null || t[0] < records) {
            return null;
        }
        double[] ms = new double[2];
        for (int p = 0; p < PHASES; p++) {
            ms[0] += t[1 + p] / 1e6;
            ms[1] += t[1 + PHASES + p] / 1e6;
        }
        return ms;
    }

    private long recorded(long step) {
        long[] t = steps.get(step);
        return t == null ? 0 : t[0];
    }
}
