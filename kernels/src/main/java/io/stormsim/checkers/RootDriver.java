package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.List;

/**
 * The root of a parallel search, without Storm: root moves and the moves two plies down become jobs
 * ({@link SearchJob}) handed to a {@link JobRunner} in three batches, young brothers waiting at both
 * levels:
 * <ol>
 * <li>the first root move, full window: its score {@code v1} bounds the others;
 * <li>the first reply to each other root move (its eldest son), with window ({@code v1}, +inf);
 * <li>the other replies to the root moves the first reply did not refute, with window
 * ({@code v1}, -u) where u is the root move's score from its first reply.
 * </ol>
 * Within a batch jobs are independent (they may run in parallel, in any order). Scores combine fail-soft,
 * so the root score is exactly the sequential alpha-beta score at that depth; the best move is the first,
 * in root order, that reaches it.
 */
public final class RootDriver {
    /** Runs a batch of jobs, possibly in parallel, and returns their scores in the batch's order. */
    @FunctionalInterface
    public interface JobRunner {
        int[] run(List<SearchJob> jobs);
    }

    /** Root score, best move (0 if the side to move has none) and the number of jobs run. */
    public record Outcome(int score, long bestMove, int jobs) {
    }

    private RootDriver() {
    }

    /**
     * Searches {@code root} to {@code depth} (at least 1), root move {@code firstMove} (an index in
     * {@link Position#moves()} order, e.g. the previous iteration's best) first, the others in order.
     */
    public static Outcome search(Position root, int depth, int firstMove, JobRunner runner) {
        if (depth < 1) {
            throw new IllegalArgumentException("root search depth " + depth + ": must be >= 1");
        }
        long[] generated = root.moves();
        if (generated.length == 0) {
            return new Outcome(-Evaluation.WIN, 0, 0);
        }
        if (firstMove < 0 || firstMove >= generated.length) {
            throw new IllegalArgumentException("first root move " + firstMove + ": must be 0.." + (generated.length - 1));
        }
        long[] rootMoves = new long[generated.length];
        rootMoves[0] = generated[firstMove];
        for (int i = 0, j = 1; i < generated.length; i++) {
            if (i != firstMove) {
                rootMoves[j++] = generated[i];
            }
        }
        int inf = Search.INFINITY;
        int jobs = 1;
        int v1 = -runner.run(List.of(new SearchJob(0, new long[] {rootMoves[0]}, depth - 1, -inf, inf)))[0];
        int brothers = rootMoves.length - 1;
        // u[i]: the score of brother i's node from its side to move's view, the negation of its root score
        int[] u = new int[brothers];
        if (depth == 1) {
            List<SearchJob> batch = new ArrayList<>();
            for (int i = 0; i < brothers; i++) {
                batch.add(new SearchJob(jobs + i, new long[] {rootMoves[i + 1]}, 0, -inf, -v1));
            }
            int[] w = runner.run(batch);
            jobs += batch.size();
            System.arraycopy(w, 0, u, 0, brothers);
        } else {
            long[][] replies = new long[brothers][];
            List<SearchJob> eldest = new ArrayList<>();
            List<Integer> eldestOf = new ArrayList<>();
            for (int i = 0; i < brothers; i++) {
                replies[i] = root.play(rootMoves[i + 1]).moves();
                if (replies[i].length == 0) {
                    u[i] = -(Evaluation.WIN - 1);
                } else {
                    eldest.add(new SearchJob(jobs + eldest.size(), new long[] {rootMoves[i + 1], replies[i][0]},
                            depth - 2, v1, inf));
                    eldestOf.add(i);
                }
            }
            int[] w = runner.run(eldest);
            jobs += eldest.size();
            List<SearchJob> younger = new ArrayList<>();
            List<Integer> youngerOf = new ArrayList<>();
            for (int e = 0; e < eldest.size(); e++) {
                int i = eldestOf.get(e);
                u[i] = -w[e];
                if (u[i] >= -v1) {
                    continue; // refuted: this root move scores at most v1
                }
                for (int r = 1; r < replies[i].length; r++) {
                    younger.add(new SearchJob(jobs + younger.size(), new long[] {rootMoves[i + 1], replies[i][r]},
                            depth - 2, v1, -u[i]));
                    youngerOf.add(i);
                }
            }
            w = runner.run(younger);
            jobs += younger.size();
            for (int y = 0; y < younger.size(); y++) {
                int i = youngerOf.get(y);
                u[i] = Math.max(u[i], -w[y]);
            }
        }
        int best = v1;
        long bestMove = rootMoves[0];
        for (int i = 0; i < brothers; i++) {
            if (-u[i] > best) {
                best = -u[i];
                bestMove = rootMoves[i + 1];
            }
        }
        return new Outcome(best, bestMove, jobs);
    }
}
