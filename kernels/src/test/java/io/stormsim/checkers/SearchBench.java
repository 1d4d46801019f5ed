package io.stormsim.checkers;

/**
 * Timing of the sequential search from the start position, one thread: {@code SearchBench [depth]}, for
 * each depth a fresh search (iterative deepening, empty 2^20-entry local table) with its score, best move,
 * nodes and time. Run it under
 * {@code flock /tmp/stormsim-bench.lock}.
 */
public final class SearchBench {
    private SearchBench() {
    }

    public static void main(String[] args) {
        int maxDepth = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        Position start = Position.start();
        for (int depth = 1; depth <= maxDepth; depth++) {
            long t0 = System.nanoTime();
            Search.Result r = new Search(new LocalTable(20)).search(start, depth);
            double s = (System.nanoTime() - t0) * 1e-9;
            System.out.printf("depth %2d score %5d move %-6s nodes %,13d in %7.3f s, %.1f M nodes/s%n", depth, r.score(),
                    Move.toPdn(r.bestMove()), r.nodes(), s, r.nodes() / s * 1e-6);
        }
    }
}
