package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MoveGeneratorTest {

    private static String key(long move) {
        long captured = Move.captured(move);
        int[] squares = new int[Long.bitCount(captured)];
        int i = 0;
        for (long c = captured; c != 0; c &= c - 1) {
            squares[i++] = Board.square(Long.numberOfTrailingZeros(c));
        }
        Arrays.sort(squares);
        return Move.toPdn(move) + Arrays.toString(squares);
    }

    private static List<String> keys(Position p) {
        List<String> keys = new ArrayList<>();
        for (long m : p.moves()) {
            keys.add(key(m));
        }
        keys.sort(null);
        return keys;
    }

    private static List<String> referenceKeys(Position p) {
        String fen = p.toFen();
        List<String> keys = new ArrayList<>();
        for (ReferenceRules.RefMove m : ReferenceRules.moves(ReferenceRules.grid(fen), ReferenceRules.blackToMove(fen))) {
            keys.add(m.key());
        }
        keys.sort(null);
        return keys;
    }

    @Test
    void startPositionHasTheSevenOpeningMoves() {
        assertEquals(List.of("10-14[]", "10-15[]", "11-15[]", "11-16[]", "12-16[]", "9-13[]", "9-14[]"),
                keys(Position.start()));
    }

    @Test
    void kingGoingRoundARingTakesTheSamePiecesByTwoPaths() {
        // White king on 6, black men on 9, 10, 17, 18: 6x15x22x13x6 and 6x13x22x15x6 take all four
        Position p = Fen.parse("W:WK6:B9,10,17,18");
        assertEquals(List.of("6x6[9, 10, 17, 18]", "6x6[9, 10, 17, 18]"), keys(p));
        assertEquals(referenceKeys(p), keys(p));
        assertEquals(0, new Perft().count(p, 2), "Black has nothing left after either sequence");
    }

    @Test
    void crowningEndsTheCapture() {
        // 22x31 crowns; the new king could jump 27 next, but the move ends on the crowning row
        Position p = Fen.parse("B:W26,27:B22");
        assertEquals(List.of("22x31[26]"), keys(p));
        Position after = p.play(p.moves()[0]);
        assertEquals("W:W27:BK31", after.toFen());
    }

    @Test
    void kingsCaptureBackwardsAndMenDoNot() {
        Position men = Fen.parse("B:W9:B14");
        assertEquals(List.of("14-17[]", "14-18[]"), keys(men));
        Position king = Fen.parse("B:W9:BK14");
        assertEquals(List.of("14x5[9]"), keys(king));
    }

    @Test
    void captureIsCompulsoryAndMultiJumpsContinue() {
        // black man 1 jumps 6 to 10 then 15 to 19; the man on 4 could step but must not
        Position p = Fen.parse("B:W6,15:B1,4");
        assertEquals(List.of("1x19[6, 15]"), keys(p));
        assertEquals(referenceKeys(p), keys(p));
    }

    @Test
    void movesAndPerft3MatchTheReferenceOn2000RandomPositions() {
        Perft perft = new Perft();
        int withKings = 0, withCaptures = 0, multiJumps = 0;
        for (Position p : RandomPositions.play(17, 2000, 90)) {
            assertEquals(referenceKeys(p), keys(p), p.toFen());
            String fen = p.toFen();
            long expected = ReferenceRules.perft(ReferenceRules.grid(fen), ReferenceRules.blackToMove(fen), 3);
            assertEquals(expected, perft.count(p, 3), "perft(3) of " + fen);
            withKings += p.kings != 0 ? 1 : 0;
            long[] moves = p.moves();
            withCaptures += moves.length > 0 && Move.captured(moves[0]) != 0 ? 1 : 0;
            for (long m : moves) {
                if (Long.bitCount(Move.captured(m)) > 1) {
                    multiJumps++;
                    break;
                }
            }
        }
        // the sample must exercise what the rules are about, or the comparison proves little
        assertTrue(withKings > 400, "positions with kings: " + withKings);
        assertTrue(withCaptures > 200, "positions with captures: " + withCaptures);
        assertTrue(multiJumps > 20, "positions with multi-jumps: " + multiJumps);
    }

    @Test
    void countEqualsGenerateAndIncrementalHashEqualsScratchHash() {
        long[] buf = new long[MoveGenerator.MAX_MOVES];
        for (Position p : RandomPositions.play(5, 500, 120)) {
            int n = MoveGenerator.generate(p.black, p.white, p.kings, p.blackToMove, buf, 0);
            assertEquals(n, MoveGenerator.count(p.black, p.white, p.kings, p.blackToMove, buf, 0), p.toFen());
            assertEquals(n > 0 && Move.captured(buf[0]) != 0,
                    MoveGenerator.mustCapture(p.black, p.white, p.kings, p.blackToMove), p.toFen());
            for (long m : p.moves()) {
                Position q = p.play(m);
                assertEquals(Zobrist.hash(q.black, q.white, q.kings, q.blackToMove), q.hash, p + " then " + Move.toPdn(m));
            }
        }
    }

    @Test
    void moveBufferAtAnOffsetIsUsedFromThatOffset() {
        long[] buf = new long[3 * MoveGenerator.MAX_MOVES];
        Position p = Position.start();
        int n = MoveGenerator.generate(p.black, p.white, p.kings, p.blackToMove, buf, 2 * MoveGenerator.MAX_MOVES);
        assertArrayEquals(p.moves(), Arrays.copyOfRange(buf, 2 * MoveGenerator.MAX_MOVES, 2 * MoveGenerator.MAX_MOVES + n));
        assertEquals(0, buf[0]);
    }
}
