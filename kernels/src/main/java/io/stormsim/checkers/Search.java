package io.stormsim.checkers;

/**
 * Negamax alpha-beta (fail-soft) with iterative deepening, a quiescence search of captures, a
 * transposition table behind {@link TranspositionTable}, and move ordering by table move, captures
 * (more pieces first), two killer moves per ply and a history table. Scores are those of
 * {@link Evaluation}; a side without a move at ply p scores {@code -(WIN - p)}.
 *
 * <p>Quiescence: where a capture is possible it is compulsory, so there is no standing pat; all captures
 * are searched until a quiet position, which is scored by the evaluation. Captures take pieces off, so
 * it ends.
 *
 * <p>The score of a fixed-depth search equals plain minimax (same evaluation, same quiescence): the
 * table only cuts off on entries of the same depth, and ordering changes which moves are searched, not
 * the value. An instance keeps per-ply buffers, killers, history and a node count: one per thread.
 *
 * <p>On a {@link SharedTable}, searchers of one process can search one job together ({@link
 * #search(Position, SharedJob)}, ABDADA): each counts itself into the nodes it is in (remaining depth at least
 * {@value #SHARED_MIN_DEPTH}), and at such a node searches a move's child only if no other searcher is in it,
 * putting the others off until its other moves are done; the first move is everyone's, as young brothers wait
 * for their eldest. So the searchers fan out over the young brothers and find each other's results in the
 * table. Moves are only put off, never skipped: the score is the same.
 */
public final class Search {
    /** Plies of buffers: a search starts with ply + depth < MAX_PLY / 2, and quiescence adds a ply per piece taken. */
    public static final int MAX_PLY = 128;
    public static final int INFINITY = Evaluation.WIN + 1;
    private static final int MAX_DEPTH = 64;
    /**
     * Remaining depth from which the table is used. A node one ply from the horizon costs less to search than a
     * table miss costs (its slot is a cache miss in a table of megabytes), and its entry would evict a deeper
     * one from the slot: without them the sequential search of the bench positions to depth 18 searches 11%
     * fewer nodes in 0.65x the time.
     */
    public static final int TABLE_MIN_DEPTH = 2;
    /** Remaining depth from which searchers of one job count themselves into a node: below, a subtree is too small. */
    public static final int SHARED_MIN_DEPTH = 2;
    // below it a node's hash is used neither by the table nor by the counts: its children's keys (a loop over the
    // pieces a capture takes) are not worth computing
    private static final int HASHED_MIN_DEPTH = Math.min(TABLE_MIN_DEPTH, SHARED_MIN_DEPTH);
    // what a child searched only if nobody is in it returns when somebody is: not a score
    private static final int ENTERED = Integer.MAX_VALUE / 2;
    private static final Stopped STOPPED = new Stopped();

    private final TranspositionTable table;
    // the table whose counts of searchers in a node this search keeps, if it is shared
    private final SharedTable counts;
    private final long[] entered = new long[MAX_PLY];
    private int enteredCount;
    private final int[] putOff = new int[MAX_PLY * MoveGenerator.MAX_MOVES];
    private SharedJob together;
    private final long[] moves = new long[MAX_PLY * MoveGenerator.MAX_MOVES];
    private final long[] order = new long[MAX_PLY * MoveGenerator.MAX_MOVES];
    private final long[] killers = new long[2 * MAX_PLY];
    private final int[] history = new int[64 * 64];
    private long nodes;
    private int rootPly;
    private int rootBestIndex;

    public Search(TranspositionTable table) {
        this.table = table;
        this.counts = table instanceof SharedTable shared ? shared : null;
    }

    /** A search stopped because another searcher of its job finished it. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super("the job was finished by another searcher", null, false, false);
        }
    }

    /** The outcome of a search: score (side to move's view), best move (0 if none), depth and nodes. */
    public record Result(int score, long bestMove, int depth, long nodes) {
    }

    /** Iterative deepening from depth 1 to {@code maxDepth}, the last iteration's score and move. */
    public Result search(Position p, int maxDepth) {
        checkDepth(maxDepth);
        long before = nodes;
        int score = 0;
        for (int depth = 1; depth <= maxDepth; depth++) {
            score = alphaBeta(p, depth, -INFINITY, INFINITY, 0);
        }
        return new Result(score, bestMove(p), maxDepth, nodes - before);
    }

