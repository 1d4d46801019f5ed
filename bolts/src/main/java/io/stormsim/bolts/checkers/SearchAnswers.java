package io.stormsim.bolts.checkers;

/**
 * One searcher's answer to its {@link SearchBatch}: the scores of its jobs in the batch's order, the nodes
 * they took and the nanoseconds they took.
 */
public final class SearchAnswers {
    public final long round;
    public final int searcher;
    public final int[] scores;
    public final long nodes;
    public final long nanos;

    public SearchAnswers(long round, int searcher, int[] scores, long nodes, long nanos) {
        this.round = round;
        this.searcher = searcher;
        this.scores = scores;
        this.nodes = nodes;
        this.nanos = nanos;
    }
}
