package io.stormsim.bolts.checkers;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.RootBatches;
import io.stormsim.checkers.RootDriver;
import io.stormsim.checkers.SearchJob;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The coordinator's state, Storm-free: which position, depth and batch each round is, the batch striped
 * over the searchers (job j to searcher j mod P), and the answers gathered until the round is complete.
 * Rounds are numbered 0, 1, ... ({@link SearchConfig#rounds} in all); a round asked for again (the spout
 * re-sends a failed one) gets the same batches if its answers were not all in, empty ones if they were;
 * answers of an older round, or a second answer of a searcher, are ignored.
 */
final class SearchRounds {
    /** A position searched to the full depth: its index, outcome, nodes (all searchers) and jobs. */
    record Finished(int position, RootDriver.Outcome outcome, long nodes, int jobs) {
    }

    private final List<Position> positions;
    private final int depth;
    private final int searchers;
    private final SearchAnswers[] answers;
    private int answered;
    private int position;
    private int iteration;
    private RootBatches batches;
    private long nextRound;
    private long nodes;
    private int jobs;

    SearchRounds(List<Position> positions, int depth, int searchers) {
        this.positions = positions;
        this.depth = depth;
        this.searchers = searchers;
        this.answers = new SearchAnswers[searchers];
        start(0);
    }

    private void start(int index) {
        position = index;
        iteration = 1;
        batches = new RootBatches(positions.get(index), 1, 0);
        nodes = 0;
        jobs = 0;
    }

    /** Whether round {@code round} starts a position (its first batch at depth 1). */
    boolean startsPosition(long round) {
        return round == nextRound && !done() && iteration == 1 && batches.batchIndex() == 0;
    }

    /** Each searcher's batch of round {@code round}; fails for a round whose previous round is not answered. */
    List<SearchBatch> batches(long round) {
        if (round > nextRound) {
            throw new IllegalStateException("round " + round + " came before round " + nextRound + " was answered"
                    + " (a coordinator that lost its state cannot resume a search)");
        }
        Position root = positions.get(position);
        List<SearchBatch> out = new ArrayList<>(searchers);
        if (round < nextRound || done()) {
            for (int p = 0; p < searchers; p++) {
                out.add(new SearchBatch(round, root, List.of()));
            }
            return out;
        }
        Arrays.fill(answers, null);
        answered = 0;
        List<SearchJob> batch = batches.batch();
        for (int p = 0; p < searchers; p++) {
            List<SearchJob> mine = new ArrayList<>();
            for (int j = p; j < batch.size(); j += searchers) {
                mine.add(batch.get(j));
            }
            out.add(new SearchBatch(round, root, mine));
        }
        return out;
    }

    /**
     * Records a searcher's answer; when it completes the round the search moves on, and if that ends a
     * position, returns it (else null).
     */
    Finished answer(SearchAnswers a) {
        if (done() || a.round != nextRound || answers[a.searcher] != null) {
            return null;
        }
        answers[a.searcher] = a;
        if (++answered < searchers) {
            return null;
        }
        int[] scores = new int[batches.batch().size()];
        for (int j = 0; j < scores.length; j++) {
            scores[j] = answers[j % searchers].scores[j / searchers];
        }
        for (SearchAnswers s : answers) {
            nodes += s.nodes;
        }
        jobs += scores.length;
        batches.answer(scores);
        nextRound++;
        if (!batches.done()) {
            return null;
        }
        if (iteration < depth) {
            iteration++;
            batches = batches.deeper();
            return null;
        }
        Finished finished = new Finished(position, batches.outcome(), nodes, jobs);
        if (position + 1 < positions.size()) {
            start(position + 1);
        } else {
            batches = null;
        }
        return finished;
    }

    boolean done() {
        return batches == null;
    }
}
