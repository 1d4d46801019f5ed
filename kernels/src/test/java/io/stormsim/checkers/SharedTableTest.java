package io.stormsim.checkers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Searchers in threads sharing one {@link SharedTable}, taking each batch's jobs as they come free: the
 * root score is sequential alpha-beta's whatever entries the timing left them.
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
