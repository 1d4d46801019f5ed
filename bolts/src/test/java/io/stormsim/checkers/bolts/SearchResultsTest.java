package io.stormsim.checkers.bolts;

import static io.stormsim.checkers.bolts.SearchRoundsTest.DEPTH;
import static io.stormsim.checkers.bolts.SearchRoundsTest.POSITIONS;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Move;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search's results and a restarted coordinator's resume, without Storm: the rows a predecessor wrote are
 * kept (one cut off is dropped), the search takes up the first position without a row from depth 1 at the
 * round the spout sends, and wherever the coordinator dies, every position has one row with the sequential
 * score, within the rounds the spout sends.
 */
class SearchResultsTest {
    private static final int SEARCHERS = 2;
    private static final SearchConfig CONFIG = new SearchConfig(Path.of("unused"), POSITIONS, DEPTH,
            SearchConfig.Table.LOCAL, 14, 2);
    private static final Search[] POOL = {new Search(new LocalTable(14)), new Search(new LocalTable(14))};
    private static final int[] SEQUENTIAL = POSITIONS.stream()
            .mapToInt(p -> new Search(new LocalTable(16)).search(p, DEPTH).score()).toArray();

    @TempDir
    Path dir;

    private static SearchResults.Row row(int position, int score) {
        return new SearchResults.Row(position, POSITIONS.get(position).toFen(), DEPTH, "9-13", score, 1000 + position,
                0.5, 7);
    }

    private SearchResults results(boolean continuing) throws IOException {
        return new SearchResults(new RunOutput(dir), CONFIG, SEARCHERS, continuing);
    }

