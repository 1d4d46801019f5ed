package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the Storm search layer does, in one thread: iterative deepening by {@link RootBatches#deeper}, each
 * batch striped over searchers (job j to searcher j mod P), each with a {@link LocalTable} or a
 * {@link TableShard} whose buffered entries reach their owners between batches; the root score is
 * sequential alpha-beta's.
 */
class TableShardTest {
    private static final int INF = Search.INFINITY;

    /** Nodes of the last {@link #stripedSearch}, summed over its searchers. */
    private static long nodes;

    private static int stripedSearch(Position p, int depth, int searchers, boolean sharded) {
        return stripedSearch(p, depth, searchers, sharded, 2);
    }

    /** As above, each depth after the first split {@code splitPlies} moves down the principal variation. */
    private static int stripedSearch(Position p, int depth, int searchers, boolean sharded, int splitPlies) {
        Search[] pool = new Search[searchers];
        TableShard[] shards = new TableShard[searchers];
        for (int s = 0; s < searchers; s++) {
            shards[s] = new TableShard(s, searchers, 12, 2);
            pool[s] = new Search(sharded ? shards[s] : new LocalTable(12));
        }
        RootBatches batches = new RootBatches(p, 1, 0);
        for (int d = 1; ; d++) {
            while (!batches.done()) {
                List<SearchJob> jobs = batches.batch();
                int[] scores = new int[jobs.size()];
                long[] best = new long[jobs.size()];
                for (int s = 0; s < searchers; s++) {
                    for (int j = s; j < jobs.size(); j += searchers) {
                        scores[j] = pool[s].search(p, jobs.get(j));
                        best[j] = pool[s].bestMove(jobs.get(j).position(p));
                    }
                }
                for (int from = 0; from < searchers; from++) {
                    for (int to = 0; to < searchers; to++) {
                        shards[to].apply(shards[from].drain(to));
                    }
                }
                batches.answer(scores, best);
            }
            if (d == depth) {
                break;
            }
            batches = batches.deeper(splitPlies);
        }
        RootDriver.Outcome outcome = batches.outcome();
        nodes = 0;
        for (Search s : pool) {
            nodes += s.nodes();
        }
        return outcome.score();
    }

    @Test
    void stripedBatchesGiveTheSequentialScoreWithEitherTable() {
        for (Position p : SearchTest.positions()) {
            for (int depth = 1; depth <= 5; depth++) {
                int sequential = new Search(new LocalTable(16)).search(p, depth).score();
                for (int searchers = 1; searchers <= 3; searchers++) {
                    assertEquals(sequential, stripedSearch(p, depth, searchers, false),
                            p + " depth " + depth + ", " + searchers + " searchers, local tables");
                    assertEquals(sequential, stripedSearch(p, depth, searchers, true),
                            p + " depth " + depth + ", " + searchers + " searchers, table shards");
                }
            }
        }
    }

    @Test
    void deeperPutsLastDepthsBestRepliesFirstAndSearchesFewerNodes() {
        Position start = Position.start();
        int depth = 12;
        int sequential = new Search(new LocalTable(20)).search(start, depth).score();
        assertEquals(sequential, stripedSearch(start, depth, 1, false));
        long hinted = nodes;
        // the same iterations started afresh: only the best root move first, replies in generation order
        Search search = new Search(new LocalTable(12));
        RootDriver.Outcome o = null;
        for (int d = 1; d <= depth; d++) {
            long best = o == null ? 0 : o.bestMove();
            long[] moves = start.moves();
            int first = 0;
            for (int i = moves.length - 1; i >= 0; i--) {
                first = moves[i] == best ? i : first;
            }
            o = RootDriver.search(start, d, first, jobs -> jobs.stream().mapToInt(j -> search.search(start, j)).toArray());
        }
        assertEquals(sequential, o.score());
        assertTrue(hinted < search.nodes(), hinted + " nodes with the best replies first, " + search.nodes() + " without");
    }

    @Test
    void splittingThePrincipalVariationAnyNumberOfPliesDownGivesTheSequentialScore() {
        for (Position p : SearchTest.positions()) {
            for (int depth = 1; depth <= 6; depth++) {
                int sequential = new Search(new LocalTable(16)).search(p, depth).score();
                for (int plies = 1; plies <= 7; plies += 2) {
                    assertEquals(sequential, stripedSearch(p, depth, 2, false, plies),
                            p + " depth " + depth + ", split " + plies + " plies down, local tables");
                    assertEquals(sequential, stripedSearch(p, depth, 3, true, plies),
                            p + " depth " + depth + ", split " + plies + " plies down, table shards");
                }
            }
        }
    }

    @Test
    void batchesFollowThePrincipalVariationDownAndBackUp() {
        RootBatches none = new RootBatches(Fen.parse("W:W:B9"), 4, 0);
        assertEquals(0, none.batchIndex());
        assertTrue(none.batch().isEmpty(), "a side without a move: one empty batch");
        none.answer(new int[0]);
        assertTrue(none.done());
        assertEquals(-Evaluation.WIN, none.outcome().score());
        assertEquals(0, none.outcome().bestMove());
        assertThrows(IllegalStateException.class, none::batch);
        RootBatches one = new RootBatches(Position.start(), 1, 0);
        assertEquals(1, one.splitPlies(), "at depth 1 the first move is not split");
        assertEquals(1, one.batch().get(0).path.length);
        one.answer(new int[] {0});
        assertEquals(6, one.batch().size(), "the six brothers of the first of seven moves, at depth 0");
        RootBatches two = new RootBatches(Position.start(), 2, 0);
        assertEquals(2, two.batch().get(0).path.length, "the first move's first reply");
        two.answer(new int[] {0});
        assertEquals(6, two.batch().size(), "the first move's six other replies");
        // the known principal variation grows a ply a depth (the leaf's best move): split four plies down at
        // depth 7, the leaf, then the brothers at plies 3, 2, 1 (each the leaf's path with its last move
        // changed), then the root's eldest sons. Every job scores 0 (so the eldest stays best at every
        // level), its first move the best.
        RootBatches deep = new RootBatches(Position.start(), 5, 0);
        for (int plies = 3; plies <= 4; plies++) {
            while (!deep.done()) {
                List<SearchJob> jobs = deep.batch();
                deep.answer(new int[jobs.size()], jobs.stream().mapToLong(j -> j.position(Position.start()).moves()[0])
                        .toArray());
            }
            deep = deep.deeper(plies);
            assertEquals(plies, deep.splitPlies());
        }
        long[] leaf = deep.batch().get(0).path;
        assertEquals(4, leaf.length);
        deep.answer(new int[] {0}, new long[] {0});
        for (int ply = 3; ply >= 1; ply--) {
            for (SearchJob brother : deep.batch()) {
                assertEquals(ply + 1, brother.path.length);
                assertArrayEquals(Arrays.copyOf(leaf, ply), Arrays.copyOf(brother.path, ply));
                assertEquals(-INF, brother.alpha);
            }
            deep.answer(new int[deep.batch().size()]);
        }
        assertEquals(6, deep.batch().size(), "the root's other six moves' eldest sons");
        assertEquals(2, deep.batch().get(0).path.length);
        RootBatches searched = deep;
        while (!searched.done()) {
            searched.answer(new int[searched.batch().size()]);
        }
        assertThrows(IllegalArgumentException.class, () -> searched.deeper(RootBatches.MAX_SPLIT_PLIES + 1));
        assertThrows(IllegalArgumentException.class, () -> one.answer(new int[2]));
    }

    @Test
    void aShardLooksUpOnlyWhatItOwnsDeepEnoughAndSendsTheRest() {
        TableShard a = new TableShard(0, 2, 4, 2);
        TableShard b = new TableShard(1, 2, 4, 2);
        long mine = 0, theirs = 0;
        for (long h = 1; mine == 0 || theirs == 0; h += 0x9E3779B97F4A7C15L) {
            if (PartitionedTable.owner(h, 2) == 0) {
                mine = h;
            } else {
                theirs = h;
            }
        }
        a.store(mine, 3, 7, TranspositionTable.EXACT, 1);
        a.store(theirs, 3, 8, TranspositionTable.LOWER, 2);
        a.store(theirs, 1, 9, TranspositionTable.EXACT, 0); // below minDepth: dropped
        assertEquals(7, TranspositionTable.score(a.probe(mine, 3)));
        assertEquals(TranspositionTable.MISS, a.probe(mine, 1), "no lookup below minDepth");
        assertEquals(TranspositionTable.MISS, a.probe(theirs, 3), "not its own: no lookup");
        assertEquals(TranspositionTable.MISS, b.probe(theirs, 3), "not sent yet");
        assertEquals(0, a.drain(0).size());
        TableShard.Updates sent = a.drain(1);
        assertEquals(1, sent.size());
        b.apply(sent);
        assertEquals(8, TranspositionTable.score(b.probe(theirs, 3)));
        assertEquals(0, a.drain(1).size(), "drained");
        assertThrows(IllegalArgumentException.class, () -> a.apply(sent));
        // a buffer keeps the newest entries, as many as a share holds (16 here)
        for (int k = 0; k < 40; k++) {
            a.store(theirs, 2, k, TranspositionTable.EXACT, 0);
        }
        TableShard.Updates kept = a.drain(1);
        assertEquals(16, kept.size());
        int[] scores = new int[16];
        for (int k = 0; k < 16; k++) {
            scores[k] = TranspositionTable.score(kept.entries()[k]);
        }
        assertArrayEquals(java.util.stream.IntStream.range(24, 40).toArray(), scores);
    }
}
