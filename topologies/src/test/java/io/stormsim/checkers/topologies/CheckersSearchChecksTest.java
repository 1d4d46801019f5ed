package io.stormsim.checkers.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.bolts.SearchConfig;
import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad checkers search settings and position files are rejected before anything is submitted. */
class CheckersSearchChecksTest extends ConfigChecks {
    @Override
    protected Path yaml() {
        return CheckersSearchTopologyTest.SEARCH_YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(yaml(), null, valid(), false);
        assertEquals("checkers-search", t.name());
        assertEquals("worker", t.config.get("stormsim.checkers.table"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "table|shared|stormsim.checkers.table = 'shared' is not allowed: must be local, partitioned or worker",
        "table|''|stormsim.checkers.table = '' is not allowed: must be local, partitioned or worker",
        "table.log2|0|stormsim.checkers.table.log2 = 0 is not allowed: must be an integer in 1..28",
        "table.min.depth|1|stormsim.checkers.table.min.depth = 1 is not allowed: must be an integer in 2..30 (remaining"
            + " depth from which a partitioned table is used; below 2 the search uses no table of any kind)",
        "depth|31|stormsim.checkers.depth = 31 is not allowed: must be an integer in 1..30",
        "fen|W:WK6:B9,10,17,18,K|stormsim.checkers.fen = 'W:WK6:B9,10,17,18,K' is not allowed: must be empty or"
                + " 'start'",
    })
    void badSearchValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void theShippedOpeningsAreTheStartAndFourPositionsWhiteToMove() {
        List<Position> openings = SearchConfig.read(yaml().resolveSibling("checkers-openings.txt"));
        assertEquals(5, openings.size());
        assertEquals(Position.start(), openings.get(0));
        for (Position p : openings.subList(1, 5)) {
            assertFalse(p.blackToMove, p.toFen());
            assertEquals(24, Long.bitCount(p.black | p.white), p.toFen());
        }
    }

    @Test
    void positionFilesAreCheckedLineByLine() throws Exception {
        Path file = tmp.resolve("positions.txt");
        Files.writeString(file, "# two good lines, then a bad one\nstart\nW:WK6:B9,10,17,18\n\nB:W33:B1\n");
        Map<String, String> m = valid();
        m.put("positions.file", file.toString());
        String error = rejection(m);
        assertTrue(error.startsWith("stormsim.checkers.positions.file = " + file + " is not allowed: must be a file of"
                + " PDN FENs, one a line; " + file + ":5: FEN 'B:W33:B1': bad token '33': a piece is [K]square"), error);

        Files.writeString(file, "# nothing\n\n");
        error = rejection(m);
        assertTrue(error.contains(file + " is not allowed: must be a file of PDN FENs, one a line; it holds none"), error);

        m.put("positions.file", tmp.resolve("missing.txt").toString());
        error = rejection(m);
        assertTrue(error.startsWith("stormsim.checkers.positions.file = " + tmp.resolve("missing.txt")
                + " cannot be read"), error);
    }
}
