package io.stormsim.checkers;

import java.util.Arrays;

/**
 * One piece of a parallel search: the position at the end of {@code path} from the root, searched
 * {@code depth} plies with window ({@code alpha}, {@code beta}) in its side to move's view, at ply
 * {@code path.length} (for the scores of won and lost games). {@link Search#search(Position, SearchJob)}
 * does it.
 */
public final class SearchJob {
    public final int index;
    public final long[] path;
    public final int depth;
    public final int alpha;
    public final int beta;

    public SearchJob(int index, long[] path, int depth, int alpha, int beta) {
        this.index = index;
        this.path = path.clone();
        this.depth = depth;
        this.alpha = alpha;
        this.beta = beta;
    }

    public Position position(Position root) {
        return root.play(path);
    }

    @Override
    public String toString() {
        return new StringBuilder("search job " + index + ":").append(Move.toPdn(path)).append(" depth ").append(depth).append(" (").append(alpha).append(", ").append(beta).append(')')
                .toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchJob j && j.index == index && j.depth == depth && j.alpha == alpha && j.beta == beta
                && Arrays.equals(j.path, path);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(path) * 31 + index;
    }
}
