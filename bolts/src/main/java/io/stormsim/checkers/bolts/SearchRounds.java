package io.stormsim.checkers.bolts;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.RootBatches;
import io.stormsim.checkers.RootDriver;
import io.stormsim.checkers.SearchJob;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The coordinator's state, Storm-free: which position, depth and batch each round is, the batch dealt
 * over the searchers, and the answers gathered until the round is complete. A batch's jobs are dealt
 * largest first, each to the searcher with the least work so far (longest processing time first), sizes
 * estimated by the nodes the same job (same moves from the root) took one depth shallower; ties go to the
 * lower index, so the deal is deterministic. Every searcher gets the whole deal, and the searchers of one
 * worker take the jobs dealt to any of them as they come free: the deal balances workers, taking balances
 * the searchers within one. A depth splits the principal variation one ply further down than the depth
 * before once that one's PV leaf (searched alone, the others waiting; at depth 1 the first root move)
 * took at least {@value #SPLIT_LEAF_NODES} nodes, where the parallel work repays a round's latency (about
 * a millisecond). An empty batch takes no round, except the first of a position (a round starts every
 * position). Rounds are numbered on from the first (0; for a restarted coordinator, the first the spout
 * sends it), at most {@link SearchConfig#roundsFrom} of them; a round asked for again (the spout re-sends a
 * failed one) gets the same batches if its answers were not all in, empty ones if they were, as do rounds
 * after the last; answers of an older round, or a second answer of a searcher, are ignored.
 */
final class SearchRounds {
    /** A position searched to the full depth: its index, outcome, nodes (all searchers) and jobs. */
    record Finished(int position, RootDriver.Outcome outcome, long nodes, int jobs) {
    }

    /** Nodes of a PV leaf from which the next depth splits one ply further down: ~2 ms of one core's search. */
    static final long SPLIT_LEAF_NODES = 25_000;

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
    private long leafNodes;
    private int jobs;
    // the current round's deal: dealOrder[k] is the batch index of the deal's k-th job
    private int[] dealOrder;
    private List<SearchBatch> current;
    // nodes a job took, by the moves of its path, at the deepest depth searched so far
    private final Map<Long, Long> jobSizes = new HashMap<>();

    SearchRounds(List<Position> positions, int depth, int searchers) {
        this(positions, depth, searchers, 0, 0);
    }

    /**
     * The search from position {@code firstPosition} on (the positions before it are finished; all of them:
     * nothing left), its first round numbered {@code firstRound}: how a restarted coordinator takes it up.
     */
    SearchRounds(List<Position> positions, int depth, int searchers, int firstPosition, long firstRound) {
        this.positions = positions;
        this.depth = depth;
        this.searchers = searchers;
        this.answers = new SearchAnswers[searchers];
        this.nextRound = firstRound;
        if (firstPosition < positions.size()) {
            start(firstPosition);
        }
    }

    private void start(int index) {
        position = index;
        iteration = 1;
        batches = new RootBatches(positions.get(index), 1, 0);
        nodes = 0;
        jobs = 0;
        jobSizes.clear();
        current = null;
    }

    /** Whether round {@code round} starts a position (its first batch at depth 1). */
    boolean startsPosition(long round) {
        return round == nextRound && !done() && iteration == 1 && batches.batchIndex() == 0;
    }

    /** Each searcher's batch of round {@code round}; fails for a round whose previous round is not answered. */
    List<SearchBatch> batches(long round) {
        if (round > nextRound && !done()) {
            throw new IllegalStateException("round " + round + " came before round " + nextRound + " was answered");
        }
        if (round < nextRound || done()) {
            Position root = positions.get(done() ? positions.size() - 1 : position);
            List<SearchBatch> out = new ArrayList<>(searchers);
            for (int p = 0; p < searchers; p++) {
                out.add(new SearchBatch(round, root, List.of(), new int[0]));
            }
            return out;
        }
        Arrays.fill(answers, null);
        answered = 0;
        if (current == null) {
            current = deal(round, batches.batch());
        }
        return current;
    }

