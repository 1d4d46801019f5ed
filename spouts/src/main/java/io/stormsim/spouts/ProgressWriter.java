package io.stormsim.spouts;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A timestep spout's progress records ({@link ProgressStore#record}), off the rounds' critical path: a record
 * that only moves the round on is written by one background thread, which always writes the newest waiting
 * record and drops those it superseded; a record that a restarted spout would read differently (the first,
 * whose existence says the spout ran before, and every record with a new complete checkpoint, where a restore
 * starts) is written at once, in the caller's thread, as before. So what a restarted spout reads (whether it
 * ran before, the last complete checkpoint) is at every round what a synchronous writer would have left, and
 * recovery is unchanged; only the recorded round lags, which nothing restores from.
 *
 * <p>Why: each record is two ZooKeeper round trips, and ZooKeeper's server logs each write before it
 * answers: 2.2-2.5 ms of every round between a round's ack and the next trigger, whatever the partition
 * count (Barnes-Hut at 10^5 bodies, 2 vCPUs). Records are ordered by a sequence number, so a record written
 * at once is never overwritten by an older one still in the background thread's hands.
 */
final class ProgressWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressWriter.class);
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final ProgressStore store;
    private final Thread writer;
    private final Object waiting = new Object();
    /** The newest record for the background thread: sequence number, round, checkpoint; null: none. */
    private long[] pending;
    private boolean closed;
    private final Object writes = new Object();
    private long writtenSeq;
    private volatile long writtenZxid;
    /** The caller's side: records numbered so far, and the checkpoint the last record written at once holds. */
    private long seq;
    private boolean recordedAny;
    private long recordedCheckpoint;

    ProgressWriter(ProgressStore store, String topologyId) {
        this.store = store;
        this.writer = new Thread(this::writeInBackground, "stormsim-progress-" + topologyId);
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Records round {@code round} as completed with last complete checkpoint {@code checkpoint} (-1: none): at
     * once if it is the first record or its checkpoint is new (a failure is thrown, and the next record is
     * written at once again), otherwise in the background (a failure is logged).
     */
    void record(long round, long checkpoint) throws Exception {
        long s = ++seq;
        if (recordedAny && checkpoint == recordedCheckpoint) {
            synchronized (waiting) {
                pending = new long[] {s, round, checkpoint};
                waiting.notifyAll();
            }
            return;
        }
        synchronized (waiting) {
            pending = null;
        }
        write(s, round, checkpoint);
        recordedAny = true;
        recordedCheckpoint = checkpoint;
    }

    /**
     * The ZooKeeper transaction id of the newest record written (0: none yet): a time before now, though maybe
     * not the newest record's, so tasks that start later have larger ones.
     */
    long writtenZxid() {
        return writtenZxid;
    }

    private void writeInBackground() {
        while (true) {
            long[] next;
            synchronized (waiting) {
                while (pending == null && !closed) {
                    try {
                        waiting.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                next = pending;
                pending = null;
            }
            try {
                write(next[0], next[1], next[2]);
            } catch (Exception e) {
                LOG.warn("could not record progress of round {} in ZooKeeper: {}", next[1], e.toString());
            }
        }
    }

    private void write(long s, long round, long checkpoint) throws Exception {
        synchronized (writes) {
            if (s > writtenSeq) {
                writtenZxid = store.record(round, checkpoint);
                writtenSeq = s;
            }
        }
    }

    /** Stops the background thread once its write in progress, if any, is done; a waiting record is dropped. */
    @Override
    public void close() {
        synchronized (waiting) {
            closed = true;
            waiting.notifyAll();
        }
        try {
            // the store's client closes after this: let a write in progress end first
            writer.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
