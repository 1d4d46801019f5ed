package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FenTest {

    @Test
    void startPositionReadsAndWritesBack() {
        Position p = Fen.parse(Position.START_FEN);
        assertEquals(Position.START_FEN, p.toFen());
        assertEquals(12, Long.bitCount(p.black));
        assertEquals(12, Long.bitCount(p.white));
        assertEquals(0, p.kings);
        assertTrue(p.blackToMove);
    }

    @Test
    void rangesKingsAndAnyFieldOrder() {
        assertEquals(Position.start(), Fen.parse("B:B1-12:W21-32"));
        Position p = Fen.parse("W:WK3,21:B5");
        assertEquals("W:WK3,21:B5", p.toFen());
        assertEquals(Fen.parse("W:WK3,K4,21:B5"), Fen.parse("W:WK3-4,21:B5"));
        assertEquals("B:W:B5", Fen.parse(" B:W:B5 ").toFen());
    }

    @Test
    void randomPositionsRoundTrip() {
        for (Position p : RandomPositions.play(3, 300, 120)) {
            Position q = Fen.parse(p.toFen());
            assertEquals(p, q);
            assertEquals(p.hash, q.hash);
        }
    }

    private static void rejects(String fen, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fen.parse(fen));
        assertTrue(e.getMessage().contains("'" + fen + "'"), e.getMessage());
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
    }

    @Test
    void badFensNameTheFenTheTokenAndWhatIsAllowed() {
        rejects("X:W21:B1", "'X'", "B or W");
        rejects("B:W21", "three");
        rejects("B:W21,33:B1", "'33'", "1..32");
        rejects("B:W21,x:B1", "'x'", "squares 1..32");
        rejects("B:W21,:B1", "''", "[K]square");
        rejects("B:W21:B1,21", "'21'", "given twice");
        rejects("B:W21:W22", "twice");
        rejects("B:W21:C1", "'C1'", "B or W");
        rejects("B:W12-9:B1", "'12-9'", "go up");
        rejects("B:W1:B5", "'1'", "white man on 1 would have been crowned", "K1");
        rejects("B:W5:B20-30", "'20-30'", "black man on 29", "K29");
    }
}