    /**
     * One fixed-depth search of {@code p} with window (alpha, beta), {@code ply} plies below the root
     * (for the scores of won and lost games): what a searcher does with one job.
     */
    public int alphaBeta(Position p, int depth, int alpha, int beta, int ply) {
        checkDepth(depth);
        if (ply < 0 || ply + depth >= MAX_PLY / 2) {
            throw new IllegalArgumentException("search ply " + ply + " with depth " + depth + ": ply + depth must be < "
                    + MAX_PLY / 2);
        }
        rootPly = ply;
        rootBestIndex = -1;
        return negamax(p.black, p.white, p.kings, p.blackToMove, p.hash, depth, ply, alpha, beta, false);
    }

    /** The score of a job: its position searched to its depth with its window, at its ply. */
    public int search(Position root, SearchJob job) {
        return alphaBeta(job.position(root), job.depth, job.alpha, job.beta, job.path.length);
    }

    /**
     * Searches {@code shared}'s job together with the other searchers in it, until it is finished (by this
     * search or another); nothing if it was finished already. The score, best move and nodes are {@code
     * shared}'s. With a table that is not a {@link SharedTable}, searchers do not see each other: each searches
     * the whole job, and the first to finish stops the others.
     */
    public void search(Position root, SharedJob shared) {
        if (!shared.join()) {
            return;
        }
        long before = nodes;
        Position p = shared.job.position(root);
        together = shared;
        try {
            int score = alphaBeta(p, shared.job.depth, shared.job.alpha, shared.job.beta, shared.job.path.length);
            shared.finish(score, bestMove(p));
        } catch (Stopped stopped) {
            while (enteredCount > 0) {
                counts.leave(entered[--enteredCount]);
            }
        } finally {
            together = null;
            shared.leave(nodes - before);
        }
    }

    /**
     * The best move of the last search, whose position was {@code p}; 0 if it had no move or none is known
     * (a search of depth 0, a table cutoff without a move); a fail-low gives the highest bound's move.
     */
    public long bestMove(Position p) {
        return rootBestIndex < 0 ? 0 : p.moves()[rootBestIndex];
    }

    public long nodes() {
        return nodes;
    }

    private static void checkDepth(int depth) {
        if (depth < 0 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("search depth " + depth + ": must be 0.." + MAX_DEPTH);
        }
    }

