package io.stormsim.checkers;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

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
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < repeats; r++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            long n = perft.count(start, depth);
            double s = (System.nanoTime() - t0) * 1e-9;
            double cpu = (threads.getCurrentThreadCpuTime() - c0) * 1e-9;
            // CPU time too: on a shared machine the wall time includes waits for a core
            System.out.printf("perft(%d) = %d in %.3f s wall, %.3f s CPU, %.1f M leaves/s (wall)%n", depth, n, s, cpu,
                    n / s * 1e-6);
        }
    }
}
