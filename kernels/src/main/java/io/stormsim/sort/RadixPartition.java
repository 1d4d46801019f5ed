package io.stormsim.sort;

import java.util.Arrays;
import java.util.List;

/**
 * One partition of the partitioned stable radix sort, without Storm: each method is the work of one phase
 * bolt between two exchanges, and records cross between partitions once.
 * <ol>
 * <li>{@link #split}: this partition's stripe of the input (input records {@code firstIndex ..}) cut into one
 * {@link Chunk} per destination by the {@link KeySplitters} (all partitions choose the same ones from every
 * stripe's sample), each chunk ordered stably by the top digit on the way (most significant first), with
 * its counts of each top digit value, which say where each value's run starts;</li>
 * <li>{@link #sort}: for each top digit value, its runs from every sender in sender order (so in input
 * order: senders hold the input in order) sorted by the digits below, least significant first, a digit
 * that is the same in every record of the bucket skipped: a bucket of uniform keys is about n / (P 2^d)
 * records, which stay in the core's cache for all their passes.</li>
 * </ol>
 * Destination q receives one contiguous range of the stable sorted order (its splitters'), so the
 * destinations' outputs one after another, in partition order, are the same bits as {@link RadixSort} at any
 * partition count. Why one exchange: an all-to-all exchange per digit pass costs each pass a Storm hand-over
 * and a wait for the slowest partition; cutting by key range first leaves every later pass local.
 *
 * <p>Record buffers come from this partition's {@link RecordPool}, reused across jobs: a chunk holds a
 * {@link RecordPool.Lease} on the buffer it is cut from, which its reader (the next phase, the sink) releases.
 * Not thread-safe; its chunks may be read and released from any thread.
 */
public final class RadixPartition {
    /**
     * Records {@code from .. from+count-1} of {@code records}, from partition {@code source} to partition
     * {@code destination}. As {@link #split} makes it, ordered stably by the top digit, whose value v's run
     * holds {@code digitCounts[v]} records (null when the records are in input order: a stripe); its
     * {@code lease} (null if the records are nobody's to reuse) the chunk's hold on the sender's buffer.
     */
    public record Chunk(int source, int destination, SortRecords records, int from, int count, int[] digitCounts,
                        RecordPool.Lease lease) {
        /** The chunk that hands all of {@code records}, in order, to {@code partition} itself. */
        public static Chunk toSelf(int partition, SortRecords records) {
            return new Chunk(partition, partition, records, 0, records.size(), null, null);
        }

        /** This chunk with its own copy of just its records: what to hand to a transport that serializes it. */
        public Chunk detached() {
            return new Chunk(source, destination, records.copyOfRange(from, from + count), 0, count, digitCounts,
                    null);
        }

        /** Tells the sender this reader is done with the records (a no-op for a chunk without a lease). */
        public void release() {
            if (lease != null) {
                lease.release();
            }
        }
    }

    private final int partition;
    private final int partitions;
    private final int digitBits;
    private final int radix;
    private final RecordPool pool = new RecordPool();
    /**
     * The two buffers {@link #sortBucket} passes between, the size of the largest bucket (kept and grown, of the
     * last job's kind): one bucket's worth stays in the cache, and the sorted bucket is copied to the output in
     * one sequential write. Each partition's sort of 1e7 uniform keys in 2 partitions measured 18.2-20.3 ms with
     * a second output-sized buffer instead (each record's line fetched and written back twice a job), and, both
     * partitions at once, 16.0-22.7 ms (mean 18.6) with the last pass scattering into the output itself
     * (a fetch of the output's line on a store at random) against 15.6-17.9 (mean 16.4) this way.
     */
    private final SortRecords[] scratch = new SortRecords[2];

    public RadixPartition(int partition, int partitions, int digitBits) {
        if (partitions < 1 || partition < 0 || partition >= partitions) {
            throw new IllegalArgumentException("partition " + partition + " of " + partitions
                    + " is not allowed: need 0 <= partition < partitions");
        }
        this.partition = partition;
        this.partitions = partitions;
        this.digitBits = RadixSort.checkDigitBits(digitBits);
        this.radix = 1 << digitBits;
    }

    /** First input record of partition {@code q}'s stripe when {@code partitions} share {@code n}: n/P each, the first n%P one more. */
    public static long rangeStart(long n, int partitions, int q) {
        return q * (n / partitions) + Math.min(q, n % partitions);
    }

