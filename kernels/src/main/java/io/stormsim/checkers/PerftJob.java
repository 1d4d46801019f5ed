package io.stormsim.checkers;

import java.util.Arrays;

/**
 * One piece of a distributed perft: the subtree below the moves {@code path} from the root, counted
 * {@code depth} more plies. {@code index} is the job's place in the split's order and {@code rootMove}
 * the index of the path's first move among the root's moves (in {@link Position#moves()} order), so
 * counts can be summed per root move (divide).
 */
public final class PerftJob {
    public final int index;
    public final int rootMove;
    public final long[] path;
    public final int depth;

    public PerftJob(int index, int rootMove, long[] path, int depth) {
        this.index = index;
        this.rootMove = rootMove;
        this.path = path.clone();
        this.depth = depth;
    }

    /** The position at the end of the path. */
    public Position position(Position root) {
        return root.play(path);
    }

    @Override
    public String toString() {
        return "job " + index + ":" + Move.toPdn(path) + " +" + depth;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PerftJob j && j.index == index && j.rootMove == rootMove && j.depth == depth
                && Arrays.equals(j.path, path);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(path) * 31 + index;
    }
}
