package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class PerftTest {
    /**
     * perft(1..13) from the start, published by Aart Bik (talkchess.com, "perft for 8x8 checkers", 2009),
     * counting capture sequences that take the same pieces by different paths as different moves.
     */
    static final long[] START = {1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128,
            388623673L, 1766623630L};

    @Test
    void startPositionThroughDepth11WithoutTable() {
        Perft perft = new Perft();
        for (int depth = 0; depth <= 11; depth++) {
            assertEquals(START[depth], perft.count(Position.start(), depth), "perft(" + depth + ")");
        }
    }

    @Test
    void startPositionThroughDepth12WithTable() {
        Perft perft = new Perft(20);
        for (int depth = 0; depth <= 12; depth++) {
            assertEquals(START[depth], perft.count(Position.start(), depth), "perft(" + depth + ") with table");
        }
    }

    @Test
    void divideSumsToPerftAndMatchesPerMovePerft() {
        Position start = Position.start();
        Perft perft = new Perft();
        long[] divide = perft.divide(start, 8);
        assertEquals(START[8], Arrays.stream(divide).sum());
        long[] moves = start.moves();
        for (int i = 0; i < moves.length; i++) {
            assertEquals(perft.count(start.play(moves[i]), 7), divide[i], Move.toPdn(moves[i]));
        }
    }

    @Test
    void tableAndPlainAgreeOnRandomPositions() {
        Perft plain = new Perft();
        Perft table = new Perft(16);
        for (Position p : RandomPositions.play(11, 100, 80)) {
            assertEquals(plain.count(p, 6), table.count(p, 6), p.toFen());
        }
    }

    /**
     * Two threads count the jobs of perft(10) at once, one first to last, the other last to first, with one
     * table of 64 slots: slots are overwritten all the time, often by both threads at once, and every
     * count is still exact.
     */
    @Test
    void threadsSharingASmallTableCountExactly() throws Exception {
        Position start = Position.start();
        List<PerftJob> jobs = PerftJobs.split(start, 10, 3);
        PerftTable shared = new PerftTable(6);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 3; round++) {
                Future<long[]> forward = pool.submit(() -> countEach(new Perft(shared), start, jobs, false));
                Future<long[]> backward = pool.submit(() -> countEach(new Perft(shared), start, jobs, true));
                long[] f = forward.get();
                long[] b = backward.get();
                assertEquals(START[10], Arrays.stream(f).sum(), "forward, round " + round);
                assertArrayEquals(f, b, "backward, round " + round);
            }
        } finally {
            pool.shutdownNow();
        }
        Perft plain = new Perft();
        long[] counts = countEach(new Perft(shared), start, jobs, false);
        for (int j = 0; j < jobs.size(); j += 37) {
            assertEquals(plain.count(start, jobs.get(j)), counts[j], jobs.get(j).toString());
        }
    }

    private static long[] countEach(Perft perft, Position root, List<PerftJob> jobs, boolean backwards) {
        long[] counts = new long[jobs.size()];
        for (int k = 0; k < jobs.size(); k++) {
            int j = backwards ? jobs.size() - 1 - k : k;
            counts[j] = perft.count(root, jobs.get(j));
        }
        return counts;
    }
}
