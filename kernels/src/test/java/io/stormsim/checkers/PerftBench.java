package io.stormsim.checkers;

/**
 * Timing of plain perft (bulk counting, no table) from the start position, one thread:
 * {@code PerftBench [depth [repeats]]}. Run it under {@code flock /tmp/stormsim-bench.lock}.
 */
public final class PerftBench {
    private PerftBench() {
    }

    public static void main(String[] args) {
        int depth = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Position start = Position.start();
        Perft perft = new Perft();
        perft.count(start, 9); // warm-up: compiles the recursion before the timed runs
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            long n = perft.count(start, depth);
            double s = (System.nanoTime() - t0) * 1e-9;
            System.out.printf("perft(%d) = %d in %.3f s, %.1f M leaves/s%n", depth, n, s, n / s * 1e-6);
        }
    }
}
