package io.stormsim.bsp;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What {@link PhaseWaitStrategy} knows of one topology's executors in this JVM: how many step bolts are
 * computing a step, and which executor threads have parked in its wait and what they run (spout, step bolt
 * and its component, other bolt), to wake when a step ends or an executor has sent them something. On a
 * cluster a worker JVM runs one topology, so this is one worker's; a LocalCluster runs every topology's
 * workers in one JVM, and each topology has its own (its in-process workers share it, as they share the process's cores).
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
    private static final ThreadLocal<Executor> STEP_BOLT = new ThreadLocal<>();
    private static final ThreadLocal<Boolean> LOCAL_INPUTS = ThreadLocal.withInitial(() -> false);

    /**
     * A parked executor: its role and, for a step bolt, its component and the bolts it reads (to tell, once every
     * step bolt is known, whether a bolt outside the steps feeds it).
     */
    private record Executor(Role role, String component, Set<String> sourceBolts) {
    }

    private final AtomicInteger computing = new AtomicInteger();
    private final ConcurrentMap<Thread, Executor> registered = new ConcurrentHashMap<>();
    private final Set<String> stepComponents = ConcurrentHashMap.newKeySet();

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
     * Called in a step bolt's executor thread: it runs a task of step bolt {@code component}, which reads the
     * bolts {@code sourceBolts} (and maybe spouts), and whose input comes only from bolts of this worker if
     * {@code local}.
     */
    void stepBoltRunsHere(String component, Set<String> sourceBolts, boolean local) {
        stepComponents.add(component);
        STEP_BOLT.set(new Executor(Role.STEP_BOLT, component, Set.copyOf(sourceBolts)));
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
            Executor stepBolt = STEP_BOLT.get();
            registered.put(self, spout ? new Executor(Role.SPOUT, null, Set.of())
                    : stepBolt != null ? stepBolt : new Executor(Role.OTHER_BOLT, null, Set.of()));
        }
    }

    boolean computing() {
        return computing.get() > 0;
    }

    /** A step bolt starts computing a step. */
    void computeStarted() {
        computing.incrementAndGet();
    }

    /**
     * A step bolt has emitted and acked its step: the executors its step fed, parked or about to park, wake. They
     * are the step bolts of {@code consumers} (the components subscribed to its outputs) and the bolts outside the
     * steps (the acker, which has its acks; a bolt that reads its outputs). The others sleep on: waking all ~19
     * executors of a 2-partition topology at every step end cost each hop of a round 0.7-0.9 ms on 2 cores busy
     * with the partitions. A step bolt whose input comes from another worker parks briefly anyway; one fed by
     * the spout or by a bolt outside the steps is woken by them ({@link #handedOn}). Nor is the spout woken: the
     * acker's verdict wakes it; with one worker it parks long while a step computes and polls for restarted
     * tasks when the round ends (a restart of a task beside it means the worker, the spout's too, died).
     */
    void computeEnded(Set<String> consumers) {
        computing.decrementAndGet();
        for (Map.Entry<Thread, Executor> e : registered.entrySet()) {
            Executor x = e.getValue();
            if (x.role == Role.OTHER_BOLT || x.role == Role.STEP_BOLT && consumers.contains(x.component)) {
                wake(e.getKey());
            }
        }
    }

    /**
     * The calling registered executor has handed on what it did since its last wait, and is about to wait:
     * the parked executors its work may feed wake. A spout's triggers go to bolts and the acker; a step
     * bolt's acks of hand-overs go to the acker (its step outputs woke their consumers when the step ended); the
     * acker's verdicts go to the spouts, and the acks of a bolt outside the steps to the acker, its tuples to the
     * step bolts that read a bolt outside the steps (the acker cannot be told from such a bolt: both wake them).
     */
    void handedOn() {
        Thread self = Thread.currentThread();
        Role from = registered.get(self).role;
        for (Map.Entry<Thread, Executor> e : registered.entrySet()) {
            if (e.getKey() != self && feeds(from, e.getValue())) {
                wake(e.getKey());
            }
        }
    }

    private boolean feeds(Role from, Executor to) {
        return switch (from) {
            case SPOUT -> to.role != Role.SPOUT;
            case STEP_BOLT -> to.role == Role.OTHER_BOLT;
            case OTHER_BOLT -> to.role != Role.STEP_BOLT || !stepComponents.containsAll(to.sourceBolts);
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
