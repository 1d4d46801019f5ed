package io.stormsim.sort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One partition of a partitioned stable LSD radix sort, without Storm: each method is the work of one phase
 * bolt between two exchanges. For each digit pass, in order:
 * <ol>
 * <li>{@link #histogram}: the counts of this stripe's digit values;</li>
 * <li>a scan over partitions in partition order ({@link #carryOut}: partition 0 starts from zeros, each
 * passes {@code carryIn + histogram} on), or any combining tree of the same sums; its last carry-out is the
 * global histogram {@code total}, which every partition needs too. A pass is skipped by all partitions
 * alike when {@link #skips(long[]) total has a single non-empty bucket};</li>
 * <li>{@link #permute}: this stripe's records as one {@link Chunk} per destination partition, sent
 * all-to-all;</li>
 * <li>{@link #receive}: the chunks received become the new stripe, as they are: the next permute reads
 * their runs in stripe order straight from the senders' arrays, so no pass copies records twice.</li>
 * </ol>
 * Destination partition {@code q} owns the contiguous global output positions
 * {@code [rangeStart(n, P, q), rangeStart(n, P, q + 1))}: n/P each, the first n%P one more, whatever the
 * digits. A hot digit value therefore spreads over as many partitions as its keys fill and no partition ever
 * receives more than ceil(n/P) records. Each record's destination is its exact global position, so the
 * result is the same bits as {@link RadixSort} at any partition count and in any chunk arrival order.
 * A permute writes into a buffer of this partition's {@link RecordPool}, which every chunk cut from it holds a
 * {@link RecordPool.Lease} on: whoever reads a chunk last (the next permute, the sink) releases it, and the
 * buffer then serves a later pass or job. Not thread-safe; its chunks may be read and released from any thread.
 */
public final class RadixPartition {
    /**
     * Records {@code from .. from+count-1} of {@code records}, bound for partition {@code destination}: its
     * runs, in order, go to offsets {@code runOffsets[k]} (of {@code runLengths[k]} records) of the
     * destination's new stripe. As returned by {@link #permute}, {@code records} is the sender's whole outbox
     * and {@code lease} (null if the records are nobody's to reuse) the chunk's hold on it.
     */
    public record Chunk(int source, int destination, SortRecords records, int from, int count,
                        int[] runOffsets, int[] runLengths, RecordPool.Lease lease) {
        /** A chunk whose records are its own (no pool to give them back to). */
        public Chunk(int source, int destination, SortRecords records, int from, int count, int[] runOffsets,
                     int[] runLengths) {
            this(source, destination, records, from, count, runOffsets, runLengths, null);
        }

        /** The chunk that hands all of {@code records} to {@code partition} itself, as one run from offset 0. */
        public static Chunk toSelf(int partition, SortRecords records) {
            return new Chunk(partition, partition, records, 0, records.size(), new int[] {0},
                    new int[] {records.size()});
        }

        /** This chunk with its own copy of just its records: what to hand to a transport that serializes it. */
        public Chunk detached() {
            return new Chunk(source, destination, records.copyOfRange(from, from + count), 0, count, runOffsets,
                    runLengths);
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
    private final RecordPool outboxes = new RecordPool();
    private final int[] counts;
    private final int[] next;
    private final int[] runDestination;
    private final int[] runOffset;
    private final int[] runLength;
    /** The stripe: the chunks received, and their runs in stripe order (chunk index, first record, length). */
    private final List<Chunk> stripe = new ArrayList<>();
    private int[] runChunk = new int[0];
    private int[] runFrom = new int[0];
    private int[] runRecords = new int[0];
    private int stripeRunCount;
    private int stripeSize;
    /** Records of the stripe's kind (key bits, payloads), from the first chunk received. */
    private SortRecords kind;

    /** A partition with an empty stripe; {@link #receive} gives it one. */
    public RadixPartition(int partition, int partitions, int digitBits) {
        if (partitions < 1 || partition < 0 || partition >= partitions) {
            throw new IllegalArgumentException("partition " + partition + " of " + partitions
                    + " is not allowed: need 0 <= partition < partitions");
        }
        this.partition = partition;
        this.partitions = partitions;
        this.digitBits = RadixSort.checkDigitBits(digitBits);
        this.radix = 1 << digitBits;
        this.counts = new int[radix];
        this.next = new int[radix];
        // Each digit value's run is cut at most once per range boundary it crosses.
        this.runDestination = new int[radix + partitions];
        this.runOffset = new int[radix + partitions];
        this.runLength = new int[radix + partitions];
    }

    /** A partition whose stripe is {@code records}, all of them in order. */
    public RadixPartition(int partition, int partitions, int digitBits, SortRecords records) {
        this(partition, partitions, digitBits);
        receive(List.of(Chunk.toSelf(partition, records)));
    }

    public int passes() {
        return RadixSort.passes(keyBits(), digitBits);
    }

    private int keyBits() {
        return kind.keyBits();
    }

    public int radix() {
        return radix;
    }

    /** Records in the stripe. */
    public int size() {
        return stripeSize;
    }

    /**
     * The current stripe as one array of records in order: the input before any pass, then this partition's
     * range of the output so far. A copy unless the stripe is one chunk's whole array.
     */
    public SortRecords stripe() {
        if (stripe.size() == 1 && stripe.get(0).from() == 0 && stripe.get(0).count() == stripe.get(0).records().size()
                && stripeRunCount == 1) {
            return stripe.get(0).records();
        }
        SortRecords all = kind.allocateLike(stripeSize);
        all.resize(stripeSize);
        for (Chunk c : stripe) {
            int at = c.from();
            for (int k = 0; k < c.runOffsets().length; k++) {
                c.records().copyTo(at, all, c.runOffsets()[k], c.runLengths()[k]);
                at += c.runLengths()[k];
            }
        }
        return all;
    }

    /** First global output position owned by partition {@code q} of {@code partitions} for {@code n} records. */
    public static long rangeStart(long n, int partitions, int q) {
        return q * (n / partitions) + Math.min(q, n % partitions);
    }

    /** Phase (a): how many of this stripe's keys have each value of digit {@code pass}. */
    public long[] histogram(int pass) {
        int shift = shift(pass);
        Arrays.fill(counts, 0);
        for (Chunk c : stripe) {
            SortRecords r = c.records();
            if (r.keyBits() == 32) {
                RadixSort.countDigits(r.intKeys(), c.from(), c.from() + c.count(), shift, digitBits, 1, counts);
            } else {
                RadixSort.countDigits(r.longKeys(), c.from(), c.from() + c.count(), shift, digitBits, 1, counts);
            }
        }
        long[] h = new long[radix];
        for (int v = 0; v < radix; v++) {
            h[v] = counts[v];
        }
        return h;
    }

    private int shift(int pass) {
        if (pass < 0 || pass >= passes()) {
            throw new IllegalArgumentException("pass " + pass + " is not allowed: " + keyBits() + "-bit keys in "
                    + digitBits + "-bit digits have passes 0.." + (passes() - 1));
        }
        return pass * digitBits;
    }

    /** Phase (b), one scan step: the counts of all partitions up to and including this one. */
    public static long[] carryOut(long[] carryIn, long[] histogram) {
        if (carryIn.length != histogram.length) {
            throw new IllegalArgumentException("carry-in of " + carryIn.length + " buckets for a histogram of "
                    + histogram.length + ": need the same digit width");
        }
        long[] out = new long[carryIn.length];
        for (int v = 0; v < out.length; v++) {
            out[v] = carryIn[v] + histogram[v];
        }
        return out;
    }

    /** Phase (b): whether the pass with global histogram {@code total} would move nothing (at most one non-empty bucket). */
    public static boolean skips(long[] total) {
        int nonEmpty = 0;
        for (long c : total) {
            if (c != 0 && ++nonEmpty > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Phase (c): this stripe ordered stably by digit {@code pass} and cut into one chunk per destination
     * partition (in partition order; empty chunks included, so each receiver expects one from every source).
     * The stripe's runs are read in stripe order from the chunks received, which are then released; the
     * stripe is empty until the next {@link #receive}.
     *
     * @param histogram this partition's {@link #histogram} of the pass
     * @param carryIn   the sum of the histograms of partitions 0 .. this-1
     * @param total     the sum of all partitions' histograms
     */
    public Chunk[] permute(int pass, long[] histogram, long[] carryIn, long[] total) {
        if (histogram.length != radix || carryIn.length != radix || total.length != radix) {
            throw new IllegalArgumentException("histograms of " + histogram.length + ", " + carryIn.length + " and "
                    + total.length + " buckets: need " + radix + " for " + digitBits + "-bit digits");
        }
        int shift = shift(pass);
        long n = 0, own = 0;
        for (int v = 0; v < radix; v++) {
            if (carryIn[v] < 0 || histogram[v] < 0 || carryIn[v] + histogram[v] > total[v]) {
                throw new IllegalArgumentException("digit value " + v + ": carry-in " + carryIn[v] + " + own "
                        + histogram[v] + " exceeds the total " + total[v]);
            }
            counts[v] = (int) own;
            own += histogram[v];
            n += total[v];
        }
        if (own != stripeSize) {
            throw new IllegalArgumentException("the histogram given counts " + own + " keys, this stripe has "
                    + stripeSize);
        }
        SortRecords outbox = outboxes.acquire(kind, stripeSize);
        System.arraycopy(counts, 0, next, 0, radix);
        long[][] payloads = kind.hasPayloads() ? new long[stripeRunCount][] : null;
        for (int r = 0; r < stripeRunCount && payloads != null; r++) {
            payloads[r] = stripe.get(runChunk[r]).records().payloads();
        }
        if (kind.keyBits() == 32) {
            int[][] keys = new int[stripeRunCount][];
            for (int r = 0; r < stripeRunCount; r++) {
                keys[r] = stripe.get(runChunk[r]).records().intKeys();
            }
            RadixSort.scatterRuns(keys, payloads, runFrom, runRecords, stripeRunCount, outbox.intKeys(),
                    outbox.payloads(), shift, next);
        } else {
            long[][] keys = new long[stripeRunCount][];
            for (int r = 0; r < stripeRunCount; r++) {
                keys[r] = stripe.get(runChunk[r]).records().longKeys();
            }
            RadixSort.scatterRuns(keys, payloads, runFrom, runRecords, stripeRunCount, outbox.longKeys(),
                    outbox.payloads(), shift, next);
        }
        for (int v = 0, end = 0; v < radix; v++) {
            end += (int) histogram[v];
            if (next[v] != end) {
                throw new IllegalArgumentException("the histogram given is not that of digit " + pass
                        + " of this stripe: value " + v);
            }
        }
        for (Chunk c : stripe) {
            c.release();
        }
        stripe.clear();
        stripeRunCount = 0;
        stripeSize = 0;
        int runs = cutRuns(histogram, carryIn, total, n);
        RecordPool.Lease[] leases = outboxes.lend(outbox, partitions);
        Chunk[] chunks = new Chunk[partitions];
        for (int q = 0, r = 0, local = 0; q < partitions; q++) {
            int firstRun = r, from = local;
            for (; r < runs && runDestination[r] == q; r++) {
                local += runLength[r];
            }
            chunks[q] = new Chunk(partition, q, outbox, from, local - from,
                    Arrays.copyOfRange(runOffset, firstRun, r),
                    Arrays.copyOfRange(runLength, firstRun, r), leases[q]);
        }
        return chunks;
    }

    /**
     * The runs of the outbox in order: digit value {@code v}'s records go to global positions from
     * (keys of smaller digit values in all partitions) + (keys of value v in earlier partitions), cut where
     * destination ranges end. Global positions only grow along the outbox, so destinations come in order.
     */
    private int cutRuns(long[] histogram, long[] carryIn, long[] total, long n) {
        int runs = 0;
        int q = 0;
        long bucketStart = 0;
        for (int v = 0; v < radix; v++) {
            long position = bucketStart + carryIn[v];
            long left = histogram[v];
            bucketStart += total[v];
            while (left > 0) {
                while (position >= rangeStart(n, partitions, q + 1)) {
                    q++;
                }
                long start = rangeStart(n, partitions, q);
                int length = (int) Math.min(left, rangeStart(n, partitions, q + 1) - position);
                runDestination[runs] = q;
                runOffset[runs] = (int) (position - start);
                runLength[runs] = length;
                runs++;
                position += length;
                left -= length;
            }
        }
        return runs;
    }

    /**
     * Phase (d): the chunks every partition sent here (any order) become this partition's stripe, unmoved: it
     * keeps them, and their runs in stripe order, until {@link #permute} reads them. Their runs must tile the
     * stripe exactly.
     */
    public void receive(List<Chunk> received) {
        long n = 0, runs = 0;
        for (Chunk c : received) {
            SortRecords first = received.get(0).records();
            if (c.records().keyBits() != first.keyBits() || c.records().hasPayloads() != first.hasPayloads()) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + " holds " + c.records()
                        + ", the first chunk " + first + ": all chunks must be of one kind");
            }
            if (c.destination() != partition) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + " is for partition "
                        + c.destination() + ", not " + partition);
            }
            if (c.runOffsets().length != c.runLengths().length || c.from() < 0 || c.count() < 0
                    || c.from() > c.records().size() - c.count()) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + ": records " + c.from()
                        + " .. " + (c.from() + c.count() - 1) + " of " + c.records().size() + " in "
                        + c.runOffsets().length + " run offsets and " + c.runLengths().length + " lengths");
            }
            n += c.count();
            runs += c.runOffsets().length;
        }
        if (n > SortRecords.MAX_CAPACITY || runs > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " records in " + runs + " runs sent to partition " + partition
                    + ": more than one array holds");
        }
        if (received.isEmpty()) {
            throw new IllegalArgumentException("partition " + partition + " received no chunks: every sender sends"
                    + " one, empty if need be");
        }
        stripe.clear();
        stripe.addAll(received);
        kind = received.get(0).records();
        if (runChunk.length < runs) {
            runChunk = new int[(int) runs];
            runFrom = new int[(int) runs];
            runRecords = new int[(int) runs];
        }
        // Sorted by offset (high bits), the runs come in stripe order; the low bits index them as first met.
        long[] byOffset = new long[(int) runs];
        int[] metChunk = new int[(int) runs], metFrom = new int[(int) runs], metLength = new int[(int) runs];
        int r = 0;
        for (int i = 0; i < received.size(); i++) {
            Chunk c = received.get(i);
            int at = c.from();
            for (int k = 0; k < c.runOffsets().length; k++) {
                int offset = c.runOffsets()[k], length = c.runLengths()[k];
                if (offset < 0 || length < 0 || offset > n - length || length > c.from() + c.count() - at) {
                    throw new IllegalArgumentException("chunk from partition " + c.source() + ": run " + k + " at "
                            + offset + " of " + length + " records lies outside this stripe of " + n
                            + " or the chunk's " + c.count() + " records");
                }
                byOffset[r] = (long) offset << 32 | r;
                metChunk[r] = i;
                metFrom[r] = at;
                metLength[r++] = length;
                at += length;
            }
            if (at != c.from() + c.count()) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + " has runs of "
                        + (at - c.from()) + " records but a count of " + c.count());
            }
        }
        Arrays.sort(byOffset);
        long next = 0;
        for (int j = 0; j < r; j++) {
            int met = (int) byOffset[j];
            int offset = (int) (byOffset[j] >>> 32);
            if (offset != next) {
                throw new IllegalArgumentException("chunk from partition " + received.get(metChunk[met]).source()
                        + ": run at " + offset + (offset < next ? " overlaps another run" : " leaves records " + next
                        + " .. " + (offset - 1) + " of the stripe unsent"));
            }
            next += metLength[met];
            runChunk[j] = metChunk[met];
            runFrom[j] = metFrom[met];
            runRecords[j] = metLength[met];
        }
        stripeRunCount = r;
        stripeSize = (int) n;
    }
}
