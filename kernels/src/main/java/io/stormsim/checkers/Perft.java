package io.stormsim.checkers;

import java.util.List;

/**
 * perft: the number of move sequences of a given length (leaf nodes of the full game tree), the check
 * that a move generator is right. The last ply is bulk-counted ({@link MoveGenerator#count}: plain moves
 * by popcount, never made). Optionally a table of (position, depth) to count skips repeated subtrees:
 * transpositions are frequent in checkers, so it pays from depth ~9. An instance keeps its move buffers
 * (one per ply): one instance per thread; threads may share a table.
 */
public final class Perft {
    private long[] moves = new long[0];
    private final PerftTable table;

    /** perft without a table. */
    public Perft() {
        this.table = null;
    }

    /** perft with a table of {@code 2^log2Entries} entries (16 bytes each) of its own. */
    public Perft(int log2Entries) {
        this(new PerftTable(log2Entries));
    }

    /** perft with {@code table}, which other instances (in other threads) may use at the same time. */
    public Perft(PerftTable table) {
        this.table = table;
    }

    /** The number of leaf nodes {@code depth} plies below {@code p}; 1 at depth 0. */
    public long count(Position p, int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("perft depth " + depth + ": must be >= 0");
        }
        if (depth == 0) {
            return 1;
        }
        ensureBuffers(depth);
        return table == null
                ? count(p.black, p.white, p.kings, p.blackToMove, depth, 0)
                : countWithTable(p.black, p.white, p.kings, p.blackToMove, p.hash, depth, 0);
    }

    /** The count of one job of {@link PerftJobs#split}: perft of the job's position at its remaining depth. */
    public long count(Position root, PerftJob job) {
        return count(job.position(root), job.depth);
    }

    /** perft of each legal move of {@code p} at {@code depth - 1}, in {@link Position#moves()} order. */
    public long[] divide(Position p, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("perft divide depth " + depth + ": must be >= 1");
        }
        long[] rootMoves = p.moves();
        long[] counts = new long[rootMoves.length];
        for (int i = 0; i < rootMoves.length; i++) {
            counts[i] = count(p.play(rootMoves[i]), depth - 1);
        }
        return counts;
    }

    /** The sum of the jobs' counts: equals {@code count(root, depth)} for jobs split from that depth. */
    public long countAll(Position root, List<PerftJob> jobs) {
        long sum = 0;
        for (PerftJob job : jobs) {
            sum += count(root, job);
        }
        return sum;
    }

    private void ensureBuffers(int depth) {
        if (moves.length < depth * MoveGenerator.MAX_MOVES) {
            moves = new long[depth * MoveGenerator.MAX_MOVES];
        }
    }

    private long count(long black, long white, long kings, boolean blackToMove, int depth, int ply) {
        int off = ply * MoveGenerator.MAX_MOVES;
        if (depth == 1) {
            return MoveGenerator.count(black, white, kings, blackToMove, moves, off);
        }
        int n = MoveGenerator.generate(black, white, kings, blackToMove, moves, off);
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        long sum = 0;
        if (depth == 2) {
            // the leaves' parents, where most of the time goes: bulk counts without a call per child
            int next = off + MoveGenerator.MAX_MOVES;
            for (int i = off; i < off + n; i++) {
                long m = moves[i];
                long k = Position.kingsAfter(kings, m, crown);
                sum += blackToMove
                        ? MoveGenerator.count(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false,
                                moves, next)
                        : MoveGenerator.count(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true,
                                moves, next);
            }
            return sum;
        }
        for (int i = off; i < off + n; i++) {
            long m = moves[i];
            long k = Position.kingsAfter(kings, m, crown);
            sum += blackToMove
                    ? count(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false, depth - 1, ply + 1)
                    : count(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true, depth - 1, ply + 1);
        }
        return sum;
    }

    /** As {@link #count(long, long, long, boolean, int, int)}, keeping the hash to look subtrees up. */
    private long countWithTable(long black, long white, long kings, boolean blackToMove, long hash, int depth,
            int ply) {
        int off = ply * MoveGenerator.MAX_MOVES;
        if (depth == 1) {
            return MoveGenerator.count(black, white, kings, blackToMove, moves, off);
        }
        long known = table.get(hash, depth);
        if (known >= 0) {
            return known;
        }
        int n = MoveGenerator.generate(black, white, kings, blackToMove, moves, off);
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        long sum = 0;
        for (int i = off; i < off + n; i++) {
            long m = moves[i];
            long k = Position.kingsAfter(kings, m, crown);
            long h = Zobrist.after(hash, m, kings, blackToMove);
            sum += blackToMove
                    ? countWithTable(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false, h,
                            depth - 1, ply + 1)
                    : countWithTable(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true, h,
                            depth - 1, ply + 1);
        }
        table.put(hash, depth, sum);
        return sum;
    }
}
