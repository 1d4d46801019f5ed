package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RootDriverTest {
    private static final int INF = Search.INFINITY;

    /** Runs each batch on {@code searchers} searchers sharing {@code table}, jobs dealt in shuffled order. */
    private static RootDriver.JobRunner runner(Position root, int searchers, TranspositionTable table, long seed) {
        Search[] pool = new Search[searchers];
        for (int i = 0; i < searchers; i++) {
            pool[i] = new Search(table);
        }
        SplittableRandom random = new SplittableRandom(seed);
        return jobs -> {
            List<Integer> order = new ArrayList<>();
            for (int j = 0; j < jobs.size(); j++) {
                order.add(j);
            }
            Collections.shuffle(order, new java.util.Random(random.nextLong()));
            int[] scores = new int[jobs.size()];
            for (int k = 0; k < order.size(); k++) {
                int j = order.get(k);
                scores[j] = pool[k % searchers].search(root, jobs.get(j));
            }
            return scores;
        };
    }

    @Test
    void combinedJobsEqualSequentialAlphaBetaAtEveryDepth() {
        for (Position p : SearchTest.positions()) {
            for (int depth = 1; depth <= 6; depth++) {
                int sequential = new Search(new LocalTable(16)).alphaBeta(p, depth, -INF, INF, 0);
                RootDriver.Outcome one = RootDriver.search(p, depth, 0, runner(p, 1, new LocalTable(16), depth));
                RootDriver.Outcome parted = RootDriver.search(p, depth, 0,
                        runner(p, 3, new PartitionedTable(3, 12, 1, 5), 100 + depth));
                if (p.moves().length == 0) {
                    assertEquals(-Evaluation.WIN, one.score());
                    assertEquals(0, one.bestMove());
                    continue;
                }
                assertEquals(sequential, one.score(), p + " depth " + depth + ", one searcher");
                assertEquals(sequential, parted.score(), p + " depth " + depth + ", three searchers, partitioned table");
                int viaBest = -new Search(new LocalTable(16)).alphaBeta(p.play(one.bestMove()), depth - 1, -INF, INF, 1);
                assertEquals(sequential, viaBest, p + " depth " + depth + ": best move " + Move.toPdn(one.bestMove()));
            }
        }
    }

    @Test
    void anyFirstMoveGivesTheSameScore() {
        Position p = RandomPositions.play(59, 1, 24).get(0);
        int sequential = new Search(new LocalTable(16)).alphaBeta(p, 5, -INF, INF, 0);
        for (int first = 0; first < p.moves().length; first++) {
            assertEquals(sequential, RootDriver.search(p, 5, first, runner(p, 2, new LocalTable(16), first)).score(),
                    p + " first move " + first);
        }
    }
}
