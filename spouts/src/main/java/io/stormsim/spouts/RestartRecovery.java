package io.stormsim.spouts;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A spout's recovery from restarted tasks, Storm-free: after a restart it sends nothing until the restarts have
 * settled, then watches the steps it sends until they are done, and tells which seem lost and may go out again.
 * Times are {@link System#nanoTime} values given by the caller.
 */
final class RestartRecovery {
    /** After a task restart, how long a spout waits for further starts: a worker's tasks start together. */
    static final long SETTLE_NANOS = 1_000_000_000L;
    /**
     * A round or job sent after a restart and not done this long after (nor in three times the last one's time)
     * is sent again. Measured on Storm 2.8: another worker's Netty client to the restarted worker reconnects
     * only when a send finds it down, and that send is dropped, so the first trigger after a restart is often
     * lost on its way. Sending one twice is safe: each copy is whole, with its own step number, and the spout
     * counts the first done only.
     */
    static final long RESEND_NANOS = 2_000_000_000L;
    /** Resends of one round or job after a restart, at most. */
    static final int MAX_RESENDS = 10;

    private long settledAt;
    private boolean recovering;
    /** Steps sent while recovering and not yet done, failed or resent, with when they went out, in send order. */
    private final Map<Long, Long> watched = new LinkedHashMap<>();
    /** Resends so far, by what was resent (a job, or a spout's one round in flight). */
    private final Map<Long, Integer> resends = new HashMap<>();
    private long lastDoneNanos;

    /** Starts settled and not recovering, at {@code nowNanos}. */
    RestartRecovery(long nowNanos) {
        this.settledAt = nowNanos;
    }

    /**
     * Tasks restarted (a worker died, or the spout itself restarted) at {@code nowNanos}: nothing goes out for
     * {@link #SETTLE_NANOS}, as their neighbours start too, and the steps sent from then on are watched.
     */
    void restarted(long nowNanos) {
        settledAt = nowNanos + SETTLE_NANOS;
        recovering = true;
    }

    /** {@link #restarted(long)} if {@code tasks} (the tasks seen starting again) is not empty; returns whether it is not. */
    boolean restarted(List<Integer> tasks, long nowNanos) {
        if (tasks.isEmpty()) {
            return false;
        }
        restarted(nowNanos);
        return true;
    }

    /** Whether restarts seen are still settling at {@code nowNanos}: the spout sends nothing yet. */
    boolean settling(long nowNanos) {
        return nowNanos - settledAt < 0;
    }

    /** Whether a restart was seen and the steps sent since are not all done: steps sent now are watched. */
    boolean recovering() {
        return recovering;
    }

    /** Step {@code step} went out at {@code nowNanos}: watched if recovering. */
    void sent(long step, long nowNanos) {
        if (recovering) {
            watched.put(step, nowNanos);
        }
    }

    /** Step {@code step} is done: recovering ends when it was the last step watched. */
    void acked(long step) {
        if (watched.remove(step) != null && watched.isEmpty()) {
            recovering = false;
        }
    }

    /** Step {@code step} needs no more watching: it failed, or went out again under another step number. */
    void forget(long step) {
        watched.remove(step);
    }

    /**
     * The work {@code key} (a job, or a round) is done, in {@code tookNanos} from its trigger: its resends start
     * again from none, and the next patience is at least three times this.
     */
    void done(long key, long tookNanos) {
        lastDoneNanos = tookNanos;
        resends.remove(key);
    }

    /**
     * The watched steps not done in max({@link #RESEND_NANOS}, 3 x the last done's time) after they went out, in
     * send order: their triggers may have met a connection not yet back.
     */
    List<Long> overdue(long nowNanos) {
        if (watched.isEmpty()) {
            return List.of();
        }
        long patience = Math.max(RESEND_NANOS, 3 * lastDoneNanos);
        return watched.entrySet().stream().filter(e -> nowNanos - e.getValue() > patience).map(Map.Entry::getKey).toList();
    }

    /** When watched step {@code step} went out. */
    long sentAt(long step) {
        return watched.get(step);
    }

    /**
     * Counts a resend of {@code key} and returns true if it is within {@link #MAX_RESENDS} since {@code key} was
     * last done; returns false, counting nothing, once they are spent.
     */
    boolean spendResend(long key) {
        int spent = resends.getOrDefault(key, 0);
        if (spent >= MAX_RESENDS) {
            return false;
        }
        resends.put(key, spent + 1);
        return true;
    }
}
