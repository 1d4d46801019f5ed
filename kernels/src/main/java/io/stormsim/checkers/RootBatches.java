package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link RootDriver}'s root search as a state machine, for a caller that cannot block on a batch (a
 * coordinator that sends a batch in one step and reads its scores in the next): at most {@link #BATCHES}
 * batches, some possibly empty, so a search to depth d is at most a fixed number of rounds. Ask
 * {@link #batch()}, run its jobs, give their scores to {@link #answer}, until {@link #done()}.
 *
 * <p>The search is split down the principal variation (PV splitting, young brothers wait at every level):
 * the first root move, its first reply, that reply's first reply, ..., {@link #splitPlies()} moves in all,
 * lead to the PV leaf, searched alone with the full window (batch 0). Its score bounds its brothers one ply
 * up, searched together with the window that bound gives (batch 1); with them the score of their parent
 * is exact, and bounds the parent's brothers (batch 2), and so on up to the first root move's replies.
 * Then the root's brothers as before: the first reply to each other root move (eldest sons), then the other
 * replies to the root moves those did not refute. Each PV node lies on the leftmost path, so the sequential
 * search gives it the full window too: with fail-soft scores every level's score is exact, and the root
 * score is the sequential search's. The subtree under the first root move is about half a depth's work,
 * and each ply down the PV splits what is left of it again: a deeper split leaves a smaller serial leaf
 * for one round more per ply.
 */
public final class RootBatches {
    /** Plies the principal variation is split at most: a leaf this deep is small at any depth searched. */
    public static final int MAX_SPLIT_PLIES = 12;
    /** Batches of a root search at most: the PV leaf, the brothers at each ply above it, then two at the root. */
    public static final int BATCHES = MAX_SPLIT_PLIES + 2;

    private final Position root;
    private final int depth;
    private final long[] rootMoves;
    // pv[k]: the move from the PV node at ply k to the one at ply k + 1; the leaf is at ply pv.length
    private final long[] pv;
    private final Position[] pvNodes;
    // value[k]: the score of the PV node at ply k (1..pv.length) from its side to move's view, best so far;
    // bestChild[k] the move reaching it (0: unknown), bestGrandchild[k] the best move below that one
    private final int[] value;
    private final long[] bestChild;
    private final long[] bestGrandchild;
    private final int batches;
    private int batch;
    private List<SearchJob> jobs;
    private int jobCount;
    private int v1;
    // u[i]: the score of brother i's node from its side to move's view, the negation of its root score
    private final int[] u;
    private long[][] replies;
    private int[] owner;
    // the reply that scored best against brother i so far (0: none yet), put first by deeper(), and the
    // best move its search found
    private final long[] bestReply;
    private final long[] bestReplyNext;
    // replies to put first, by root move: from the search one ply shallower
    private final long[] hintMove;
    private final long[] hintReply;

    /**
     * A search of {@code root} to {@code depth} (at least 1), root move {@code firstMove} (an index in
     * {@link Position#moves()} order) first, the others in order; split below the first move's first reply.
     */
    public RootBatches(Position root, int depth, int firstMove) {
        this(root, depth, firstMove, new long[0], new long[0], new long[0], 2);
    }

    private RootBatches(Position root, int depth, int firstMove, long[] hintMove, long[] hintReply, long[] line,
            int splitPlies) {
        this.hintMove = hintMove;
        this.hintReply = hintReply;
        if (depth < 1) {
            throw new IllegalArgumentException("root search depth " + depth + ": must be >= 1");
        }
        if (splitPlies < 1 || splitPlies > MAX_SPLIT_PLIES) {
            throw new IllegalArgumentException("PV split plies " + splitPlies + ": must be 1.." + MAX_SPLIT_PLIES);
        }
        this.root = root;
        this.depth = depth;
        long[] generated = root.moves();
        if (generated.length > 0 && (firstMove < 0 || firstMove >= generated.length)) {
            throw new IllegalArgumentException("first root move " + firstMove + ": must be 0.." + (generated.length - 1));
        }
        rootMoves = new long[generated.length];
        if (generated.length > 0) {
            rootMoves[0] = generated[firstMove];
            for (int i = 0, j = 1; i < generated.length; i++) {
                if (i != firstMove) {
                    rootMoves[j++] = generated[i];
                }
            }
        }
        u = new int[Math.max(0, rootMoves.length - 1)];
        bestReply = new long[u.length];
        bestReplyNext = new long[u.length];
        pv = rootMoves.length == 0 ? new long[0] : principalVariation(line, Math.min(splitPlies, depth));
        pvNodes = new Position[pv.length + 1];
        pvNodes[0] = root;
        for (int k = 0; k < pv.length; k++) {
            pvNodes[k + 1] = pvNodes[k].play(pv[k]);
        }
        value = new int[pv.length + 1];
        bestChild = new long[pv.length + 1];
        bestGrandchild = new long[pv.length + 1];
        batches = rootMoves.length == 0 ? 1 : pv.length + 2;
        jobs = rootMoves.length == 0 ? List.of()
                : List.of(new SearchJob(0, pv, depth - pv.length, -Search.INFINITY, Search.INFINITY));
    }

    /**
     * The first root move, then down to {@code plies} moves: the moves of {@code line} (the last depth's
     * principal variation) while it goes the same way, else the hinted reply to the first move; shorter
     * where a node has no move or the line ends.
     */
    private long[] principalVariation(long[] line, int plies) {
        long[] moves = new long[plies];
        moves[0] = rootMoves[0];
        Position node = root.play(rootMoves[0]);
        int k = 1;
        for (; k < plies; k++) {
            long[] children = node.moves();
            if (children.length == 0) {
                break;
            }
            if (line.length > k && Arrays.equals(line, 0, k, moves, 0, k) && contains(children, line[k])) {
                moves[k] = line[k];
            } else if (k == 1) {
                moves[k] = hintedFirst(rootMoves[0], children)[0];
            } else {
                break;
            }
            node = node.play(moves[k]);
        }
        return Arrays.copyOf(moves, k);
    }

    private static boolean contains(long[] moves, long move) {
        for (long m : moves) {
            if (m == move) {
                return true;
            }
        }
        return false;
    }

    /** The jobs of the current batch (possibly none), independent of each other. */
    public List<SearchJob> batch() {
        if (done()) {
            throw new IllegalStateException("the root search is done: no batch left");
        }
        return jobs;
    }

    /** Index of the current batch, 0..{@link #BATCHES}-1. */
    public int batchIndex() {
        return batch;
    }

    /** Moves from the root to the PV leaf, searched alone in batch 0 (0 without a root move). */
    public int splitPlies() {
        return pv.length;
    }

    public boolean done() {
        return batch == batches;
    }

    /** The scores of the current batch's jobs, in its order; moves on to the next batch. */
    public void answer(int[] scores) {
        answer(scores, null);
    }

    /**
     * As {@link #answer(int[])}, with the best move each job's search found (0: none or not known;
     * {@code bestMoves} null: none known): the PV leaf's extends the principal variation that {@link
     * #deeper} splits.
     */
    public void answer(int[] scores, long[] bestMoves) {
        if (scores.length != batch().size() || (bestMoves != null && bestMoves.length != scores.length)) {
            throw new IllegalArgumentException("batch " + batch + " has " + jobs.size() + " jobs, got " + scores.length
                    + " scores" + (bestMoves == null ? "" : " and " + bestMoves.length + " best moves"));
        }
        jobCount += jobs.size();
        List<SearchJob> next = new ArrayList<>();
        long[] best = bestMoves == null ? new long[scores.length] : bestMoves;
        if (rootMoves.length == 0) {
            jobs = next;
            batch++;
            return;
        }
        int leaf = pv.length;
        int ply = leaf - batch;
        if (batch == 0) {
            value[leaf] = scores[0];
            bestChild[leaf] = best[0];
        } else if (ply >= 1) {
            for (int r = 0; r < scores.length; r++) {
                if (-scores[r] > value[ply]) {
                    value[ply] = -scores[r];
                    bestChild[ply] = jobs.get(r).path[ply];
                    bestGrandchild[ply] = best[r];
                }
            }
        } else if (batch == leaf) {
            youngerSons(scores, best, next);
        } else {
            for (int y = 0; y < scores.length; y++) {
                if (-scores[y] > u[owner[y]]) {
                    u[owner[y]] = -scores[y];
                    bestReply[owner[y]] = jobs.get(y).path[1];
                    bestReplyNext[owner[y]] = best[y];
                }
            }
        }
        if (ply >= 1) {
            // the PV node one ply up: its eldest son's score is exact, and bounds the brothers
            int up = ply - 1;
            if (up == 0) {
                v1 = -value[1];
                eldestSons(next);
            } else {
                value[up] = -value[ply];
                bestChild[up] = pv[up];
                brothers(up, next);
            }
        }
        jobs = next;
        batch++;
    }

    /**
     * The other children of the PV node at {@code ply}, window (-inf, -v) from their view where v is the
     * node's score from its eldest son: below -v a child's score is exact, and at -v or above it cannot
     * raise the node's score.
     */
    private void brothers(int ply, List<SearchJob> next) {
        long[] children = pvNodes[ply].moves();
        long[] path = Arrays.copyOf(pv, ply + 1);
        for (long c : children) {
            if (c != pv[ply]) {
                path[ply] = c;
                next.add(new SearchJob(jobCount + next.size(), path, depth - ply - 1, -Search.INFINITY, -value[ply]));
            }
        }
    }

    /** Once the first move's score v1 is known: the first reply to each other root move, window (v1, +inf). */
    private void eldestSons(List<SearchJob> next) {
        int inf = Search.INFINITY;
        replies = new long[u.length][];
        List<Integer> of = new ArrayList<>();
        for (int i = 0; i < u.length; i++) {
            if (depth == 1) {
                next.add(new SearchJob(jobCount + next.size(), new long[] {rootMoves[i + 1]}, 0, -inf, -v1));
                of.add(i);
                continue;
            }
            replies[i] = hintedFirst(rootMoves[i + 1], root.play(rootMoves[i + 1]).moves());
            if (replies[i].length == 0) {
                u[i] = -(Evaluation.WIN - 1);
            } else {
                next.add(new SearchJob(jobCount + next.size(), new long[] {rootMoves[i + 1], replies[i][0]},
                        depth - 2, v1, inf));
                of.add(i);
            }
        }
        owner = of.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The eldest sons' scores; the other replies to the root moves they did not refute, window (v1, -u). */
    private void youngerSons(int[] scores, long[] best, List<SearchJob> next) {
        List<Integer> of = new ArrayList<>();
        for (int e = 0; e < scores.length; e++) {
            int i = owner[e];
            if (depth == 1) {
                u[i] = scores[e]; // the brother's own node, searched to depth 0
                continue;
            }
            u[i] = -scores[e];
            bestReply[i] = replies[i][0];
            bestReplyNext[i] = best[e];
            if (u[i] >= -v1) {
                continue; // refuted: this root move scores at most v1
            }
            for (int r = 1; r < replies[i].length; r++) {
                next.add(new SearchJob(jobCount + next.size(), new long[] {rootMoves[i + 1], replies[i][r]},
                        depth - 2, v1, -u[i]));
                of.add(i);
            }
        }
        owner = of.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The same search one ply deeper, once this one is {@link #done()}, split as deep as this one (at least
     * below the first move's first reply): its
     * best move first, and for each root move the reply that scored best against it here first among the
     * replies (the eldest son, which bounds its brothers: a good one makes the later batches small).
     */
    public RootBatches deeper() {
        return deeper(Math.max(2, pv.length));
    }

    /**
     * As {@link #deeper()}, the principal variation split {@code splitPlies} moves down (1: the first root
     * move is one job), or less where this search's principal variation (the best child at each split
     * level while the eldest stayed best, then the leaf's best move) ends.
     */
    public RootBatches deeper(int splitPlies) {
        long best = outcome().bestMove();
        long[] generated = root.moves();
        int first = 0;
        for (int i = generated.length - 1; i >= 0; i--) {
            first = generated[i] == best ? i : first;
        }
        int hints = 0;
        long[] moves = new long[u.length + 1];
        long[] replyFirst = new long[u.length + 1];
        long firstBestReply = pv.length >= 2 ? bestChild[1] : 0;
        if (firstBestReply != 0) {
            moves[hints] = rootMoves[0];
            replyFirst[hints++] = firstBestReply;
        }
        for (int i = 0; i < u.length; i++) {
            if (bestReply[i] != 0) {
                moves[hints] = rootMoves[i + 1];
                replyFirst[hints++] = bestReply[i];
            }
        }
        return new RootBatches(root, depth + 1, first, Arrays.copyOf(moves, hints), Arrays.copyOf(replyFirst, hints),
                line(best), splitPlies);
    }

    /**
     * This search's principal variation as far as it is known, to split the next depth along: the best
     * root move, then the best child at each split level while the eldest stayed best and the leaf's best
     * move; where a brother won, it and the best move its search found; for a root move other than the
     * first, its best reply and the best move below it.
     */
    private long[] line(long best) {
        if (rootMoves.length == 0) {
            return new long[0];
        }
        if (best != rootMoves[0]) {
            int i = 0;
            while (rootMoves[i + 1] != best) {
                i++;
            }
            return known(new long[] {best, bestReply[i], bestReplyNext[i]});
        }
        long[] line = new long[pv.length + 2];
        line[0] = pv[0];
        for (int k = 1; k <= pv.length; k++) {
            line[k] = bestChild[k];
            if (k < pv.length && bestChild[k] != pv[k]) {
                line[k + 1] = bestGrandchild[k];
                break;
            }
        }
        return known(line);
    }

    /** {@code moves} up to its first unknown (0) move. */
    private static long[] known(long[] moves) {
        int n = 0;
        while (n < moves.length && moves[n] != 0) {
            n++;
        }
        return Arrays.copyOf(moves, n);
    }

    /** {@code replies} with the hinted reply to {@code move} (if any) moved to the front, the others in order. */
    private long[] hintedFirst(long move, long[] replies) {
        for (int h = 0; h < hintMove.length; h++) {
            if (hintMove[h] != move) {
                continue;
            }
            for (int r = 1; r < replies.length; r++) {
                if (replies[r] == hintReply[h]) {
                    System.arraycopy(replies, 0, replies, 1, r);
                    replies[0] = hintReply[h];
                    break;
                }
            }
            break;
        }
        return replies;
    }

    /** The root score and best move (the first in search order that reaches it), once {@link #done()}. */
    public RootDriver.Outcome outcome() {
        if (!done()) {
            throw new IllegalStateException("the root search is at batch " + batch + " of " + batches);
        }
        if (rootMoves.length == 0) {
            return new RootDriver.Outcome(-Evaluation.WIN, 0, 0);
        }
        int best = v1;
        long bestMove = rootMoves[0];
        for (int i = 0; i < u.length; i++) {
            if (-u[i] > best) {
                best = -u[i];
                bestMove = rootMoves[i + 1];
            }
        }
        return new RootDriver.Outcome(best, bestMove, jobCount);
    }
}
