package io.stormsim.checkers;

/**
 * Geometry of the 8x8 board in the ghost-square bit layout every bitboard of this package uses: PDN square
 * s (1..32) is bit {@code (s-1) + (s-1)/8}, so bits 8, 17 and 26 are ghosts that no square owns. With the
 * ghosts, each diagonal direction is one shift for every square: toward square 32 (Black's forward) is
 * +4 and +5, toward square 1 (White's forward) is -4 and -5; a step that would leave the board lands on
 * a ghost or outside bits 0..34 and is cut off by masking with {@link #SQUARES}.
 *
 * <p>Square 1 is on Black's back row; rows are 1-4, 5-8, ..., 29-32, and square 5 sits on the left edge
 * (its only neighbours are 1 and 9), square 4 in the single corner (its only neighbour is 8).
 */
public final class Board {
    /** Bits 0..34 are used; the ghosts among them are never set. */
    public static final int BITS = 35;
    /** Every one of the 32 playable squares. */
    public static final long SQUARES = ((1L << BITS) - 1) & ~((1L << 8) | (1L << 17) | (1L << 26));
    /** Squares 29-32, where a black man is crowned. */
    public static final long BLACK_CROWN = rowMask(7);
    /** Squares 1-4, where a white man is crowned. */
    public static final long WHITE_CROWN = rowMask(0);

    private Board() {
    }

    /** The bit index of PDN square {@code square} (1..32). */
    public static int bit(int square) {
        int i = square - 1;
        return i + i / 8;
    }

    /** The PDN square (1..32) of bit {@code bit} (never a ghost). */
    public static int square(int bit) {
        return bit - bit / 9 + 1;
    }

    /** The four squares of row {@code row} (0 = squares 1-4, 7 = squares 29-32). */
    static long rowMask(int row) {
        long m = 0;
        for (int s = 4 * row + 1; s <= 4 * row + 4; s++) {
            m |= 1L << bit(s);
        }
        return m;
    }
}
