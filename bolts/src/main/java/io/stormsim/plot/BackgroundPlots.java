package io.stormsim.plot;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Draws a sink's plots off the path of its steps: a plot of a long series takes a few tenths of a second of a
 * core, which the next round would wait for. At most one drawing every {@code everyNanos}, one at a time, on a
 * daemon thread of its own; a failed one is logged and the run goes on. The last drawing of a run is made in the
 * caller's thread after the one in flight, which would otherwise replace the final plots with older ones.
 */
public final class BackgroundPlots implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");
    private final String what;
    private final long everyNanos;
    private final ExecutorService thread;
    private long lastNanos;
    private Future<?> drawing;

    /** @param what the plots, for messages ("the plots in output/barnes-hut") */
    public BackgroundPlots(String what, long everyNanos, long nowNanos) {
        this.what = what;
        this.everyNanos = everyNanos;
        // the first drawing a whole interval in: a short run draws only at its end, off its rounds' cores
        this.lastNanos = nowNanos;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "plots");
            t.setDaemon(true);
            return t;
        });
    }

    /** Whether a drawing may start now: the interval has passed and none is in flight. */
    public boolean due(long nowNanos) {
        return nowNanos - lastNanos > everyNanos && (drawing == null || drawing.isDone());
    }

    /** Starts {@code draw} in the background (it must draw from copies: the run goes on). */
    public void draw(long nowNanos, Runnable draw) {
        lastNanos = nowNanos;
        drawing = thread.submit(() -> {
            try {
                draw.run();
            } catch (RuntimeException e) {
                LOG.warn("could not draw {} (the run goes on; they are drawn again later and at the end): {}", what,
                        e.toString());
            }
        });
    }

    /** Draws now, in this thread, once the drawing in flight (if any) is done. */
    public void drawLast(Runnable draw) throws InterruptedException, ExecutionException {
        if (drawing != null) {
            drawing.get();
        }
        draw.run();
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