    /** {@code alone}: return {@link #ENTERED} instead of a score if another searcher is in this node. */
    private int negamax(long black, long white, long kings, boolean blackToMove, long hash, int depth, int ply,
            int alpha, int beta, boolean alone) {
        if (depth == 0) {
            return quiesce(black, white, kings, blackToMove, ply, alpha, beta);
        }
        nodes++;
        // a volatile read every node would cost a searcher alone a few percent; 64 nodes are microseconds
        if (together != null && (nodes & 63) == 0 && together.finished()) {
            throw STOPPED;
        }
        long entry = depth >= TABLE_MIN_DEPTH ? table.probe(hash, depth) : TranspositionTable.MISS;
        int tableMove = -1;
        if (entry != TranspositionTable.MISS) {
            if (TranspositionTable.depth(entry) == depth) {
                int s = fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT || (bound == TranspositionTable.LOWER && s >= beta)
                        || (bound == TranspositionTable.UPPER && s <= alpha)) {
                    if (ply == rootPly) {
                        rootBestIndex = TranspositionTable.moveIndex(entry);
                    }
                    return s;
                }
            }
            tableMove = TranspositionTable.moveIndex(entry);
        }
        boolean shared = counts != null && depth >= SHARED_MIN_DEPTH;
        boolean counted = false;
        if (shared) {
            if (alone && counts.entered(hash)) {
                return ENTERED;
            }
            counted = counts.enter(hash);
            if (counted) {
                entered[enteredCount++] = hash;
            }
        }
        int off = ply * MoveGenerator.MAX_MOVES;
        int n = MoveGenerator.generate(black, white, kings, blackToMove, moves, off);
        if (n == 0) {
            leave(counted);
            return -(Evaluation.WIN - ply);
        }
        scoreMoves(off, n, tableMove, ply);
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        int alpha0 = alpha;
        int best = -INFINITY;
        int bestIndex = -1;
        int putOffCount = 0;
        // moves in order, then the ones put off because another searcher was in their child
        for (int i = 0; i < n + putOffCount; i++) {
            int index = i < n ? pickNext(off + i, off + n) : putOff[off + i - n];
            long m = moves[off + index];
            long k = Position.kingsAfter(kings, m, crown);
            long h = depth > HASHED_MIN_DEPTH ? Zobrist.after(hash, m, kings, blackToMove) : 0;
            boolean childAlone = shared && i > 0 && i < n;
            int v = blackToMove
                    ? -negamax(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false, h, depth - 1,
                            ply + 1, -beta, -alpha, childAlone)
                    : -negamax(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true, h, depth - 1,
                            ply + 1, -beta, -alpha, childAlone);
            if (v == -ENTERED) {
                putOff[off + putOffCount++] = index;
                continue;
            }
            if (v > best) {
                best = v;
                bestIndex = index;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) {
                        rememberCutoff(m, ply, depth);
                        break;
                    }
                }
            }
        }
        leave(counted);
        int bound = best <= alpha0 ? TranspositionTable.UPPER
                : best >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
        if (depth >= TABLE_MIN_DEPTH) {
            table.store(hash, depth, toTable(best, ply), bound, bestIndex);
        }
        if (ply == rootPly) {
            rootBestIndex = bestIndex;
        }
        return best;
    }

    private void leave(boolean counted) {
        if (counted) {
            counts.leave(entered[--enteredCount]);
        }
    }

    private int quiesce(long black, long white, long kings, boolean blackToMove, int ply, int alpha, int beta) {
        nodes++;
        int off = ply * MoveGenerator.MAX_MOVES;
        if (!MoveGenerator.mustCapture(black, white, kings, blackToMove)) {
            if (MoveGenerator.count(black, white, kings, blackToMove, moves, off) == 0) {
                return -(Evaluation.WIN - ply);
            }
            return Evaluation.evaluate(black, white, kings, blackToMove);
        }
        int n = MoveGenerator.generate(black, white, kings, blackToMove, moves, off);
        long crown = blackToMove ? Board.BLACK_CROWN : Board.WHITE_CROWN;
        int best = -INFINITY;
        for (int i = off; i < off + n; i++) {
            long m = moves[i];
            long k = Position.kingsAfter(kings, m, crown);
            int v = blackToMove
                    ? -quiesce(Position.moverAfter(black, m), Position.opponentAfter(white, m), k, false, ply + 1, -beta,
                            -alpha)
                    : -quiesce(Position.opponentAfter(black, m), Position.moverAfter(white, m), k, true, ply + 1, -beta,
                            -alpha);
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /**
     * Ordering keys {@code priority << 16 | index} for the moves at {@code off}: the table's move first,
     * then captures by pieces taken, then the killers, then by history.
     */
    private void scoreMoves(int off, int n, int tableMove, int ply) {
        for (int i = 0; i < n; i++) {
            long m = moves[off + i];
            long priority;
            if (i == tableMove) {
                priority = 1L << 40;
            } else if (Move.captured(m) != 0) {
                priority = (1L << 36) + Long.bitCount(Move.captured(m));
            } else if (m == killers[2 * ply]) {
                priority = 1L << 34;
            } else if (m == killers[2 * ply + 1]) {
                priority = (1L << 34) - 1;
            } else {
                priority = history[Move.from(m) * 64 + Move.to(m)];
            }
            order[off + i] = priority << 16 | i;
        }
    }

    /** Swaps the highest remaining key to {@code i} and returns its move index (selection sort, one step a move). */
    private int pickNext(int i, int end) {
        int best = i;
        for (int j = i + 1; j < end; j++) {
            if (order[j] > order[best]) {
                best = j;
            }
        }
        long key = order[best];
        order[best] = order[i];
        order[i] = key;
        return (int) key & 0xFFFF;
    }

    private void rememberCutoff(long move, int ply, int depth) {
        if (Move.captured(move) != 0) {
            return;
        }
        if (killers[2 * ply] != move) {
            killers[2 * ply + 1] = killers[2 * ply];
            killers[2 * ply] = move;
        }
        int h = Move.from(move) * 64 + Move.to(move);
        history[h] = Math.min(history[h] + depth * depth, 1 << 20);
    }

    /** A score relative to the node (wins and losses counted in plies from it), as the table keeps it. */
    private static int toTable(int score, int ply) {
        return score > Evaluation.MATE_BOUND ? score + ply : score < -Evaluation.MATE_BOUND ? score - ply : score;
    }

    private static int fromTable(int score, int ply) {
        return score > Evaluation.MATE_BOUND ? score - ply : score < -Evaluation.MATE_BOUND ? score + ply : score;
    }
}
