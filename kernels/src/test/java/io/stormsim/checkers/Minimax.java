package io.stormsim.checkers;

/**
 * Plain minimax (negamax form) without pruning, table or ordering, with {@link Search}'s evaluation,
 * quiescence rule (compulsory captures searched to a quiet position, no standing pat) and scoring of
 * lost positions: the oracle of the alpha-beta search.
 */
final class Minimax {
    private final long[] moves = new long[Search.MAX_PLY * MoveGenerator.MAX_MOVES];

    int score(Position p, int depth) {
        return negamax(p.black, p.white, p.kings, p.blackToMove, depth, 0);
    }

    private int negamax(long black, long white, long kings, boolean blackToMove, int depth, int ply) {
        int off = ply * MoveGenerator.MAX_MOVES;
        int n = MoveGenerator.generate(black, white, kings, blackToMove, moves, off);
        if (n == 0) {
            return -(Evaluation.WIN - ply);
        }
        boolean capture = Move.captured(moves[off]) != 0;
        if (depth <= 0 && !capture) {
            return Evaluation.evaluate(black, white, kings, blackToMove);
        }
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        int best = Integer.MIN_VALUE;
        for (int i = off; i < off + n; i++) {
            long m = moves[i];
            long k = Position.kingsAfter(kings, m, crown);
            int v = blackToMove
                    ? -negamax(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false, depth - 1, ply + 1)
                    : -negamax(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true, depth - 1, ply + 1);
            best = Math.max(best, v);
        }
        return best;
    }
}
