package io.stormsim.checkers.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.bolts.PerftConfig;
import io.stormsim.topologies.ConfigChecks;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad checkers perft settings are rejected before anything is submitted, naming key, value and what is allowed. */
class CheckersChecksTest extends ConfigChecks {
    @Override
    protected Path yaml() {
        return CheckersPerftTopologyTest.PERFT_YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(yaml(), null, valid(), false);
        assertEquals("checkers-perft", t.name());
        assertEquals(11, ((Number) t.config.get("stormsim.checkers.depth")).intValue());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fen|B:W21-32:B1-12:B3|stormsim.checkers.fen = 'B:W21-32:B1-12:B3' is not allowed: must be empty or 'start'"
                + " (the start position) or a PDN FEN such as 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,"
                + "9,10,11,12': FEN 'B:W21-32:B1-12:B3': bad token",
        "fen|B:W21-32:B1-12,40|stormsim.checkers.fen = 'B:W21-32:B1-12,40' is not allowed: must be empty or 'start'",
        "fen|B:W1:B5|stormsim.checkers.fen = 'B:W1:B5' is not allowed: must be empty or 'start'",
        "depth|0|stormsim.checkers.depth = 0 is not allowed: must be an integer in 1..20",
        "depth|21|stormsim.checkers.depth = 21 is not allowed: must be an integer in 1..20",
        "depth|deep|stormsim.checkers.depth = deep is not allowed: must be an integer in 1..20",
        "split.depth|12|stormsim.checkers.split.depth = 12 is not allowed: must be an integer in 1..11 (at most"
                + " stormsim.checkers.depth)",
        "split.depth|0|stormsim.checkers.split.depth = 0 is not allowed: must be an integer in 1..11",
        "table.log2|29|stormsim.checkers.table.log2 = 29 is not allowed: must be an integer in 0..28 (0: no table;",
        "partitions|0|bolt 'split' parallelism = 0",
    })
    void badPerftValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void emptyAndStartAreTheStartPosition() throws Exception {
        for (String fen : new String[] {"", "start", "B:W21-32:B1-12"}) {
            Map<String, String> m = valid();
            m.put("fen", fen);
            assertEquals(Position.start(), PerftConfig.from(TopologyFile.load(yaml(), null, m, false).config).root(),
                    "fen = '" + fen + "'");
        }
    }
}
