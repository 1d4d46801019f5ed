package io.stormsim.checkers;

/**
 * Static evaluation in centi-men from the side to move's view (negamax): White's terms minus Black's,
 * negated when Black is to move. Per piece:
 * <ul>
 * <li>material: a man {@value #MAN}, a king {@value #KING} (a king moves both ways, but a man may yet
 * crown, so a king is worth less than two men);
 * <li>back rank: {@value #BACK_RANK} for each man still on its own back row, which stops the opponent's men
 * from crowning there (the classic bridge on squares 1 and 3 or 30 and 32 is this term, twice);
 * <li>advancement: {@value #ADVANCE} per row a man has advanced, so men head for their crowning row once
 * nothing is to be won by waiting.
 * </ul>
 * Mobility is left out: counting moves costs a move generation per leaf and changed little at the depths
 * the searches here reach. Scores of decided games are beyond {@link #MATE_BOUND}.
 */
public final class Evaluation {
    public static final int MAN = 100;
    public static final int KING = 140;
    public static final int BACK_RANK = 6;
    public static final int ADVANCE = 2;
    /** A side to move without a move, {@code ply} plies from the root, scores {@code -(WIN - ply)}. */
    public static final int WIN = 30000;
    /** Scores above it (or below its negation) are wins (losses) found by the search. */
    public static final int MATE_BOUND = WIN - 1000;

    private static final long[] ROWS = new long[8];

    static {
        for (int r = 0; r < 8; r++) {
            ROWS[r] = Board.rowMask(r);
        }
    }

    private Evaluation() {
    }

    public static int evaluate(long black, long white, long kings, boolean blackToMove) {
        long blackMen = black & ~kings, whiteMen = white & ~kings;
        int score = MAN * (Long.bitCount(blackMen) - Long.bitCount(whiteMen))
                + KING * (Long.bitCount(black & kings) - Long.bitCount(white & kings))
                + BACK_RANK * (Long.bitCount(blackMen & ROWS[0]) - Long.bitCount(whiteMen & ROWS[7]));
        int advance = 0;
        for (int r = 1; r < 7; r++) {
            // a black man on row r has come r rows, a white one 7 - r
            advance += r * Long.bitCount(blackMen & ROWS[r]) - (7 - r) * Long.bitCount(whiteMen & ROWS[r]);
        }
        score += ADVANCE * advance;
        return blackToMove ? score : -score;
    }
}
