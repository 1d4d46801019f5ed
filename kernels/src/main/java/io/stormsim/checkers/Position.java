package io.stormsim.checkers;

import java.util.Arrays;

/**
 * A checkers position as a value: black pieces, white pieces and kings as {@link Board} bitboards, the side
 * to move, and the Zobrist hash kept incrementally by {@link #play}. Searches and perft work on the raw
 * longs with the static {@code *After} methods (copy-make, nothing allocated); this class is for the ends:
 * FEN in and out, jobs, tests.
 */
public final class Position {
    public static final String START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    public final long black;
    public final long white;
    public final long kings;
    public final boolean blackToMove;
    public final long hash;

    private Position(long black, long white, long kings, boolean blackToMove, long hash) {
        this.black = black;
        this.white = white;
        this.kings = kings;
        this.blackToMove = blackToMove;
        this.hash = hash;
    }

    /**
     * A position from bitboards; fails if pieces overlap, sit on ghost bits, kings are not pieces, or a man
     * stands on its crowning row (it would have been crowned).
     */
    public static Position of(long black, long white, long kings, boolean blackToMove) {
        if ((black & white) != 0 || ((black | white) & ~Board.SQUARES) != 0 || (kings & ~(black | white)) != 0) {
            throw new IllegalArgumentException("not a position: black " + Long.toHexString(black) + ", white "
                    + Long.toHexString(white) + ", kings " + Long.toHexString(kings)
                    + " (pieces must be disjoint, on the 32 squares, and kings must be pieces)");
        }
        if ((black & ~kings & Board.BLACK_CROWN) != 0 || (white & ~kings & Board.WHITE_CROWN) != 0) {
            throw new IllegalArgumentException("a man stands on its crowning row (black 29-32, white 1-4):"
                    + " it would have been crowned");
        }
        return new Position(black, white, kings, blackToMove, Zobrist.hash(black, white, kings, blackToMove));
    }

    public static Position start() {
        return Fen.parse(START_FEN);
    }

    /** The position after the moves of {@code line}, in order. */
    public Position play(long[] line) {
        Position p = this;
        for (long m : line) {
            p = p.play(m);
        }
        return p;
    }

    /** The position after {@code move}, which must be legal here. */
    public Position play(long move) {
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        long h = Zobrist.after(hash, move, kings, blackToMove);
        long k = kingsAfter(kings, move, crown);
        return blackToMove
                ? new Position(moverAfter(black, move), opponentAfter(white, move), k, false, h)
                : new Position(opponentAfter(black, move), moverAfter(white, move), k, true, h);
    }

    /** The legal moves, in generation order (a new array; hot loops use {@link MoveGenerator} directly). */
    public long[] moves() {
        long[] buf = new long[MoveGenerator.MAX_MOVES];
        int n = MoveGenerator.generate(black, white, kings, blackToMove, buf, 0);
        return Arrays.copyOf(buf, n);
    }

    /** The mover's pieces after {@code move}. */
    public static long moverAfter(long mover, long move) {
        return mover ^ (1L << Move.from(move)) ^ (1L << Move.to(move));
    }

    /** The opponent's pieces after {@code move}. */
    public static long opponentAfter(long opponent, long move) {
        return opponent & ~Move.captured(move);
    }

    /** The kings after {@code move}; {@code crown} is the mover's crowning row. */
    public static long kingsAfter(long kings, long move, long crown) {
        int from = Move.from(move), to = Move.to(move);
        // branch-free: 1 if the mover was a king or is crowned (perft makes hundreds of millions of moves)
        long isKing = ((kings >>> from) | (crown >>> to)) & 1;
        return (kings & ~(1L << from) & ~Move.captured(move)) | (isKing << to);
    }

    public String toFen() {
        return Fen.write(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && p.black == black && p.white == white && p.kings == kings
                && p.blackToMove == blackToMove;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }

    @Override
    public String toString() {
        return toFen();
    }
}
