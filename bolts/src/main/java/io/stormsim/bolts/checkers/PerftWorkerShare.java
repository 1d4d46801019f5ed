package io.stormsim.bolts.checkers;

import io.stormsim.checkers.PerftTable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the split tasks of one perft topology in one worker share: one table, so a subtree one task
 * counted is a hit for all (with a table of its own each, a task re-counts every transposition into
 * another task's subtrees: 1.4x the work at 2 tasks), and per step a cursor over the worker's jobs, from
 * which a task takes the next job whenever it is free (subtrees differ in size by orders of magnitude;
 * taking them as tasks come free balances the tasks without estimating sizes). Found by a key naming
 * topology, worker and component; the last of its tasks to let go of it drops it.
 */
final class PerftWorkerShare {
    private static final Map<String, PerftWorkerShare> SHARES = new HashMap<>();

    private final PerftTable table;
    private final int tasks;
    private int users;
    private final Map<Long, Cursor> cursors = new ConcurrentHashMap<>();

    /** Where a step's tasks are in its job list: the next job to take, and how many tasks are done with it. */
    private static final class Cursor {
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger finished = new AtomicInteger();
    }

    private PerftWorkerShare(int tableLog2, int tasks) {
        this.table = tableLog2 == 0 ? null : new PerftTable(tableLog2);
        this.tasks = tasks;
    }

    /**
     * The share of {@code key} for one more task; the first of the worker's {@code tasks} tasks makes it,
     * with a table of {@code 2^tableLog2} entries (0: none).
     */
    static synchronized PerftWorkerShare acquire(String key, int tableLog2, int tasks) {
        PerftWorkerShare share = SHARES.computeIfAbsent(key, k -> new PerftWorkerShare(tableLog2, tasks));
        share.users++;
        return share;
    }

    /** A task of {@code key} is going away; the last one drops the share (and its table). */
    static synchronized void release(String key) {
        PerftWorkerShare share = SHARES.get(key);
        if (share != null && --share.users == 0) {
            SHARES.remove(key);
        }
    }

    /** The worker's table, or null without one. */
    PerftTable table() {
        return table;
    }

    /**
     * The jobs of {@code step} in this worker, taken one at a time: returns job indices in 0..{@code jobs}-1,
     * each to exactly one of the worker's tasks, and -1 when none is left.
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
