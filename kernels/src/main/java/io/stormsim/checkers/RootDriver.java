package io.stormsim.checkers;

import java.util.List;

/**
 * The root of a parallel search, without Storm: root moves and the moves two plies down become jobs
 * ({@link SearchJob}) handed to a {@link JobRunner} in four batches ({@link RootBatches}), young brothers
 * waiting at the root, at the first root move and at depth 2:
 * <ol>
 * <li>the first root move's first reply, full window;
 * <li>the first root move's other replies, with the window the first bounds: with the first, the first
 * move's score {@code v1}, which bounds the other root moves;
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
        RootBatches batches = new RootBatches(root, depth, firstMove);
        while (!batches.done()) {
            List<SearchJob> batch = batches.batch();
            batches.answer(batch.isEmpty() ? new int[0] : runner.run(batch));
        }
        return batches.outcome();
    }
}
