package io.stormsim.checkers.bolts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.Fen;
import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.RootBatches;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.SearchJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's rounds without Storm: searchers answering each round's batches give the sequential
 * scores in at most {@link SearchConfig#roundsFrom} rounds (empty batches take none), and re-sent rounds, late
 * and duplicate answers do not change them.
 */
class SearchRoundsTest {
    static final List<Position> POSITIONS = List.of(Position.start(),
            Fen.parse("B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,5,6,7,9,10,12,14"), Fen.parse("W:WK6:B9,10,17,18"),
            Fen.parse("W:W:B9"));
    static final int DEPTH = 5;

    /** A searcher alone in its worker: it runs the jobs dealt to it. */
    static SearchAnswers answer(Search search, SearchBatch batch, int searcher) {
        return answer(search, batch, searcher,
                IntStream.range(0, batch.jobs.size()).filter(j -> batch.dealtTo[j] == searcher).toArray());
    }

    /** A searcher's answer after running {@code jobs} of the batch, in that order. */
    static SearchAnswers answer(Search search, SearchBatch batch, int searcher, int[] jobs) {
        int[] scores = new int[jobs.length];
        long[] nodes = new long[jobs.length];
        long[] best = new long[jobs.length];
        for (int k = 0; k < jobs.length; k++) {
            SearchJob job = batch.jobs.get(jobs[k]);
            long before = search.nodes();
            scores[k] = search.search(batch.root, job);
            nodes[k] = search.nodes() - before;
            best[k] = search.bestMove(job.position(batch.root));
        }
        return new SearchAnswers(batch.round, searcher, jobs, scores, nodes, best, 0);
    }

    private static void assertSequential(List<SearchRounds.Finished> finished) {
        assertEquals(POSITIONS.size(), finished.size());
        for (SearchRounds.Finished f : finished) {
            Position p = POSITIONS.get(f.position());
            assertEquals(new Search(new LocalTable(16)).search(p, DEPTH).score(), f.outcome().score(), p.toFen());
        }
    }

    @Test
    void roundsGiveTheSequentialScoresInAtMostTheConfiguredNumberOfRounds() {
        int searchers = 3;
        Search[] pool = {new Search(new LocalTable(14)), new Search(new LocalTable(14)), new Search(new LocalTable(14))};
        SearchRounds rounds = new SearchRounds(POSITIONS, DEPTH, searchers);
        List<SearchRounds.Finished> finished = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        long round = 0;
        for (; !rounds.done(); round++) {
            assertEquals(finished.size() == starts.size(), rounds.startsPosition(round), "round " + round);
            if (rounds.startsPosition(round)) {
                starts.add(round);
            }
            List<SearchBatch> batches = rounds.batches(round);
            assertEquals(searchers, batches.size());
            assertTrue(round == starts.get(starts.size() - 1) || batches.stream().anyMatch(b -> !b.jobs.isEmpty()),
                    "only a position's first round may be empty: round " + round);
            // answers arrive in any order
            for (int s = searchers - 1; s >= 0; s--) {
                SearchRounds.Finished f = rounds.answer(answer(pool[s], batches.get(s), s));
                if (f != null) {
                    assertEquals(0, s, "a position ends with the round's last answer");
                    finished.add(f);
                }
            }
        }
        assertTrue(round <= (long) POSITIONS.size() * DEPTH * RootBatches.BATCHES, round + " rounds");
        assertEquals(POSITIONS.size(), starts.size());
        assertEquals(round - 1, (long) starts.get(3), "a side without a move: one (empty) round");
        assertSequential(finished);
        assertTrue(finished.get(0).nodes() > 0 && finished.get(0).jobs() > 0);
        assertEquals(0, finished.get(3).jobs(), "a side without a move has no job");
        for (long after = round; after < round + 3; after++) {
            for (SearchBatch b : rounds.batches(after)) {
                assertEquals(List.<SearchJob>of(), b.jobs, "rounds after the last are empty: " + after);
            }
        }
    }

    @Test
    void resentRoundsAndLateOrDuplicateAnswersChangeNothing() {
        Search[] pool = {new Search(new LocalTable(14)), new Search(new LocalTable(14))};
        SearchRounds rounds = new SearchRounds(POSITIONS, DEPTH, 2);
        List<SearchRounds.Finished> finished = new ArrayList<>();
        for (long round = 0; !rounds.done(); round++) {
            List<SearchBatch> first = rounds.batches(round);
            // the first searcher answers, then the round fails and is sent again: the same jobs
            SearchAnswers early = answer(pool[0], first.get(0), 0);
            assertNull(rounds.answer(early));
            List<SearchBatch> again = rounds.batches(round);
            for (int s = 0; s < 2; s++) {
                assertEquals(first.get(s).jobs, again.get(s).jobs);
            }
            long next = round + 1;
            assertThrows(IllegalStateException.class, () -> rounds.batches(next));
            assertNull(rounds.answer(answer(pool[0], again.get(0), 0)));
            assertNull(rounds.answer(early), "a second answer of the same searcher is ignored");
            SearchRounds.Finished f = rounds.answer(answer(pool[1], again.get(1), 1));
            if (f != null) {
                finished.add(f);
            }
            // sent once more after all its answers were in: nothing to do, and late answers are ignored
            for (SearchBatch b : rounds.batches(round)) {
                assertEquals(List.<SearchJob>of(), b.jobs);
            }
            assertNull(rounds.answer(early));
        }
        assertSequential(finished);
    }

    @Test
    void searchersOfOneWorkerTakingJobsInAnyOrderGiveTheSequentialScores() {
        // three searchers in one worker: each round's jobs go to them in a random interleaving, as they
        // would come free; a job dealt to any of them may be run by any of them
        for (long seed = 0; seed < 3; seed++) {
            Random random = new Random(seed);
            Search[] pool = {new Search(new LocalTable(14)), new Search(new LocalTable(14)), new Search(new LocalTable(14))};
            SearchRounds rounds = new SearchRounds(POSITIONS, DEPTH, 3);
            List<SearchRounds.Finished> finished = new ArrayList<>();
            for (long round = 0; !rounds.done(); round++) {
                SearchBatch batch = rounds.batches(round).get(0);
                List<List<Integer>> taken = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                for (int j = 0; j < batch.jobs.size(); j++) {
                    taken.get(random.nextInt(3)).add(j);
                }
                for (int s = 0; s < 3; s++) {
                    int[] jobs = taken.get(s).stream().mapToInt(Integer::intValue).toArray();
                    SearchRounds.Finished f = rounds.answer(answer(pool[s], batch, s, jobs));
                    if (f != null) {
                        finished.add(f);
                    }
                }
            }
            assertSequential(finished);
        }
    }

    @Test
    void aJobNobodyRanOrRanTwiceIsAnError() {
        SearchRounds rounds = new SearchRounds(List.of(Position.start()), 3, 2);
        SearchBatch batch = rounds.batches(0).get(0);
        Search search = new Search(new LocalTable(10));
        assertNull(rounds.answer(answer(search, batch, 0, new int[] {0})));
        assertThrows(IllegalStateException.class, () -> rounds.answer(answer(search, batch, 1, new int[] {0})));
    }

    @Test
    void deeperSearchesSplitThePrincipalVariationFurtherAndKeepTheSequentialScores() {
        int depth = 16;
        Search[] pool = {new Search(new LocalTable(18)), new Search(new LocalTable(18))};
        SearchRounds rounds = new SearchRounds(List.of(Position.start()), depth, 2);
        SearchRounds.Finished finished = null;
        int deepestLeaf = 0;
        long round = 0;
        for (; !rounds.done(); round++) {
            List<SearchBatch> batches = rounds.batches(round);
            // a PV leaf: a batch of one job with the full window
            List<SearchJob> jobs = batches.get(0).jobs;
            if (jobs.size() == 1 && jobs.get(0).alpha == -Search.INFINITY && jobs.get(0).beta == Search.INFINITY) {
                deepestLeaf = Math.max(deepestLeaf, jobs.get(0).path.length);
            }
            for (int s = 0; s < 2; s++) {
                SearchRounds.Finished f = rounds.answer(answer(pool[s], batches.get(s), s));
                finished = f == null ? finished : f;
            }
        }
        assertTrue(deepestLeaf >= 3, "the PV leaf was at most " + deepestLeaf + " plies down");
        assertTrue(round <= (long) depth * RootBatches.BATCHES, round + " rounds");
        assertEquals(new Search(new LocalTable(16)).search(Position.start(), depth).score(), finished.outcome().score());
    }
}
