package io.stormsim.bolts.checkers;

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

    static SearchAnswers answer(Search search, SearchBatch batch, int searcher) {
        int[] scores = new int[batch.jobs.size()];
        long[] nodes = new long[scores.length];
        for (int j = 0; j < scores.length; j++) {
            long before = search.nodes();
            scores[j] = search.search(batch.root, batch.jobs.get(j));
            nodes[j] = search.nodes() - before;
        }
        return new SearchAnswers(batch.round, searcher, scores, nodes, 0);
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
    void deeperSearchesSplitTheFirstMoveAndKeepTheSequentialScores() {
        int depth = 14;
        Search[] pool = {new Search(new LocalTable(16)), new Search(new LocalTable(16))};
        SearchRounds rounds = new SearchRounds(List.of(Position.start()), depth, 2);
        SearchRounds.Finished finished = null;
        int splitRounds = 0;
        for (long round = 0; !rounds.done(); round++) {
            List<SearchBatch> batches = rounds.batches(round);
            // the first move's replies: two moves deep with the full window's alpha (batches 0 and 1)
            splitRounds += batches.stream().flatMap(b -> b.jobs.stream())
                    .anyMatch(j -> j.path.length == 2 && j.alpha == -Search.INFINITY) ? 1 : 0;
            for (int s = 0; s < 2; s++) {
                SearchRounds.Finished f = rounds.answer(answer(pool[s], batches.get(s), s));
                finished = f == null ? finished : f;
            }
        }
        assertTrue(splitRounds >= 2, splitRounds + " rounds with the first move split");
        assertEquals(new Search(new LocalTable(16)).search(Position.start(), depth).score(), finished.outcome().score());
    }
}
