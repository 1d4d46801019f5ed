package io.stormsim.checkers;

/**
 * Zobrist keys: one 64-bit key per (piece kind, bit) and one for "White to move"; a position's hash is
 * the XOR of the keys of its pieces and side. The keys come from a fixed SplitMix64 seed, so a hash is
 * the same in every JVM (what a partitioned table needs to agree on owners).
 */
public final class Zobrist {
    static final int BLACK_MAN = 0;
    static final int WHITE_MAN = 1;
    static final int BLACK_KING = 2;
    static final int WHITE_KING = 3;
    private static final long SEED = 0x5EEDC4EC4E25L;

    /** KEYS[kind * 64 + bit]. */
    static final long[] KEYS = new long[4 * 64];
    static final long WHITE_TO_MOVE;

    static {
        long state = SEED;
        for (int i = 0; i < KEYS.length; i++) {
            state += 0x9E3779B97F4A7C15L;
            KEYS[i] = mix(state);
        }
        state += 0x9E3779B97F4A7C15L;
        WHITE_TO_MOVE = mix(state);
    }

    private Zobrist() {
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The hash of a position, from scratch. */
    public static long hash(long black, long white, long kings, boolean blackToMove) {
        long h = blackToMove ? 0 : WHITE_TO_MOVE;
        h ^= xorKeys(black & ~kings, BLACK_MAN) ^ xorKeys(black & kings, BLACK_KING);
        h ^= xorKeys(white & ~kings, WHITE_MAN) ^ xorKeys(white & kings, WHITE_KING);
        return h;
    }

    private static long xorKeys(long pieces, int kind) {
        long h = 0;
        for (long p = pieces; p != 0; p &= p - 1) {
            h ^= KEYS[kind * 64 + Long.numberOfTrailingZeros(p)];
        }
        return h;
    }

    /**
     * The hash after {@code move} from a position with hash {@code hash}: the mover's key leaves the from
     * bit and (crowned or not) enters the to bit, the captured pieces' keys go, and the side key flips.
     */
    public static long after(long hash, long move, long kings, boolean blackToMove) {
        int from = Move.from(move), to = Move.to(move);
        long fromBit = 1L << from, toBit = 1L << to;
        boolean king = (kings & fromBit) != 0;
        int man = blackToMove ? BLACK_MAN : WHITE_MAN;
        int kingKind = man + 2;
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        int arrives = king || (toBit & crown) != 0 ? kingKind : man;
        long h = hash ^ KEYS[(king ? kingKind : man) * 64 + from] ^ KEYS[arrives * 64 + to] ^ WHITE_TO_MOVE;
        long captured = Move.captured(move);
        if (captured != 0) {
            int oppMan = blackToMove ? WHITE_MAN : BLACK_MAN;
            h ^= xorKeys(captured & ~kings, oppMan) ^ xorKeys(captured & kings, oppMan + 2);
        }
        return h;
    }
}
