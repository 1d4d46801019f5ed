package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchTest {
    private static final int INF = Search.INFINITY;

    /**
     * The start, 22 positions of random play with moves left (10 of them with kings), two hand-made
     * endings and a lost position.
     */
    static List<Position> positions() {
        List<Position> list = new ArrayList<>();
        list.add(Position.start());
        int withKings = 0, withoutKings = 0;
        for (Position p : RandomPositions.play(41, 400, 110)) {
            if (p.moves().length == 0) {
                continue;
            }
            if (p.kings != 0 && withKings < 10) {
                withKings++;
                list.add(p);
            } else if (p.kings == 0 && withoutKings < 12) {
                withoutKings++;
                list.add(p);
            }
        }
        list.add(Fen.parse("W:WK6:B9,10,17,18"));
        list.add(Fen.parse("B:WK14,K27,31:BK5,11,K19"));
        list.add(Fen.parse("W:W:B9"));
        return list;
    }

    @Test
    void alphaBetaEqualsMinimaxThroughDepth6WithEachTable() {
        Minimax minimax = new Minimax();
        int withKings = 0;
        for (Position p : positions()) {
            withKings += p.kings != 0 ? 1 : 0;
            for (int depth = 1; depth <= 6; depth++) {
                int expected = minimax.score(p, depth);
                Search local = new Search(new LocalTable(16));
                assertEquals(expected, local.alphaBeta(p, depth, -INF, INF, 0), p + " depth " + depth);
                // the same table again: cutoffs on its entries must not change the score
                assertEquals(expected, local.alphaBeta(p, depth, -INF, INF, 0), p + " depth " + depth + " again");
                assertEquals(expected, new Search(new PartitionedTable(3, 12, 2, 7)).search(p, depth).score(),
                        p + " depth " + depth + ", partitioned table, iterative deepening");
                assertEquals(expected, new Search(new LocalTable(4)).search(p, depth).score(),
                        p + " depth " + depth + ", 16-entry table (constant overwriting)");
            }
        }
        assertTrue(withKings >= 11, "positions with kings: " + withKings);
    }

    @Test
    void kingEndingsEqualMinimaxAtDepth8() {
        // kings can reach a position in 2 plies and again in 6 (a king's 1 step against 3 steps), so the
        // table meets entries of other depths for the same position
        Minimax minimax = new Minimax();
        for (String fen : new String[] {"W:WK14,K22:BK5", "B:WK18:BK1,K3", "W:WK10,K27:BK15,K23"}) {
            Position p = Fen.parse(fen);
            int expected = minimax.score(p, 8);
            assertEquals(expected, new Search(new LocalTable(16)).search(p, 8).score(), fen);
            assertEquals(expected, new Search(new PartitionedTable(2, 12, 2, 3)).search(p, 8).score(), fen);
        }
    }

    @Test
    void onlyEntriesOfTheSameDepthCutOff() {
        Position p = RandomPositions.play(61, 1, 30).get(0);
        int expected = new Minimax().score(p, 4);
        // a table answering every probe with a deeper entry: its bogus scores must never be returned
        TranspositionTable deeper = new TranspositionTable() {
            @Override
            public long probe(long hash, int depth) {
                return TranspositionTable.pack(12345, TranspositionTable.EXACT, depth + 1, -1);
            }

            @Override
            public void store(long hash, int depth, int score, int bound, int moveIndex) {
            }
        };
        assertEquals(expected, new Search(deeper).alphaBeta(p, 4, -INF, INF, 0));
        // the same answer at the depth asked for is trusted
        TranspositionTable same = new TranspositionTable() {
            @Override
            public long probe(long hash, int depth) {
                return TranspositionTable.pack(12345, TranspositionTable.EXACT, depth, -1);
            }

            @Override
            public void store(long hash, int depth, int score, int bound, int moveIndex) {
            }
        };
        assertEquals(12345, new Search(same).alphaBeta(p, 4, -INF, INF, 0));
    }

    @Test
    void bestMoveHasTheRootScore() {
        for (Position p : positions()) {
            Search.Result r = new Search(new LocalTable(16)).search(p, 5);
            if (p.moves().length == 0) {
                assertEquals(0, r.bestMove());
                continue;
            }
            int child = new Search(new LocalTable(16)).alphaBeta(p.play(r.bestMove()), 4, -INF, INF, 1);
            assertEquals(r.score(), -child, p + " best move " + Move.toPdn(r.bestMove()));
            assertTrue(r.nodes() > 0);
        }
    }

    @Test
    void wonAndLostGamesScoreByDistance() {
        // Black must take 14 with 9x18 and White is left without a piece: a win one ply away
        Position p = Fen.parse("B:W14:B9");
        assertEquals(Evaluation.WIN - 1, new Search(new LocalTable(10)).search(p, 3).score());
        assertEquals(-Evaluation.WIN, new Search(new LocalTable(10)).search(Fen.parse("W:W:B9"), 2).score());
    }

    @Test
    void tableCutsNodes() {
        Position p = RandomPositions.play(47, 1, 20).get(0);
        Search small = new Search(new LocalTable(1));
        Search large = new Search(new LocalTable(18));
        assertEquals(small.search(p, 8).score(), large.search(p, 8).score());
        assertTrue(large.nodes() < small.nodes(), large.nodes() + " nodes with a table, " + small.nodes() + " without");
    }

    @Test
    void tableEntriesPackAndUnpack() {
        for (int score : new int[] {-INF, -Evaluation.WIN + 3, -1, 0, 1, 12345, INF}) {
            long e = TranspositionTable.pack(score, TranspositionTable.UPPER, 63, 255);
            assertNotEquals(TranspositionTable.MISS, e);
            assertEquals(score, TranspositionTable.score(e));
            assertEquals(TranspositionTable.UPPER, TranspositionTable.bound(e));
            assertEquals(63, TranspositionTable.depth(e));
            assertEquals(255, TranspositionTable.moveIndex(e));
            assertEquals(-1, TranspositionTable.moveIndex(TranspositionTable.pack(score, 1, 0, -1)));
        }
    }

    @Test
    void partitionedTableBuffersStoresAndLooksUpOnlyDeepEnough() {
        PartitionedTable t = new PartitionedTable(4, 8, 3, 3);
        long a = 0x123456789ABCDEFL, b = 0x7EDCBA9876543210L, c = 0x0F0F0F0F12345678L;
        t.store(a, 5, 10, TranspositionTable.EXACT, 2);
        t.store(b, 2, 20, TranspositionTable.EXACT, 1); // below minDepth: dropped
        assertEquals(TranspositionTable.MISS, t.probe(a, 5), "not flushed yet");
        assertEquals(1, t.pending());
        t.store(b, 4, 30, TranspositionTable.LOWER, 0);
        t.store(c, 3, 40, TranspositionTable.UPPER, 3); // the third store flushes
        assertEquals(0, t.pending());
        assertEquals(10, TranspositionTable.score(t.probe(a, 5)));
        assertEquals(30, TranspositionTable.score(t.probe(b, 4)));
        assertEquals(TranspositionTable.MISS, t.probe(a, 2), "lookups below minDepth are not made");
        int[] owners = new int[4];
        for (Position p : RandomPositions.play(53, 400, 60)) {
            int o = PartitionedTable.owner(p.hash, 4);
            assertEquals(o, PartitionedTable.owner(Fen.parse(p.toFen()).hash, 4));
            owners[o]++;
        }
        for (int o : owners) {
            assertTrue(o > 50, java.util.Arrays.toString(owners));
        }
    }
}
