package io.stormsim.checkers.bolts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.storm.task.TopologyContext;

/**
 * What the tasks of one component in one worker share: an object the first of them makes (a table: perft's,
 * so a subtree one task counted is a hit for all; with a table of its own each, a task re-counts every
 * transposition into another task's subtrees, 1.4x the work at 2 tasks), and per step a cursor over the
 * worker's jobs, from which a task takes the next job whenever it is free (jobs differ in size by orders of
 * magnitude; taking them as tasks come free balances the tasks without estimating sizes, and a step ends
 * when its last job does, not when the unluckiest task's share does). Found by a key naming topology,
 * worker and component; the last of its tasks to let go of it drops it.
 *
 * @param <T> what the tasks share besides the cursors
 */
final class WorkerShare<T> {
    private static final Map<String, WorkerShare<?>> SHARES = new HashMap<>();

    private final String key;
    private final T shared;
    private final int tasks;
    private int users;
    private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();

    /** Where a step's tasks are in its job list: the next job to take, and how many tasks are done with it. */
    private static final class Cursor {
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger finished = new AtomicInteger();
    }

    private WorkerShare(String key, T shared, int tasks) {
        this.key = key;
        this.shared = shared;
        this.tasks = tasks;
    }

    /**
     * The share of {@code key} for one more task; the first of the worker's {@code tasks} tasks makes it,
     * with what {@code make} gives (may be null).
     */
    @SuppressWarnings("unchecked")
    static synchronized <T> WorkerShare<T> acquire(String key, Supplier<T> make, int tasks) {
        WorkerShare<T> share = (WorkerShare<T>) SHARES.computeIfAbsent(key, k -> new WorkerShare<>(key, make.get(), tasks));
        share.users++;
        return share;
    }

    /**
     * The share of the task {@code context} belongs to, keyed by topology, worker port and component, for the
     * component's tasks in this worker; the task lets go of it with {@link #release()}.
     */
    static <T> WorkerShare<T> acquire(TopologyContext context, Supplier<T> make) {
        List<Integer> tasks = context.getComponentTasks(context.getThisComponentId());
        List<Integer> here = context.getThisWorkerTasks();
        String key = context.getStormId() + " " + context.getThisWorkerPort() + " " + context.getThisComponentId();
        return acquire(key, make, (int) tasks.stream().filter(here::contains).count());
    }

    /** This task is going away ({@link #release(String)} of this share's key). */
    void release() {
        release(key);
    }

    /** A task of {@code key} is going away; the last one drops the share (and what it holds). */
    static synchronized void release(String key) {
        WorkerShare<?> share = SHARES.get(key);
        if (share != null && --share.users == 0) {
            SHARES.remove(key);
        }
    }

    /** What the worker's tasks share (a table), or null. */
    T shared() {
        return shared;
    }

    /**
     * The jobs of {@code step} in this worker, taken one at a time: returns job indices in 0..{@code jobs}-1,
     * each to exactly one of the worker's tasks, and -1 when none is left. Every task of the worker asks for
     * every step.
     */
    Jobs jobs(long step, int jobs) {
        // a step's cursor outlives a failed step only until the next step starts
        cursors.keySet().removeIf(s -> s < step);
        Cursor cursor = cursors.computeIfAbsent(step, s -> new Cursor());
        return () -> {
            int j = cursor.next.getAndIncrement();
            if (j < jobs) {
                return j;
            }
            if (cursor.finished.incrementAndGet() == tasks) {
                cursors.remove(step);
            }
            return -1;
        };
    }

    /** One task's view of a step's jobs. */
    @FunctionalInterface
    interface Jobs {
        /** The next job's index, or -1 (then the task is done with the step: do not ask again). */
        int next();
    }
}