    /**
     * Phase split: the records of {@code stripe}, input records {@code firstIndex ..}, as one chunk per
     * destination partition (in partition order, empty ones included, so each receiver expects one from every
     * sender), each ordered stably by the top digit. The stripe is only read.
     */
    public Chunk[] split(SortRecords stripe, long firstIndex, KeySplitters splitters) {
        if (splitters.destinations() != partitions) {
            throw new IllegalArgumentException(splitters.destinations() + " destinations for " + partitions
                    + " partitions: need one splitter fewer than partitions");
        }
        if (firstIndex < 0 || firstIndex + stripe.size() > SortRecords.MAX_CAPACITY) {
            throw new IllegalArgumentException("input records " + firstIndex + " .. " + (firstIndex + stripe.size() - 1)
                    + ": the input indices must lie in 0.." + (SortRecords.MAX_CAPACITY - 1));
        }
        int topShift = topShift(stripe.keyBits()), topBits = stripe.keyBits() - topShift, top = 1 << topBits;
        // Slot (d, v) of destination d and top digit value v at d << topBits | v, in a table of a power of two
        // slots, indexed under its length - 1 (C2 then drops the range check).
        int[] slots = new int[Integer.highestOneBit(Math.max(1, partitions - 1)) * 2 * top];
        SortRecords outbox = pool.acquire(stripe, stripe.size());
        KeySplit.split(stripe, firstIndex, splitters, topShift, topBits, outbox, slots);
        RecordPool.Lease[] leases = pool.lend(outbox, partitions);
        Chunk[] chunks = new Chunk[partitions];
        for (int d = 0, from = 0; d < partitions; d++) {
            int[] counts = Arrays.copyOfRange(slots, d * top, (d + 1) * top);
            int count = 0;
            for (int c : counts) {
                count += c;
            }
            chunks[d] = new Chunk(partition, d, outbox, from, count, counts, leases[d]);
            from += count;
        }
        return chunks;
    }

    /**
     * Phase sort: the chunks every partition's {@link #split} sent here, in sender order, sorted: this
     * partition's range of the output, as a chunk to the sink (leased to it). The chunks received are released.
     * Checks that the result is in order.
     */
    public Chunk sort(List<Chunk> received) {
        if (received.size() != partitions) {
            throw new IllegalArgumentException("partition " + partition + " received " + received.size()
                    + " chunks: every one of the " + partitions + " partitions sends one, empty if need be");
        }
        SortRecords kind = received.get(0).records();
        long m = 0;
        for (int p = 0; p < partitions; p++) {
            Chunk c = received.get(p);
            checkChunk(c, p, kind);
            m += c.count();
        }
        if (m > SortRecords.MAX_CAPACITY) {
            throw new IllegalArgumentException(m + " records sent to partition " + partition + ": more than one array holds");
        }
        int n = (int) m, topBits = kind.keyBits() - topShift(kind.keyBits());
        SortRecords out = pool.acquire(kind, n);
        reserveScratch(received, kind, 1 << topBits);
        int[] at = new int[partitions];
        for (int p = 0; p < partitions; p++) {
            at[p] = received.get(p).from();
        }
        SortRecords[] runRecords = new SortRecords[partitions];
        int[] runFrom = new int[partitions], runCount = new int[partitions];
        for (int v = 0, start = 0; v < 1 << topBits; v++) {
            int runs = 0, size = 0;
            for (int p = 0; p < partitions; p++) {
                Chunk c = received.get(p);
                int count = c.digitCounts()[v];
                if (count > 0) {
                    runRecords[runs] = c.records();
                    runFrom[runs] = at[p];
                    runCount[runs++] = count;
                    at[p] += count;
                    size += count;
                }
            }
            if (size > 0) {
                sortBucket(runRecords, runFrom, runCount, runs, start, size, out);
            }
            start += size;
        }
        for (Chunk c : received) {
            c.release();
        }
        checkOrder(out);
        return new Chunk(partition, partition, out, 0, n, null, pool.lend(out, 1)[0]);
    }

    /** The shift of the top digit of {@code keyBits}-bit keys, the digit {@link #split} orders by. */
    private int topShift(int keyBits) {
        return (RadixSort.passes(keyBits, digitBits) - 1) * digitBits;
    }

    /** Makes both {@link #scratch} buffers of {@code kind} and room for the largest of the received buckets. */
    private void reserveScratch(List<Chunk> received, SortRecords kind, int values) {
        int largest = 0;
        for (int v = 0; v < values; v++) {
            int size = 0;
            for (Chunk c : received) {
                size += c.digitCounts()[v];
            }
            largest = Math.max(largest, size);
        }
        for (int k = 0; k < scratch.length; k++) {
            SortRecords s = scratch[k];
            if (s == null || s.keyBits() != kind.keyBits() || s.hasPayloads() != kind.hasPayloads()) {
                scratch[k] = s = kind.allocateLike(0);
            }
            s.resize(largest);
        }
    }

