package io.stormsim.sort;

import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Record buffers a partition writes into (its load's stripe, its split's outbox, its sort's output), reused across jobs instead of new
 * arrays per job, whose fresh pages would cost a fault each: a
 * buffer lent out with {@link #lend} comes back once every one of its readers has released its {@link Lease},
 * so a buffer is never written while a reader (a later pass, the sink, a job still in flight) can see it. A
 * lease that is never released (its chunk was serialized to another process, or its job failed) only leaves
 * the buffer to the garbage collector. Thread-safe: readers release from their own threads.
 */
public final class RecordPool {
    /** Capacities are rounded up to this, so that stripes of n/P and n/P + 1 records share buffers. */
    private static final int CAPACITY_STEP = 1 << 10;
    /**
     * A new buffer has room for 1/HEADROOM more records than asked: a key range's records vary by a percent or
     * two from job to job (the splitters come from samples), and a buffer too small for the next job means a
     * fresh array, whose pages fault on first write (measured: the sort stage 1.5x slower).
     */
    private static final int HEADROOM = 16;

    private final ConcurrentLinkedQueue<SortRecords> free = new ConcurrentLinkedQueue<>();

    /** One reader's hold on a lent buffer; releasing it twice counts once. */
    public static final class Lease {
        private final Loan loan;
        private final AtomicBoolean released = new AtomicBoolean();

        private Lease(Loan loan) {
            this.loan = loan;
        }

        public void release() {
            if (released.compareAndSet(false, true) && loan.holders.decrementAndGet() == 0) {
                loan.pool.free.add(loan.buffer);
            }
        }
    }

    private record Loan(RecordPool pool, SortRecords buffer, AtomicInteger holders) {
    }

    /** A free buffer of the same kind as {@code like} with room for {@code size} records, size set to it. */
    public SortRecords acquire(SortRecords like, int size) {
        return acquire(like.keyBits(), like.hasPayloads(), size);
    }

    /** A free buffer of {@code keyBits}-bit keys, with payloads or not, with room for {@code size} records, size set to it. */
    public SortRecords acquire(int keyBits, boolean hasPayloads, int size) {
        for (Iterator<SortRecords> it = free.iterator(); it.hasNext(); ) {
            SortRecords r = it.next();
            if (r.keyBits() == keyBits && r.hasPayloads() == hasPayloads && r.capacity() >= size && free.remove(r)) {
                r.resize(size);
                return r;
            }
        }
        int capacity = (int) Math.min(SortRecords.MAX_CAPACITY,
                ((long) size + size / HEADROOM + CAPACITY_STEP - 1) / CAPACITY_STEP * CAPACITY_STEP);
        SortRecords r = SortRecords.allocate(keyBits, hasPayloads, capacity);
        r.resize(size);
        return r;
    }

    /** Lends {@code buffer} (from {@link #acquire}) to {@code readers} readers, one lease each. */
    public Lease[] lend(SortRecords buffer, int readers) {
        Loan loan = new Loan(this, buffer, new AtomicInteger(readers));
        Lease[] leases = new Lease[readers];
        for (int i = 0; i < readers; i++) {
            leases[i] = new Lease(loan);
        }
        return leases;
    }

    /** Buffers waiting to be reused (for tests). */
    int freeBuffers() {
        return free.size();
    }
}
