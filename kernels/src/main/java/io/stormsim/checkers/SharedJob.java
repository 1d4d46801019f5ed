package io.stormsim.checkers;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@link SearchJob} that one searcher, or several of a process at once on one {@link SharedTable}, search
 * ({@link Search#search(Position, SharedJob)}): a searcher that has no job of its own left joins one still
 * running instead of idling. The first searcher to finish gives the score and best move; the others stop
 * within 64 nodes. What all of them searched counts in {@link #nodes()} once they have left.
 */
public final class SharedJob {
    public final SearchJob job;
    private final AtomicInteger searching = new AtomicInteger();
    private final AtomicLong nodes = new AtomicLong();
    private volatile boolean finished;
    private int score;
    private long bestMove;

    public SharedJob(SearchJob job) {
        this.job = job;
    }

    /** Whether it is finished: a searcher in it stops. */
    public boolean finished() {
        return finished;
    }

    /** A searcher comes in; false if the job is finished already (then it must not search it). */
    public boolean join() {
        searching.incrementAndGet();
        if (finished) {
            // a waiter may have seen this searcher come in
            leave(0);
            return false;
        }
        return true;
    }

    /** How many searchers are in it. */
    public int searchers() {
        return searching.get();
    }

    /** A searcher's result; the first one given counts. */
    synchronized void finish(int score, long bestMove) {
        if (!finished) {
            this.score = score;
            this.bestMove = bestMove;
            finished = true;
        }
    }

    /** A searcher is done with it (finished or stopped), after {@code searched} nodes. */
    public void leave(long searched) {
        nodes.addAndGet(searched);
        synchronized (this) {
            searching.decrementAndGet();
            notifyAll();
        }
    }

    /**
     * Waits until it is finished and every searcher has left: then its score, best move and nodes are
     * final. The caller must have left already.
     */
    public synchronized void awaitLeft() throws InterruptedException {
        while (!finished || searching.get() > 0) {
            wait();
        }
    }

    /** The score (side to move's view at the job's position), once {@link #awaitLeft} returned. */
    public synchronized int score() {
        return score;
    }

    /** The best move found, 0 if none is known, once {@link #awaitLeft} returned. */
    public synchronized long bestMove() {
        return bestMove;
    }

    /** Nodes all its searchers searched, once {@link #awaitLeft} returned. */
    public long nodes() {
        return nodes.get();
    }
}
