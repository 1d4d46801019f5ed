package io.stormsim.checkers.bolts;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.SearchJob;
import java.util.List;

/**
 * One round's batch as every searcher gets it, with the root position its jobs start from: the jobs in
 * the order to take them (largest expected first) and the searcher each was dealt to. A searcher runs the
 * jobs dealt to the searchers of its worker, taking them as it comes free, shared with those searchers.
 */
public final class SearchBatch {
    public final long round;
    public final Position root;
    public final List<SearchJob> jobs;
    public final int[] dealtTo;

    public SearchBatch(long round, Position root, List<SearchJob> jobs, int[] dealtTo) {
        if (jobs.size() != dealtTo.length) {
            throw new IllegalArgumentException(jobs.size() + " jobs and " + dealtTo.length + " searchers dealt to");
        }
        this.round = round;
        this.root = root;
        this.jobs = jobs;
        this.dealtTo = dealtTo;
    }
}
