package io.stormsim.bsp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What {@link PhaseWaitStrategy} knows of one topology's executors in this JVM: how many step bolts are
 * computing a step, and which executor threads have parked in its wait and what they run (spout, step bolt,
 * other bolt), to wake when a step ends or an executor has sent them something. On a cluster a worker
 * JVM runs one topology, so this is one worker's; a LocalCluster runs every topology's workers in one JVM,
 * and each topology has its own (its in-process workers share it, as they share the process's cores).
 * Storm gives wait strategies nothing but the topology config, so the topology id is the meeting point.
 */
final class PhaseActivity {
    /** What an executor thread runs, which says whom its work can feed. */
    enum Role {
        SPOUT,
        STEP_BOLT,
        /** The acker, Storm's system bolt, a bolt that is not a step bolt. */
        OTHER_BOLT
    }

    private static final ConcurrentMap<String, PhaseActivity> BY_TOPOLOGY = new ConcurrentHashMap<>();
    private static final ThreadLocal<Boolean> STEP_BOLT = ThreadLocal.withInitial(() -> false);
    private static final ThreadLocal<Boolean> LOCAL_INPUTS = ThreadLocal.withInitial(() -> false);

    private final AtomicInteger computing = new AtomicInteger();
    private final ConcurrentMap<Thread, Role> registered = new ConcurrentHashMap<>();

    private PhaseActivity() {
    }

    /** The activity of topology {@code topologyId} in this JVM. */
    static PhaseActivity of(String topologyId) {
        return BY_TOPOLOGY.computeIfAbsent(topologyId, id -> new PhaseActivity());
    }

    /** Forgets a topology whose executors are gone (its next use starts afresh). */
    static void release(String topologyId) {
        BY_TOPOLOGY.remove(topologyId);
    }

    /**
     * Called in a step bolt's executor thread: it runs a step bolt, whose input comes only from step bolts of
     * this worker if {@code local}.
     */
    void stepBoltRunsHere(boolean local) {
        STEP_BOLT.set(true);
        LOCAL_INPUTS.set(local);
    }

    /** Whether the calling executor's input is announced by step ends (see {@link PhaseWaitStrategy}). */
    boolean callerHasLocalInputs() {
        return LOCAL_INPUTS.get();
    }

    /** The calling thread, a spout's executor if {@code spout}, parks in the wait from now on. */
    void register(boolean spout) {
        Thread self = Thread.currentThread();
        if (!registered.containsKey(self)) {
            registered.put(self, spout ? Role.SPOUT : STEP_BOLT.get() ? Role.STEP_BOLT : Role.OTHER_BOLT);
        }
    }

    boolean computing() {
        return computing.get() > 0;
    }

    /** A step bolt starts computing a step. */
    void computeStarted() {
        computing.incrementAndGet();
    }

    /** A step bolt has emitted and acked its step: its consumers, parked or about to park, wake. */
    void computeEnded() {
        computing.decrementAndGet();
        for (Thread t : registered.keySet()) {
            wake(t);
        }
    }

    /**
     * The calling registered executor has handed on what it did since its last wait, and is about to wait:
     * the parked executors its work may feed wake. A spout's triggers go to bolts and the acker; a step
     * bolt's acks of hand-overs go to the acker (its step outputs woke everyone when the step ended); the
     * acker's verdicts go to the spouts, and the acks of a bolt outside the steps to the acker.
     */
    void handedOn() {
        Thread self = Thread.currentThread();
        Role from = registered.get(self);
        for (Map.Entry<Thread, Role> e : registered.entrySet()) {
            if (e.getKey() != self && feeds(from, e.getValue())) {
                wake(e.getKey());
            }
        }
    }

    private static boolean feeds(Role from, Role to) {
        return switch (from) {
            case SPOUT -> to != Role.SPOUT;
            case STEP_BOLT -> to == Role.OTHER_BOLT;
            case OTHER_BOLT -> to != Role.STEP_BOLT;
        };
    }

    private void wake(Thread t) {
        if (t.isAlive()) {
            LockSupport.unpark(t);
        } else {
            registered.remove(t);
        }
    }
}
