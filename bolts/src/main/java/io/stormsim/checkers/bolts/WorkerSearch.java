package io.stormsim.checkers.bolts;

import io.stormsim.checkers.SearchJob;
import io.stormsim.checkers.SharedJob;
import io.stormsim.checkers.SharedTable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the searchers of one worker share with {@code table = worker}: one {@link SharedTable}, and each
 * round's jobs as they are taken, so that a searcher with no job left joins one still running
 * ({@link SharedJob}) instead of waiting for the round's last job to end.
 */
final class WorkerSearch {
    final SharedTable table;
    private final Map<Long, SharedJob[]> rounds = new ConcurrentHashMap<>();

    WorkerSearch(int tableLog2) {
        table = new SharedTable(tableLog2);
    }

    /** Job {@code j} (of {@code jobs} in this worker) of {@code step}, taken now by a searcher. */
    SharedJob taken(long step, int jobs, int j, SearchJob job) {
        // a step's jobs outlive a failed step only until the next step starts
        rounds.keySet().removeIf(s -> s < step);
        SharedJob shared = new SharedJob(job);
        rounds.computeIfAbsent(step, s -> new SharedJob[jobs])[j] = shared;
        return shared;
    }

    /**
     * A job of {@code step} still running that a searcher with none of its own left should join: the one with
     * the fewest searchers in it, the first taken (the largest expected) among equals; null if none.
     */
    SharedJob toJoin(long step) {
        SharedJob[] taken = rounds.get(step);
        if (taken == null) {
            return null;
        }
        SharedJob join = null;
        for (SharedJob shared : taken) {
            if (shared != null && !shared.finished() && (join == null || shared.searchers() < join.searchers())) {
                join = shared;
            }
        }
        return join;
    }
}
