package io.stormsim.bolts.checkers;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.SearchJob;
import java.util.List;

/**
 * One searcher's jobs of one round (possibly none), with the root position they start from. Jobs are the
 * round's batch striped over the searchers: job j of the batch goes to searcher j mod P.
 */
public final class SearchBatch {
    public final long round;
    public final Position root;
    public final List<SearchJob> jobs;

    public SearchBatch(long round, Position root, List<SearchJob> jobs) {
        this.round = round;
        this.root = root;
        this.jobs = jobs;
    }
}
