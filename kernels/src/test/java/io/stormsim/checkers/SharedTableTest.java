package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Searchers in threads sharing one {@link SharedTable}, taking each batch's jobs as they come free, or
 * searching one job together ({@link SharedJob}): the score is sequential alpha-beta's whatever entries the
 * timing left them.
 */
class SharedTableTest {
    @Test
    void entriesAreFoundByTheirOwnHashOnly() {
        SharedTable table = new SharedTable(4);
        long hash = 0x1234_5678_9ABC_DEF0L;
        assertEquals(TranspositionTable.MISS, table.probe(hash, 3));
        assertEquals(TranspositionTable.MISS, table.probe(0, 3), "an empty slot is no entry for hash 0");
        table.store(hash, 3, -17, TranspositionTable.UPPER, 5);
        long entry = table.probe(hash, 3);
        assertEquals(-17, TranspositionTable.score(entry));
        assertEquals(TranspositionTable.UPPER, TranspositionTable.bound(entry));
        assertEquals(3, TranspositionTable.depth(entry));
        assertEquals(5, TranspositionTable.moveIndex(entry));
        // same slot (same high bits), another position
        assertEquals(TranspositionTable.MISS, table.probe(hash ^ 1, 3));
    }

    @Test
    void aNodeCountsItsSearchersAndNoOtherNodeSeesThem() {
        SharedTable table = new SharedTable(4);
        long hash = 0x0BAD_CAFE_1234_5600L;
        // same counter (bits 8..19), another position
        long other = hash ^ (1L << 40);
        assertFalse(table.entered(hash));
        assertTrue(table.enter(hash));
        assertTrue(table.enter(hash));
        assertTrue(table.entered(hash));
        assertFalse(table.entered(other));
        assertFalse(table.enter(other), "a counter in use by another node does not count this one");
        table.leave(hash);
        assertTrue(table.entered(hash), "one searcher is still in it");
        table.leave(hash);
        assertFalse(table.entered(hash));
        assertTrue(table.enter(other), "a free counter serves any node");
        assertTrue(table.entered(other));
        assertFalse(table.entered(hash));
    }

    @Test
    void threadsSearchingOneJobTogetherGiveItsSequentialScoreAndLeaveNoCount() throws Exception {
        int threads = 3;
        int depth = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (Position p : SearchTest.positions().subList(0, 12)) {
                int exact = new Search(new LocalTable(16)).alphaBeta(p, depth, -Search.INFINITY, Search.INFINITY, 0);
                for (int[] window : new int[][] {{-Search.INFINITY, Search.INFINITY}, {exact - 1, exact + 1},
                        {exact, exact + 1}, {exact - 1, exact}, {exact - 30, exact - 10}, {exact + 10, exact + 30}}) {
                    SearchJob job = new SearchJob(0, new long[0], depth, window[0], window[1]);
                    int sequential = new Search(new LocalTable(16)).search(p, job);
                    SharedTable table = new SharedTable(12);
                    SharedJob shared = new SharedJob(job);
                    List<Future<?>> running = new ArrayList<>();
                    for (int t = 0; t < threads; t++) {
                        Search s = new Search(table);
                        running.add(pool.submit(() -> s.search(p, shared)));
                    }
                    for (Future<?> f : running) {
                        f.get();
                    }
                    shared.awaitLeft();
                    String what = p.toFen() + " window (" + window[0] + ", " + window[1] + "): sequential " + sequential
                            + ", together " + shared.score();
                    if (sequential <= window[0]) {
                        assertTrue(shared.score() <= window[0], what);
                    } else if (sequential >= window[1]) {
                        assertTrue(shared.score() >= window[1], what);
                    } else {
                        assertEquals(sequential, shared.score(), what);
                    }
                    assertTrue(shared.nodes() > 0, what);
                    assertFalse(table.entered(p.hash), "no searcher is left counted in the root: " + what);
                    Search late = new Search(table);
                    late.search(p, shared);
                    assertEquals(0, late.nodes(), "a job finished before a searcher joins is not searched again");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void threadsSharingATableTakingJobsAsTheyComeFreeGiveTheSequentialScore() throws Exception {
        int threads = 3;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (Position p : SearchTest.positions()) {
                int depth = 7;
                int sequential = new Search(new LocalTable(16)).search(p, depth).score();
                // a small table: threads overwrite each other's slots all the time
                SharedTable table = new SharedTable(8);
                Search[] searchers = new Search[threads];
                for (int t = 0; t < threads; t++) {
                    searchers[t] = new Search(table);
                }
                RootBatches batches = new RootBatches(p, 1, 0);
                for (int d = 1; ; d++) {
                    while (!batches.done()) {
                        List<SearchJob> jobs = batches.batch();
                        int[] scores = new int[jobs.size()];
                        long[] best = new long[jobs.size()];
                        AtomicInteger next = new AtomicInteger();
                        List<Future<?>> running = new ArrayList<>();
                        for (Search s : searchers) {
                            running.add(pool.submit(() -> {
                                for (int j = next.getAndIncrement(); j < jobs.size(); j = next.getAndIncrement()) {
                                    scores[j] = s.search(p, jobs.get(j));
                                    best[j] = s.bestMove(jobs.get(j).position(p));
                                }
                            }));
                        }
                        for (Future<?> f : running) {
                            f.get();
                        }
                        batches.answer(scores, best);
                    }
                    if (d == depth) {
                        break;
                    }
                    batches = batches.deeper(Math.min(d + 1, 5));
                }
                assertEquals(sequential, batches.outcome().score(), p.toFen());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
