package io.stormsim.checkers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link RootDriver}'s root search as a state machine, for a caller that cannot block on a batch (a
 * coordinator that sends a batch in one step and reads its scores in the next): always exactly
 * {@link #BATCHES} batches, some empty (a root without a move has none, the depth-1 search no second
 * and fourth), so a search to depth d is at most a fixed number of rounds. Ask {@link #batch()}, run
 * its jobs, give their scores to {@link #answer}, until {@link #done()}.
 *
 * <p>The first root move's subtree is about half the work of a well-ordered search, so it is split too,
 * below its own first reply (young brothers wait one ply further down): batch 0 is that reply alone
 * with the full window, batch 1 the first move's other replies, with the window the first bounds. Their
 * fail-soft scores give the first move's exact score, as the sequential search would.
 */
public final class RootBatches {
    /** Batches of every root search: first move's first reply, its other replies, eldest sons, younger sons. */
    public static final int BATCHES = 4;

    private final Position root;
    private final int depth;
    private final long[] rootMoves;
    private int batch;
    private List<SearchJob> jobs;
    private int jobCount;
    private int v1;
    // the first root move's replies (hinted first), and the one scoring lowest for the root so far
    private long[] firstReplies = new long[0];
    private long firstBestReply;
    // u[i]: the score of brother i's node from its side to move's view, the negation of its root score
    private int[] u;
    private long[][] replies;
    private int[] owner;
    // the reply that scored best against brother i so far (0: none yet), put first by deeper()
    private final long[] bestReply;
    // replies to put first, by root move: from the search one ply shallower
    private final long[] hintMove;
    private final long[] hintReply;

    /**
     * A search of {@code root} to {@code depth} (at least 1), root move {@code firstMove} (an index in
     * {@link Position#moves()} order) first, the others in order.
     */
    public RootBatches(Position root, int depth, int firstMove) {
        this(root, depth, firstMove, new long[0], new long[0], true);
    }

    private RootBatches(Position root, int depth, int firstMove, long[] hintMove, long[] hintReply,
            boolean splitFirstMove) {
        this.hintMove = hintMove;
        this.hintReply = hintReply;
        if (depth < 1) {
            throw new IllegalArgumentException("root search depth " + depth + ": must be >= 1");
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
        if (rootMoves.length == 0) {
            jobs = List.of();
            return;
        }
        if (depth >= 2 && splitFirstMove) {
            firstReplies = hintedFirst(rootMoves[0], root.play(rootMoves[0]).moves());
        }
        // without a reply to split below (depth 1, not asked, or the first move leaves no move) the first move
        // is one job, and batch 1 is empty
        jobs = List.of(firstReplies.length == 0
                ? new SearchJob(0, new long[] {rootMoves[0]}, depth - 1, -Search.INFINITY, Search.INFINITY)
                : new SearchJob(0, new long[] {rootMoves[0], firstReplies[0]}, depth - 2, -Search.INFINITY,
                        Search.INFINITY));
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

    public boolean done() {
        return batch == BATCHES;
    }

    /** The scores of the current batch's jobs, in its order; moves on to the next batch. */
    public void answer(int[] scores) {
        if (scores.length != batch().size()) {
            throw new IllegalArgumentException("batch " + batch + " has " + jobs.size() + " jobs, got " + scores.length
                    + " scores");
        }
        jobCount += jobs.size();
        int inf = Search.INFINITY;
        List<SearchJob> next = new ArrayList<>();
        if (rootMoves.length == 0) {
            jobs = next;
        } else if (batch == 0) {
            if (firstReplies.length == 0) {
                v1 = -scores[0];
            } else {
                // (-inf, s) for the other replies: below s a reply's score is exact, and at s or above it
                // cannot lower the first move's score (from the root's view the lowest reply score)
                v1 = scores[0];
                firstBestReply = firstReplies[0];
                for (int r = 1; r < firstReplies.length; r++) {
                    next.add(new SearchJob(jobCount + next.size(), new long[] {rootMoves[0], firstReplies[r]},
                            depth - 2, -inf, v1));
                }
            }
        } else if (batch == 1) {
            for (int r = 0; r < scores.length; r++) {
                if (scores[r] < v1) {
                    v1 = scores[r];
                    firstBestReply = jobs.get(r).path[1];
                }
            }
            eldestSons(next);
        } else if (batch == 2) {
            List<Integer> of = new ArrayList<>();
            for (int e = 0; e < scores.length; e++) {
                int i = owner[e];
                if (depth == 1) {
                    u[i] = scores[e]; // the brother's own node, searched to depth 0
                    continue;
                }
                u[i] = -scores[e];
                bestReply[i] = replies[i][0];
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
        } else {
            for (int y = 0; y < scores.length; y++) {
                if (-scores[y] > u[owner[y]]) {
                    u[owner[y]] = -scores[y];
                    bestReply[owner[y]] = jobs.get(y).path[1];
                }
            }
        }
        jobs = next;
        batch++;
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

    /**
     * The same search one ply deeper, once this one is {@link #done()}: its best move first, and for each
     * root move the reply that scored best against it here first among the replies (the eldest son, which
     * bounds its brothers: a good one makes the later batches small).
     */
    public RootBatches deeper() {
        return deeper(true);
    }

    /**
     * As {@link #deeper()}; {@code splitFirstMove} false searches the first root move as one job (batch 1
     * empty), for a depth too small to repay a round of its own.
     */
    public RootBatches deeper(boolean splitFirstMove) {
        long best = outcome().bestMove();
        long[] generated = root.moves();
        int first = 0;
        for (int i = generated.length - 1; i >= 0; i--) {
            first = generated[i] == best ? i : first;
        }
        int hints = 0;
        long[] moves = new long[u.length + 1];
        long[] replyFirst = new long[u.length + 1];
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
                splitFirstMove);
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
            throw new IllegalStateException("the root search is at batch " + batch + " of " + BATCHES);
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
