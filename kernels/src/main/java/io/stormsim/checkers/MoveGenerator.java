package io.stormsim.checkers;

/**
 * Legal moves of English draughts on {@link Board} bitboards: plain moves by whole-board shifts, captures
 * (compulsory) by a depth-first walk of each capturing piece's jump sequences. A capture continues while
 * the same piece can capture again; a man reaching its crowning row is crowned and the move ends there.
 * Every distinct sequence is one move, including sequences taking the same pieces by another path.
 *
 * <p>Moves are written as packed longs ({@link Move}) into a caller's buffer at an offset, so a search
 * keeps one buffer of {@link #MAX_MOVES} slots per ply and nothing is allocated.
 */
public final class MoveGenerator {
    /**
     * Slots a buffer needs for one position. Plain moves are at most 4 a piece; random play from the start
     * never reached 20 legal moves in 200,000 positions, random placements of up to 4 kings among up to 15
     * opposing men 30 capture sequences; a position with more sequences than slots is refused
     * with an exception.
     */
    public static final int MAX_MOVES = 256;

    private MoveGenerator() {
    }

    /** Writes the legal moves to {@code buf[off..]} and returns how many; 0 means the side to move has lost. */
    public static int generate(long black, long white, long kings, boolean blackToMove, long[] buf, int off) {
        long own = blackToMove ? black : white;
        long opp = blackToMove ? white : black;
        long empty = Board.SQUARES & ~(black | white);
        // pieces allowed to step toward square 32 (Black's forward) and toward square 1 (White's forward)
        long down = blackToMove ? own : own & kings;
        long up = blackToMove ? own & kings : own;
        long jumpers = jumpers(down, up, opp, empty);
        if (jumpers != 0) {
            return captures(jumpers, opp, empty, kings, blackToMove, buf, off, true);
        }
        int n = steps(buf, off, 0, (down << 4) & empty, -4);
        n = steps(buf, off, n, (down << 5) & empty, -5);
        n = steps(buf, off, n, (up >>> 4) & empty, 4);
        return steps(buf, off, n, (up >>> 5) & empty, 5);
    }

    /**
     * The number of legal moves (what {@link #generate} would return), the bulk count at perft's last ply:
     * plain moves are counted by popcount, and so are men's single jumps that cannot go on; only longer
     * sequences and kings' captures are walked, writing to {@code scratch[off..]}.
     */
    public static int count(long black, long white, long kings, boolean blackToMove, long[] scratch, int off) {
        long own = blackToMove ? black : white;
        long opp = blackToMove ? white : black;
        long empty = Board.SQUARES & ~(black | white);
        long down = blackToMove ? own : own & kings;
        long up = blackToMove ? own & kings : own;
        long jumpers = jumpers(down, up, opp, empty);
        if (jumpers == 0) {
            return Long.bitCount((down << 4) & empty) + Long.bitCount((down << 5) & empty)
                    + Long.bitCount((up >>> 4) & empty) + Long.bitCount((up >>> 5) & empty);
        }
        // apart, so that the quiet path above inlines into perft's loop
        return captures(jumpers, opp, empty, kings, blackToMove, scratch, off, false);
    }

    /**
     * The capture sequences of {@code jumpers}, written to {@code buf[off..]}; with {@code write} false, men's
     * single jumps are only counted (the other sequences are still written, as scratch). Men first, by
     * direction, then kings.
     */
    private static int captures(long jumpers, long opp, long empty, long kings, boolean blackToMove, long[] buf,
            int off, boolean write) {
        long men = jumpers & ~kings;
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        // A man goes on only forward, where neither its old square nor its victim lies: whether it can jump
        // again from its landing square is a test on the board before the move. Nothing goes on from the
        // crowning row (there is no square beyond it), so that case needs no test.
        long goOn, l4, l5;
        int d4, d5;
        if (blackToMove) {
            goOn = ((opp >>> 4) & (empty >>> 8)) | ((opp >>> 5) & (empty >>> 10));
            l4 = (men & (opp >>> 4) & (empty >>> 8)) << 8;
            l5 = (men & (opp >>> 5) & (empty >>> 10)) << 10;
            d4 = 8;
            d5 = 10;
        } else {
            goOn = ((opp << 4) & (empty << 8)) | ((opp << 5) & (empty << 10));
            l4 = (men & (opp << 4) & (empty << 8)) >>> 8;
            l5 = (men & (opp << 5) & (empty << 10)) >>> 10;
            d4 = -8;
            d5 = -10;
        }
        int n;
        if (write) {
            n = singleJumps(l4 & ~goOn, d4, buf, off, 0);
            n = singleJumps(l5 & ~goOn, d5, buf, off, n);
        } else {
            n = Long.bitCount(l4 & ~goOn) + Long.bitCount(l5 & ~goOn);
        }
        n = walkOn(l4 & goOn, d4, opp, empty, crown, buf, off, n);
        n = walkOn(l5 & goOn, d5, opp, empty, crown, buf, off, n);
        for (long k = jumpers & kings; k != 0; k &= k - 1) {
            int from = Long.numberOfTrailingZeros(k);
            // the king's own square is empty once it has left, so it may come back over it
            n = jumps(from, from, opp, empty | (1L << from), 0, true, true, 0, buf, off, n);
        }
        return checkRoom(n);
    }

