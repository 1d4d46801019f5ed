package io.stormsim.checkers.bolts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class WorkerShareTest {
    @Test
    void tasksOfAWorkerShareOneObjectUntilTheLastLetsGo() {
        WorkerShare<Object> a = WorkerShare.acquire("t1 6700 split", Object::new, 2);
        WorkerShare<Object> b = WorkerShare.acquire("t1 6700 split", Object::new, 2);
        WorkerShare<Object> other = WorkerShare.acquire("t1 6701 split", Object::new, 1);
        assertSame(a, b);
        assertSame(a.shared(), b.shared());
        assertNotSame(a.shared(), other.shared());
        WorkerShare.release("t1 6700 split");
        assertSame(a, WorkerShare.acquire("t1 6700 split", Object::new, 2));
        WorkerShare.release("t1 6700 split");
        WorkerShare.release("t1 6700 split");
        WorkerShare.release("t1 6701 split");
        assertNotSame(a, WorkerShare.acquire("t1 6700 split", Object::new, 2));
        WorkerShare.release("t1 6700 split");
        assertNull(WorkerShare.acquire("t2 6700 split", () -> null, 1).shared());
        WorkerShare.release("t2 6700 split");
    }

    @Test
    void eachJobOfAStepGoesToExactlyOneTask() throws Exception {
        WorkerShare<Object> share = WorkerShare.acquire("t3 6700 split", () -> null, 3);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (long step = 10; step < 13; step++) {
                List<Future<List<Integer>>> tasks = new ArrayList<>();
                for (int t = 0; t < 3; t++) {
                    long s = step;
                    tasks.add(pool.submit(() -> {
                        List<Integer> taken = new ArrayList<>();
                        WorkerShare.Jobs jobs = share.jobs(s, 5000);
                        for (int j = jobs.next(); j >= 0; j = jobs.next()) {
                            taken.add(j);
                        }
                        return taken;
                    }));
                }
                int[] times = new int[5000];
                for (Future<List<Integer>> f : tasks) {
                    f.get().forEach(j -> times[j]++);
                }
                for (int j = 0; j < times.length; j++) {
                    assertEquals(1, times[j], "job " + j + " of step " + step);
                }
            }
        } finally {
            pool.shutdownNow();
            WorkerShare.release("t3 6700 split");
        }
    }
}
