package io.stormsim.checkers.bolts;

/**
 * One searcher's answer to its {@link SearchBatch}: which of the batch's jobs it ran (indices into its
 * list), their scores, the nodes each took (the coordinator balances the next depth's jobs by them) and
 * the best move each search found (0: none known), and the nanoseconds all took.
 */
public final class SearchAnswers {
    public final long round;
    public final int searcher;
    public final int[] jobs;
    public final int[] scores;
    public final long[] jobNodes;
    public final long[] bestMoves;
    public final long nanos;

    public SearchAnswers(long round, int searcher, int[] jobs, int[] scores, long[] jobNodes, long[] bestMoves,
            long nanos) {
        if (jobs.length != scores.length || scores.length != jobNodes.length || scores.length != bestMoves.length) {
            throw new IllegalArgumentException(jobs.length + " jobs, " + scores.length + " scores, " + jobNodes.length
                    + " node counts and " + bestMoves.length + " best moves");
        }
        this.round = round;
        this.searcher = searcher;
        this.jobs = jobs;
        this.scores = scores;
        this.jobNodes = jobNodes;
        this.bestMoves = bestMoves;
        this.nanos = nanos;
    }
}