    /** Men's jumps of {@code delta} bits onto {@code landings} that end there. */
    private static int singleJumps(long landings, int delta, long[] buf, int off, int n) {
        for (long l = landings; l != 0; l &= l - 1) {
            int to = Long.numberOfTrailingZeros(l);
            buf[off + n++] = Move.pack(to - delta, to, 1L << (to - delta / 2));
        }
        return n;
    }

    /** The sequences of men that jumped {@code delta} bits onto {@code landings} and can jump again. */
    private static int walkOn(long landings, int delta, long opp, long empty, long crown, long[] buf, int off,
            int n) {
        for (long l = landings; l != 0; l &= l - 1) {
            int to = Long.numberOfTrailingZeros(l);
            int from = to - delta;
            long victim = 1L << (to - delta / 2);
            n = jumps(from, to, opp & ~victim, empty | (1L << from), victim, delta > 0, delta < 0, crown, buf, off, n);
        }
        return n;
    }

    /** Whether the side to move has a capture (then it must capture). */
    public static boolean mustCapture(long black, long white, long kings, boolean blackToMove) {
        long own = blackToMove ? black : white;
        long opp = blackToMove ? white : black;
        long empty = Board.SQUARES & ~(black | white);
        return jumpers(blackToMove ? own : own & kings, blackToMove ? own & kings : own, opp, empty) != 0;
    }

    /** Pieces with at least one jump: over an opponent one step away onto an empty square two steps away. */
    private static long jumpers(long down, long up, long opp, long empty) {
        return (down & (opp >>> 4) & (empty >>> 8)) | (down & (opp >>> 5) & (empty >>> 10))
                | (up & (opp << 4) & (empty << 8)) | (up & (opp << 5) & (empty << 10));
    }

    /** One move per set bit of {@code targets}, coming from {@code delta} bits away. */
    private static int steps(long[] buf, int off, int n, long targets, int delta) {
        for (long t = targets; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            buf[off + n++] = Move.pack(to + delta, to, 0);
        }
        return n;
    }

    /**
     * {@code n}, the number of capture sequences, if they fit in {@link #MAX_MOVES} slots. They are written
     * unchecked (a check at each write costs perft ~10%), which is safe: slots past a ply's are the next
     * plies', not in use while this ply's moves are made, and past the array's end the write fails.
     */
    private static int checkRoom(int n) {
        if (n > MAX_MOVES) {
            throw new IllegalStateException(n + " capture sequences in one position: more than the " + MAX_MOVES
                    + " slots a ply has");
        }
        return n;
    }

    /**
     * The sequences of the piece that started on {@code from} and now stands on {@code at} having taken
     * {@code captured}. The landing squares of all its jumps come from shifts of its bit (over an opponent
     * piece one step away onto an empty square two steps away); the victim of a jump is midway, at bit
     * {@code (at + to) / 2}. Each jump removes its victim from {@code opp}, so no piece is taken twice; a man
     * landing on {@code crown} stops. A victim stays off {@code empty}, which cannot matter for short
     * pieces: landing squares are two rows apart, victims on the rows between.
     */
    private static int jumps(int from, int at, long opp, long empty, long captured, boolean down, boolean up,
            long crown, long[] buf, int off, int n) {
        long a = 1L << at;
        long land = 0;
        if (down) {
            land = ((((a << 4) & opp) << 4) | (((a << 5) & opp) << 5)) & empty;
        }
        if (up) {
            land |= ((((a >>> 4) & opp) >>> 4) | (((a >>> 5) & opp) >>> 5)) & empty;
        }
        if (land == 0) {
            if (captured != 0) {
                buf[off + n++] = Move.pack(from, at, captured);
            }
            return n;
        }
        for (; land != 0; land &= land - 1) {
            int to = Long.numberOfTrailingZeros(land);
            long victim = 1L << ((at + to) >>> 1);
            if ((crown & (1L << to)) != 0) {
                buf[off + n++] = Move.pack(from, to, captured | victim);
            } else {
                n = jumps(from, to, opp & ~victim, empty, captured | victim, down, up, crown, buf, off, n);
            }
        }
        return n;
    }
}
