package io.stormsim.checkers.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.Fen;
import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Move;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.bolts.SearchCoordinatorBolt;
import io.stormsim.run.RunOutput;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parallel search YAML on an embedded LocalCluster, Kryo forced on every tuple: on positions from the
 * start, the middle game and king endings (and one without a move), each score is the sequential
 * {@link Search}'s at the same depth, and the best move reaches it, with 1, 2 and 3 searchers and local
 * or partitioned tables, and 2 searchers sharing their worker's table.
 */
public class CheckersSearchTopologyTest extends LocalClusterTest {
    public static final Path SEARCH_YAML = YAML.resolveSibling("checkers-search.yaml");
    private static final int DEPTH = 6;

    /** The start, two positions of play from it, two king endings and a side without a move. */
    static List<Position> positions() {
        List<Position> list = new ArrayList<>();
        list.add(Position.start());
        list.add(played(9));
        list.add(played(20));
        list.add(Fen.parse("B:WK14,K27,31:BK5,11,K19"));
        list.add(Fen.parse("W:WK6:B9,10,17,18"));
        list.add(Fen.parse("W:W:B9"));
        return list;
    }

    /** The position after {@code plies} moves from the start, each picked by a fixed rule (a game of sorts). */
    public static Position played(int plies) {
        Position p = Position.start();
        for (int i = 0; i < plies && p.moves().length > 0; i++) {
            long[] moves = p.moves();
            p = p.play(moves[(i * 5 + 3) % moves.length]);
        }
        return p;
    }

    public static Map<String, String> settings(Path positionsFile, int depth, String table, int searchers, Path dir) {
        Map<String, String> m = new HashMap<>();
        m.put("positions.file", positionsFile.toString());
        m.put("depth", String.valueOf(depth));
        m.put("table", table);
        m.put("table.log2", "14");
        m.put("table.min.depth", "2");
        m.put("partitions", String.valueOf(searchers));
        m.put("output.dir", dir.toString());
        m.put("always.try.serialize", "true");
        return m;
    }

    /** Rows of search.csv: the fields after the quoted FEN, keyed by the FEN. */
    public static Map<String, String[]> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        assertEquals(SearchCoordinatorBolt.CSV_HEADER, lines.get(0));
        Map<String, String[]> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] quoted = line.split("\"");
            rows.put(quoted[1], quoted[2].substring(1).split(","));
        }
        return rows;
    }

    @Test
    void scoresAreSequentialAlphaBetasWithEverySearcherCountAndTable() throws Exception {
        List<Position> positions = positions();
        Path file = out.resolve("positions.txt");
        StringBuilder text = new StringBuilder("# test positions\n");
        positions.forEach(p -> text.append(p.toFen()).append("\n\n"));
        Files.writeString(file, text);
        for (Object[] run : new Object[][] {{"local", 1}, {"local", 2}, {"partitioned", 2}, {"partitioned", 3}, {"worker", 2}}) {
            String table = (String) run[0];
            int searchers = (Integer) run[1];
            String what = searchers + " searchers, " + table + " tables";
            Path dir = out.resolve("search-" + table + "-" + searchers);
            LocalRun.run(cluster, TopologyFile.load(SEARCH_YAML, null, settings(file, DEPTH, table, searchers, dir), false),
                    Duration.ofMinutes(3));
            Map<String, String[]> rows = rows(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV));
            assertEquals(positions.size(), rows.size(), what);
            for (Position p : positions) {
                String[] row = rows.get(p.toFen());
                int sequential = new Search(new LocalTable(16)).search(p, DEPTH).score();
                assertEquals(String.valueOf(DEPTH), row[0]);
                assertEquals(sequential, Integer.parseInt(row[2]), p + ", " + what);
                if (p.moves().length == 0) {
                    assertEquals("none", row[1], p + ", " + what);
                    continue;
                }
                long best = 0;
                for (long m : p.moves()) {
                    best = Move.toPdn(m).equals(row[1]) ? m : best;
                }
                assertTrue(best != 0, row[1] + " is not a move of " + p);
                int viaBest = -new Search(new LocalTable(16)).alphaBeta(p.play(best), DEPTH - 1, -Search.INFINITY,
                        Search.INFINITY, 1);
                assertEquals(sequential, viaBest, p + ": best move " + row[1] + ", " + what);
                assertTrue(Long.parseLong(row[3]) > 0, "nodes of " + p);
            }
            String summary = Files.readString(dir.resolve(RunOutput.SUMMARY));
            assertTrue(summary.startsWith(positions.size() + " positions searched to depth " + DEPTH + " by " + searchers
                    + " searchers, " + table + " tables"), summary);
            assertTrue(Files.readString(dir.resolve(SearchCoordinatorBolt.SEARCH_TXT)).contains(positions.get(1).toFen()));
        }
    }
}
