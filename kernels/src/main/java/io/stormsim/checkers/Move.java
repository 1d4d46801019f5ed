package io.stormsim.checkers;

/**
 * A move packed in a long, so move lists are plain {@code long[]} buffers: bits 0-5 the from bit, bits
 * 6-11 the to bit, bits 12-46 the captured pieces (a {@link Board} bitboard, zero for a plain move).
 * Whether a man is crowned follows from the position it is played in.
 *
 * <p>Two capture sequences that take the same pieces by different paths (a king going round a ring of
 * pieces one way or the other) pack to the same long; they are distinct moves of the published perft
 * convention, so a move list may hold that long twice, and both lead to the same position.
 */
public final class Move {
    private Move() {
    }

    public static long pack(int fromBit, int toBit, long captured) {
        return fromBit | (toBit << 6) | (captured << 12);
    }

    public static int from(long move) {
        return (int) move & 63;
    }

    public static int to(long move) {
        return (int) (move >>> 6) & 63;
    }

    public static long captured(long move) {
        return move >>> 12;
    }

    /** The moves of {@code line} in PDN, each after a space. */
    public static String toPdn(long[] line) {
        StringBuilder b = new StringBuilder();
        for (long m : line) {
            b.append(' ').append(toPdn(m));
        }
        return b.toString();
    }

    /** PDN text: "11-15" for a plain move, "22x31" (two squares, which PDN allows) for a capture. */
    public static String toPdn(long move) {
        return Board.square(from(move)) + (captured(move) == 0 ? "-" : "x") + Board.square(to(move));
    }
}
