package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a perft into jobs at a given ply: one job per node {@code splitDepth} plies below the root, in
 * depth-first move-generation order (the same list every run). Lines that end (side to move without
 * moves) before the split ply have no leaves at the full depth and yield no job, so the jobs' counts
 * sum to perft exactly.
 */
public final class PerftJobs {
    private PerftJobs() {
    }

    /**
     * The jobs of {@code perft(root, depth)} split {@code splitDepth} plies down ({@code 1 <= splitDepth
     * <= depth}).
     */
    public static List<PerftJob> split(Position root, int depth, int splitDepth) {
        if (splitDepth < 1 || splitDepth > depth) {
            throw new IllegalArgumentException("perft split depth " + splitDepth + " with depth " + depth
                    + ": must be 1..depth");
        }
        List<PerftJob> jobs = new ArrayList<>();
        long[] rootMoves = root.moves();
        long[] path = new long[splitDepth];
        for (int i = 0; i < rootMoves.length; i++) {
            path[0] = rootMoves[i];
            collect(root.play(rootMoves[i]), i, path, 1, depth - splitDepth, jobs);
        }
        return jobs;
    }

    private static void collect(Position p, int rootMove, long[] path, int ply, int remaining, List<PerftJob> jobs) {
        if (ply == path.length) {
            jobs.add(new PerftJob(jobs.size(), rootMove, path, remaining));
            return;
        }
        for (long m : p.moves()) {
            path[ply] = m;
            collect(p.play(m), rootMove, path, ply + 1, remaining, jobs);
        }
    }

    /** Per root move sums of job counts ({@code counts[j]} belongs to {@code jobs.get(j)}): divide. */
    public static long[] divide(Position root, List<PerftJob> jobs, long[] counts) {
        long[] perMove = new long[root.moves().length];
        for (int j = 0; j < jobs.size(); j++) {
            perMove[jobs.get(j).rootMove] += counts[j];
        }
        return perMove;
    }
}
