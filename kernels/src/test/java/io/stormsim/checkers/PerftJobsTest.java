package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PerftJobsTest {

    private static long[] counts(Perft perft, Position root, List<PerftJob> jobs) {
        long[] counts = new long[jobs.size()];
        for (int j = 0; j < jobs.size(); j++) {
            counts[j] = perft.count(root, jobs.get(j));
        }
        return counts;
    }

    @Test
    void jobsAtEverySplitDepthSumToPerftAndDivide() {
        Position start = Position.start();
        Perft perft = new Perft();
        for (int split = 1; split <= 7; split++) {
            List<PerftJob> jobs = PerftJobs.split(start, 7, split);
            assertEquals(PerftTest.START[split], jobs.size(), "one job per node at the split ply");
            long[] counts = counts(perft, start, jobs);
            assertEquals(PerftTest.START[7], java.util.Arrays.stream(counts).sum(), "split at " + split);
            assertArrayEquals(perft.divide(start, 7), PerftJobs.divide(start, jobs, counts), "divide, split " + split);
            assertEquals(PerftTest.START[7], perft.countAll(start, jobs));
        }
    }

    @Test
    void splitIsDeterministicAndIndexed() {
        Position p = RandomPositions.play(23, 1, 30).get(0);
        List<PerftJob> a = PerftJobs.split(p, 6, 3);
        List<PerftJob> b = PerftJobs.split(Fen.parse(p.toFen()), 6, 3);
        assertEquals(a, b);
        for (int j = 0; j < a.size(); j++) {
            assertEquals(j, a.get(j).index);
            assertEquals(3, a.get(j).path.length);
            assertEquals(3, a.get(j).depth);
            assertEquals(p.moves()[a.get(j).rootMove], a.get(j).path[0]);
        }
    }

    @Test
    void linesEndingBeforeTheSplitGiveNoJobs() {
        // White's king takes all four black men (two ways); Black then has no move
        Position p = Fen.parse("W:WK6:B9,10,17,18");
        assertTrue(PerftJobs.split(p, 3, 2).isEmpty());
        assertEquals(2, PerftJobs.split(p, 3, 1).size());
        assertEquals(0, new Perft().countAll(p, PerftJobs.split(p, 3, 1)));
    }

    @Test
    void randomPositionsSplitSumToPerft() {
        Perft perft = new Perft();
        for (Position p : RandomPositions.play(29, 40, 100)) {
            long expected = perft.count(p, 5);
            for (int split = 1; split <= 3; split++) {
                assertEquals(expected, perft.countAll(p, PerftJobs.split(p, 5, split)), p + " split " + split);
            }
        }
    }

    @Test
    void badSplitDepthIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PerftJobs.split(Position.start(), 4, 5));
        assertTrue(e.getMessage().contains("split depth 5") && e.getMessage().contains("1..depth"), e.getMessage());
    }
}
