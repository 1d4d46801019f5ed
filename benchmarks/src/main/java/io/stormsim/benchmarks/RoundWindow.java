package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@link CoreShares} over the rounds a bench measures, taken while the topology runs in this JVM: a daemon thread
 * watches the run's {@code diagnostics.csv} (one row a round, written as each round ends) and takes a snapshot when
 * the row of round {@code warmup - 1} is there, and another when the last round's is. Polled every 20 ms, so the
 * window is the measured rounds' to within a few hundredths of a second at each end.
 */
final class RoundWindow {
    private static final long POLL_MILLIS = 20;

    private final Thread watcher;
    private volatile CoreShares.Snapshot first, last;
    private volatile Exception failure;

    private RoundWindow(Path csv, int warmup, int steps) {
        watcher = new Thread(() -> {
            try {
                while (last == null) {
                    long rows = rows(csv);
                    if (first == null && rows >= warmup) {
                        first = CoreShares.now();
                    }
                    if (rows >= steps + 1) {
                        last = CoreShares.now();
                    }
                    Thread.sleep(POLL_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }, "bench-round-window");
        watcher.setDaemon(true);
    }

    /** Starts watching {@code csv} for rounds {@code warmup} to {@code steps}. */
    static RoundWindow start(Path csv, int warmup, int steps) {
        RoundWindow w = new RoundWindow(csv, warmup, steps);
        w.watcher.start();
        return w;
    }

    /** What the cores did over the measured rounds; call once the run has ended. */
    CoreShares.Shares shares() throws Exception {
        watcher.join(10 * POLL_MILLIS);
        watcher.interrupt();
        if (failure != null) {
            throw new BenchException("could not watch the rounds' diagnostics: " + failure);
        }
        if (first == null || last == null) {
            throw new BenchException("the run ended before the last round's row was in its diagnostics.csv");
        }
        return CoreShares.between(first, last, Runtime.getRuntime().availableProcessors());
    }

    /** Data rows in the CSV so far (its header not counted). */
    private static long rows(Path csv) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(csv);
        } catch (NoSuchFileException notYet) {
            return 0;
        }
        long lines = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                lines++;
            }
        }
        return Math.max(0, lines - 1);
    }
}