    private List<SearchBatch> deal(long round, List<SearchJob> batch) {
        long[] size = new long[batch.size()];
        long known = 0;
        int knownCount = 0;
        for (int j = 0; j < size.length; j++) {
            size[j] = jobSizes.getOrDefault(key(batch.get(j).path), -1L);
            if (size[j] >= 0) {
                known += size[j];
                knownCount++;
            }
        }
        long unknown = knownCount == 0 ? 1 : Math.max(1, known / knownCount);
        Integer[] order = new Integer[size.length];
        for (int j = 0; j < size.length; j++) {
            size[j] = size[j] < 0 ? unknown : size[j];
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> size[a] != size[b] ? Long.compare(size[b], size[a]) : Integer.compare(a, b));
        long[] load = new long[searchers];
        dealOrder = new int[size.length];
        int[] dealtTo = new int[size.length];
        List<SearchJob> jobsInOrder = new ArrayList<>(size.length);
        for (int k = 0; k < size.length; k++) {
            int least = 0;
            for (int p = 1; p < searchers; p++) {
                least = load[p] < load[least] ? p : least;
            }
            load[least] += size[order[k]];
            dealOrder[k] = order[k];
            dealtTo[k] = least;
            jobsInOrder.add(batch.get(order[k]));
        }
        SearchBatch deal = new SearchBatch(round, positions.get(position), jobsInOrder, dealtTo);
        return Collections.nCopies(searchers, deal);
    }

    /** A job's moves from the root as one key (a collision only misestimates a size). */
    private static long key(long[] path) {
        long k = path.length;
        for (long move : path) {
            k = k * 0x9E3779B97F4A7C15L + move;
        }
        return k;
    }

    /**
     * Records a searcher's answer; when it completes the round the search moves on, and if that ends a
     * position, returns it (else null).
     */
    Finished answer(SearchAnswers a) {
        if (done() || current == null || a.round != nextRound || answers[a.searcher] != null) {
            return null;
        }
        answers[a.searcher] = a;
        if (++answered < searchers) {
            return null;
        }
        List<SearchJob> batch = batches.batch();
        int[] scores = new int[batch.size()];
        long[] bestMoves = new long[batch.size()];
        boolean[] in = new boolean[batch.size()];
        for (SearchAnswers from : answers) {
            for (int k = 0; k < from.jobs.length; k++) {
                int j = dealOrder[from.jobs[k]];
                if (in[j]) {
                    throw new IllegalStateException("round " + a.round + ": job " + j + " answered twice");
                }
                in[j] = true;
                scores[j] = from.scores[k];
                bestMoves[j] = from.bestMoves[k];
                jobSizes.put(key(batch.get(j).path), from.jobNodes[k]);
                nodes += from.jobNodes[k];
                if (batches.batchIndex() == 0) {
                    leafNodes = from.jobNodes[k];
                }
            }
        }
        for (int j = 0; j < in.length; j++) {
            if (!in[j]) {
                throw new IllegalStateException("round " + a.round + ": no searcher answered job " + j);
            }
        }
        jobs += scores.length;
        current = null;
        nextRound++;
        batches.answer(scores, bestMoves);
        return advance();
    }

    /** Past the batches that are done and the empty ones; the position, if that ends it. */
    private Finished advance() {
        while (true) {
            if (!batches.done()) {
                if (!batches.batch().isEmpty()) {
                    return null;
                }
                batches.answer(new int[0]);
                continue;
            }
            if (iteration < depth) {
                iteration++;
                int plies = batches.splitPlies() + (leafNodes >= SPLIT_LEAF_NODES ? 1 : 0);
                batches = batches.deeper(Math.max(1, Math.min(RootBatches.MAX_SPLIT_PLIES, plies)));
                continue;
            }
            Finished finished = new Finished(position, batches.outcome(), nodes, jobs);
            if (position + 1 < positions.size()) {
                start(position + 1);
            } else {
                batches = null;
            }
            return finished;
        }
    }

    boolean done() {
        return batches == null;
    }
}