    /**
     * The {@code m} records of one top digit value, in the runs (stable order), sorted by the digits below it
     * into {@code out[at .. at+m)}, least significant first: counts every digit in one read, skips a digit that
     * is the same in every record, scatters between the {@link #scratch} buffers, and copies the last to
     * {@code out}. A bucket of uniform keys holds about n / 2^topBits
     * records a partition, which the cache holds for all its passes.
     */
    private void sortBucket(SortRecords[] records, int[] from, int[] count, int runs, int at, int m, SortRecords out) {
        if (ascending(records, from, count, runs)) {
            copy(records, from, count, runs, out, at);
            return;
        }
        int digits = RadixSort.passes(out.keyBits(), digitBits) - 1;
        int[] counts = new int[digits * radix];
        for (int r = 0; r < runs; r++) {
            RadixSort.count(records[r], from[r], from[r] + count[r], 0, digitBits, digits, counts);
        }
        long any = records[0].key(from[0]);
        int[] next = new int[radix];
        // Records out of order differ in some digit below the top one: at least one pass moves them.
        for (int p = 0, turn = 0; p < digits; p++) {
            if (counts[p * radix + digit(any, p)] == m) {
                continue;
            }
            SortRecords into = scratch[turn++ % 2];
            for (int v = 0, sum = 0; v < radix; v++) {
                next[v] = sum;
                sum += counts[p * radix + v];
            }
            RadixSort.scatter(records, from, count, runs, into, p * digitBits, next);
            records = new SortRecords[] {into};
            from = new int[] {0};
            count = new int[] {m};
            runs = 1;
        }
        records[0].copyTo(0, out, at, m);
    }

    private static void copy(SortRecords[] records, int[] from, int[] count, int runs, SortRecords out, int at) {
        for (int r = 0; r < runs; r++) {
            records[r].copyTo(from[r], out, at, count[r]);
            at += count[r];
        }
    }

    /**
     * Whether the runs one after another are already in order, when the stable sort is a copy: sorted input
     * then costs one read instead of every pass; random keys answer within a few reads.
     */
    private static boolean ascending(SortRecords[] records, int[] from, int[] count, int runs) {
        for (int r = 0; r < runs; r++) {
            SortRecords in = records[r];
            if (r > 0 && Long.compareUnsigned(records[r - 1].key(from[r - 1] + count[r - 1] - 1), in.key(from[r])) > 0
                    || !RadixSort.ascending(in, from[r], from[r] + count[r])) {
                return false;
            }
        }
        return true;
    }

    private int digit(long key, int pass) {
        return (int) (key >>> (pass * digitBits)) & (radix - 1);
    }

    private void checkChunk(Chunk c, int sender, SortRecords kind) {
        String from = "chunk from partition " + c.source();
        if (c.records().keyBits() != kind.keyBits() || c.records().hasPayloads() != kind.hasPayloads()) {
            throw new IllegalArgumentException(from + " holds " + c.records() + ", the first chunk " + kind
                    + ": all chunks must be of one kind");
        }
        if (c.source() != sender || c.destination() != partition) {
            throw new IllegalArgumentException(from + " to " + c.destination() + " arrived at partition " + partition
                    + " as chunk " + sender + ": need each sender's chunk for this partition, in sender order");
        }
        if (c.from() < 0 || c.count() < 0 || c.from() > c.records().size() - c.count()) {
            throw new IllegalArgumentException(from + ": records " + c.from() + " .. " + (c.from() + c.count() - 1)
                    + " of " + c.records().size());
        }
        long sum = 0;
        int top = 1 << (kind.keyBits() - topShift(kind.keyBits()));
        if (c.digitCounts() != null && c.digitCounts().length == top) {
            for (int k : c.digitCounts()) {
                sum += k < 0 ? Long.MIN_VALUE : k;
            }
        }
        if (sum != c.count()) {
            throw new IllegalArgumentException(from + ": its top digit counts (" + (c.digitCounts() == null ? "none"
                    : c.digitCounts().length + " values") + ") do not add up to its " + c.count() + " records in "
                    + top + " values");
        }
    }

    /** The sorted range is checked here, in parallel with the other partitions; the sink checks the joins. */
    private void checkOrder(SortRecords r) {
        if (!RadixSort.ascending(r, 0, r.size())) {
            throw new IllegalStateException("partition " + partition + ": its " + r + " are out of order after the sort");
        }
    }
}
