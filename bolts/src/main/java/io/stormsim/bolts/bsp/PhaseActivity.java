package io.stormsim.bolts.bsp;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What {@link PhaseWaitStrategy} knows of one topology's step bolts in this JVM: how many are computing a
 * step, and which executor threads have parked in its wait, to wake when a step ends. On a cluster a worker
 * JVM runs one topology, so this is one worker's; a LocalCluster runs every topology's workers in one JVM,
 * and each topology has its own (its in-process workers share it, as they share the process's cores).
 * Storm gives wait strategies nothing but the topology config, so the topology id is the meeting point.
 */
final class PhaseActivity {
    private static final ConcurrentMap<String, PhaseActivity> BY_TOPOLOGY = new ConcurrentHashMap<>();
    private static final ThreadLocal<Boolean> LOCAL_INPUTS = ThreadLocal.withInitial(() -> false);

    private final AtomicInteger computing = new AtomicInteger();
    private final Set<Thread> registered = ConcurrentHashMap.newKeySet();

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

    /** Called in an executor's thread: whether all its input comes from step bolts of this worker. */
    void inputsFromThisWorker(boolean local) {
        LOCAL_INPUTS.set(local);
    }

    /** Whether the calling executor's input is announced by step ends (see {@link PhaseWaitStrategy}). */
    boolean callerHasLocalInputs() {
        return LOCAL_INPUTS.get();
    }

    /** The calling thread parks in the wait from now on, and is woken by step ends. */
    void register() {
        registered.add(Thread.currentThread());
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
        for (Thread t : registered) {
            if (t.isAlive()) {
                LockSupport.unpark(t);
            } else {
                registered.remove(t);
            }
        }
    }
}
