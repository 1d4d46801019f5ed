package io.stormsim.bolts.checkers;

/**
 * One searcher's answer to its {@link SearchBatch}: the scores of its jobs in the batch's order, the nodes
 * each took (the coordinator balances the next depth's jobs by them) and the nanoseconds all took.
 */
public final class SearchAnswers {
    public final long round;
    public final int searcher;
    public final int[] scores;
    public final long[] jobNodes;
    public final long nanos;

    public SearchAnswers(long round, int searcher, int[] scores, long[] jobNodes, long nanos) {
        if (scores.length != jobNodes.length) {
            throw new IllegalArgumentException(scores.length + " scores and " + jobNodes.length + " node counts");
        }
        this.round = round;
        this.searcher = searcher;
        this.scores = scores;
        this.jobNodes = jobNodes;
        this.nanos = nanos;
    }
}