    private String csv() throws IOException {
        return Files.readString(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV));
    }

    @Test
    void aRestartedCoordinatorKeepsTheRowsBeforeAndWritesEveryPositionOnce() throws Exception {
        SearchResults first = results(false);
        assertEquals(0, first.firstUnfinished());
        first.add(row(0, 10));
        first.add(row(1, -20));
        String cut = row(2, 5).csv();
        Files.writeString(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV), csv() + cut.substring(0, cut.length() / 2));

        SearchResults again = results(true);
        assertEquals(2, again.firstUnfinished(), "position 2's row was cut off: its search did not finish");
        assertEquals(2, again.finishedBefore());
        assertFalse(again.allFinished());
        assertEquals(SearchCoordinatorBolt.CSV_HEADER + "\n" + row(0, 10).csv() + "\n" + row(1, -20).csv() + "\n", csv());
        again.add(row(2, 5));
        again.add(row(3, 0));
        assertTrue(again.allFinished());
        again.complete(1.5);
        assertEquals(List.of(SearchCoordinatorBolt.CSV_HEADER, row(0, 10).csv(), row(1, -20).csv(), row(2, 5).csv(),
                row(3, 0).csv()), Files.readAllLines(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV)));
        assertEquals("4 positions searched to depth 5 by 2 searchers, local tables (search.csv, search.txt)\n"
                + "2 positions done before this sink restarted (their rows are in search.csv); the figures below are of"
                + " the 2 since\n2005 nodes in 1.500 s, 1337 nodes/s\n", Files.readString(dir.resolve(RunOutput.SUMMARY)));
        List<String> table = Files.readAllLines(dir.resolve(SearchCoordinatorBolt.SEARCH_TXT));
        assertEquals(3 + POSITIONS.size(), table.size(), String.join("\n", table));
        for (int p = 0; p < POSITIONS.size(); p++) {
            assertTrue(table.get(3 + p).startsWith(String.format("%4d  ", p)) && table.get(3 + p).endsWith(
                    POSITIONS.get(p).toFen()), table.get(3 + p));
        }
    }

    @Test
    void aNewRunStartsAfreshAndRowsOfAnotherRunAreRefused() throws Exception {
        String header = SearchCoordinatorBolt.CSV_HEADER + "\n";
        Path csv = dir.resolve(SearchCoordinatorBolt.SEARCH_CSV);
        Files.writeString(csv, header + row(0, 10).csv() + "\n");
        assertEquals(0, results(false).firstUnfinished());
        assertEquals(header, csv());

        SearchResults.Row otherFen = new SearchResults.Row(0, POSITIONS.get(1).toFen(), DEPTH, "9-13", 0, 1, 1, 1);
        SearchResults.Row otherDepth = new SearchResults.Row(0, POSITIONS.get(0).toFen(), DEPTH + 1, "9-13", 0, 1, 1, 1);
        for (SearchResults.Row bad : List.of(otherFen, otherDepth)) {
            Files.writeString(csv, header + bad.csv() + "\n");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> results(true));
            assertTrue(e.getMessage().startsWith(csv + ", line 2: position 0 "), e.getMessage());
        }
        for (String bad : List.of("0,\"B:W21\",5", row(0, 10).csv() + ",7", "0,B:W21,5,9-13,0,1,1,1,1")) {
            Files.writeString(csv, header + bad + "\n");
            assertTrue(assertThrows(IllegalStateException.class, () -> results(true)).getMessage()
                    .startsWith(csv + ", line 2: not a row of search.csv"), bad);
        }
        Files.writeString(csv, header + row(0, 10).csv() + "\n" + row(2, 10).csv() + "\n");
        assertTrue(assertThrows(IllegalStateException.class, () -> results(true)).getMessage()
                .contains("has results of 2 positions but not of position 1"));
    }

    @Test
    void aCoordinatorKilledInAnyRoundResumesWithEveryPositionOnceAtTheSequentialScore() throws Exception {
        long undisturbed = new Life(dir.resolve("undisturbed"), false, 0).play(Long.MAX_VALUE);
        for (long kill = 0; kill < undisturbed; kill++) {
            Path run = dir.resolve("killed-in-round-" + kill);
            Life first = new Life(run, false, 0);
            first.play(kill);
            // the round's jobs went out, its answers are lost with the coordinator: the spout sends it again
            first.rounds.batches(kill);
            long end = new Life(run, true, kill).play(Long.MAX_VALUE);
            assertTrue(end <= CONFIG.rounds(), "killed in round " + kill + ": " + end + " rounds");
            assertOnceAtTheSequentialScore(run);
        }
    }

    @Test
    void theSpoutHasRoundsForTheRestartsAllowedEachAtItsWorst() throws Exception {
        long round = 0;
        for (int kill = 0; kill < SearchConfig.COORDINATOR_RESTARTS; kill++) {
            // killed after the last answer of a position, before its row was whole: every round of it lost
            Life life = new Life(dir, kill > 0, round);
            for (SearchRounds.Finished f = null; f == null; round++) {
                f = life.round(round);
            }
            String row = life.row(life.lastFinished).csv();
            Files.writeString(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV), row.substring(0, row.length() - 3),
                    StandardOpenOption.APPEND);
        }
        long end = new Life(dir, true, round).play(Long.MAX_VALUE);
        assertTrue(end <= CONFIG.rounds(), end + " rounds, the spout sends " + CONFIG.rounds());
        assertOnceAtTheSequentialScore(dir);

        Path fresh = dir.resolve("fresh");
        long last = CONFIG.rounds() - CONFIG.roundsFrom(0);
        assertDoesNotThrow(() -> new SearchResults(new RunOutput(fresh), CONFIG, SEARCHERS, true).searchFrom(last));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new SearchResults(new RunOutput(fresh), CONFIG, SEARCHERS, true).searchFrom(last + 1));
        assertTrue(e.getMessage().startsWith("the search cannot resume at round " + (last + 1) + ": positions 0..3 may"
                + " take " + CONFIG.roundsFrom(0) + " rounds, and the spout sends " + CONFIG.rounds() + " in all"),
                e.getMessage());
    }

    private static void assertOnceAtTheSequentialScore(Path run) throws IOException {
        Map<Integer, String[]> rows = new HashMap<>();
        List<String> lines = Files.readAllLines(run.resolve(SearchCoordinatorBolt.SEARCH_CSV));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\"")[2].split(",");
            assertNull(rows.put(Integer.parseInt(line.substring(0, line.indexOf(','))), f), run + ": " + line);
        }
        assertEquals(POSITIONS.size(), rows.size(), run.toString());
        for (int p = 0; p < POSITIONS.size(); p++) {
            assertEquals(SEQUENTIAL[p], Integer.parseInt(rows.get(p)[3]), run + ", position " + p);
        }
        assertTrue(Files.readString(run.resolve(RunOutput.SUMMARY)).startsWith(POSITIONS.size() + " positions"));
    }

    /** A coordinator task's life, as the bolt lives it, with searchers answering at once. */
    private static final class Life {
        final SearchResults results;
        final SearchRounds rounds;
        final long firstRound;
        SearchRounds.Finished lastFinished;

        Life(Path run, boolean restarted, long firstRound) throws IOException {
            results = new SearchResults(new RunOutput(run), CONFIG, SEARCHERS, restarted);
            rounds = results.searchFrom(firstRound);
            this.firstRound = firstRound;
        }

        /** Round {@code round}: dealt, answered; returns the position it finished, if any (its row not yet written). */
        SearchRounds.Finished round(long round) {
            List<SearchBatch> batches = rounds.batches(round);
            SearchRounds.Finished finished = null;
            for (int s = 0; s < SEARCHERS; s++) {
                SearchRounds.Finished f = rounds.answer(SearchRoundsTest.answer(POOL[s], batches.get(s), s));
                finished = f == null ? finished : f;
            }
            lastFinished = finished == null ? lastFinished : finished;
            return finished;
        }

        /**
         * Rounds from the first on, each finished position's row written, until round {@code end} or the search's
         * end; returns the round after.
         */
        long play(long end) throws IOException {
            long round = firstRound;
            for (; round < end && !rounds.done(); round++) {
                SearchRounds.Finished f = round(round);
                if (f != null) {
                    results.add(row(f));
                    if (rounds.done()) {
                        results.complete(1);
                    }
                }
            }
            return round;
        }

        SearchResults.Row row(SearchRounds.Finished f) {
            Position p = POSITIONS.get(f.position());
            return new SearchResults.Row(f.position(), p.toFen(), DEPTH, f.outcome().bestMove() == 0 ? "none"
                    : Move.toPdn(f.outcome().bestMove()), f.outcome().score(), f.nodes(), 0.1, f.jobs());
        }
    }
}
