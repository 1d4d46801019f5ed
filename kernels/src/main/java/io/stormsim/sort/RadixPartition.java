package io.stormsim.sort;

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
 * <li>{@link #place}: the chunks received become the new stripe.</li>
 * </ol>
 * Destination partition {@code q} owns the contiguous global output positions
 * {@code [rangeStart(n, P, q), rangeStart(n, P, q + 1))}: n/P each, the first n%P one more, whatever the
 * digits. A hot digit value therefore spreads over as many partitions as its keys fill and no partition ever
 * receives more than ceil(n/P) records. Each record's destination is its exact global position, so the
 * result is the same bits as {@link RadixSort} at any partition count and in any chunk arrival order.
 * The partition owns the stripe it is given (its arrays are overwritten) and reuses its buffers: chunks view
 * this partition's outbox, valid until its next {@link #permute}.
 */
public final class RadixPartition {
    /**
     * Records {@code from .. from+count-1} of {@code records}, bound for partition {@code destination}: its
     * runs, in order, go to offsets {@code runOffsets[k]} (of {@code runLengths[k]} records) of the
     * destination's new stripe. As returned by {@link #permute}, {@code records} is the sender's whole outbox.
     */
    public record Chunk(int source, int destination, SortRecords records, int from, int count,
                        int[] runOffsets, int[] runLengths) {
        /** This chunk with its own copy of just its records: what to hand to a transport that serializes it. */
        public Chunk detached() {
            return new Chunk(source, destination, records.copyOfRange(from, from + count), 0, count, runOffsets,
                    runLengths);
        }
    }

    private final int partition;
    private final int partitions;
    private final int digitBits;
    private final int radix;
    private SortRecords stripe;
    private final SortRecords outbox;
    private final int[] counts;
    private final int[] runDestination;
    private final int[] runOffset;
    private final int[] runLength;

    public RadixPartition(int partition, int partitions, int digitBits, SortRecords stripe) {
        if (partitions < 1 || partition < 0 || partition >= partitions) {
            throw new IllegalArgumentException("partition " + partition + " of " + partitions
                    + " is not allowed: need 0 <= partition < partitions");
        }
        this.partition = partition;
        this.partitions = partitions;
        this.digitBits = RadixSort.checkDigitBits(digitBits);
        this.radix = 1 << digitBits;
        this.stripe = stripe;
        this.outbox = stripe.allocateLike(stripe.size());
        this.counts = new int[radix];
        // Each digit value's run is cut at most once per range boundary it crosses.
        this.runDestination = new int[radix + partitions];
        this.runOffset = new int[radix + partitions];
        this.runLength = new int[radix + partitions];
    }

    public int passes() {
        return RadixSort.passes(stripe.keyBits(), digitBits);
    }

    public int radix() {
        return radix;
    }

    /** The current stripe: the input before any pass, then this partition's range of the output so far. */
    public SortRecords stripe() {
        return stripe;
    }

    /** First global output position owned by partition {@code q} of {@code partitions} for {@code n} records. */
    public static long rangeStart(long n, int partitions, int q) {
        return q * (n / partitions) + Math.min(q, n % partitions);
    }

    /** Phase (a): how many of this stripe's keys have each value of digit {@code pass}. */
    public long[] histogram(int pass) {
        Arrays.fill(counts, 0);
        if (stripe.keyBits() == 32) {
            RadixSort.countDigits(stripe.intKeys(), stripe.size(), shift(pass), digitBits, 1, counts);
        } else {
            RadixSort.countDigits(stripe.longKeys(), stripe.size(), shift(pass), digitBits, 1, counts);
        }
        long[] h = new long[radix];
        for (int v = 0; v < radix; v++) {
            h[v] = counts[v];
        }
        return h;
    }

    private int shift(int pass) {
        if (pass < 0 || pass >= passes()) {
            throw new IllegalArgumentException("pass " + pass + " is not allowed: " + stripe.keyBits() + "-bit keys in "
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
        int size = stripe.size();
        if (own != size) {
            throw new IllegalArgumentException("the histogram given counts " + own + " keys, this stripe has " + size);
        }
        outbox.resize(size);
        int shift = shift(pass);
        if (stripe.keyBits() == 32) {
            RadixSort.scatter(stripe.intKeys(), stripe.payloads(), outbox.intKeys(), outbox.payloads(), size,
                    shift, counts);
        } else {
            RadixSort.scatter(stripe.longKeys(), stripe.payloads(), outbox.longKeys(), outbox.payloads(), size,
                    shift, counts);
        }
        for (int v = 0, end = 0; v < radix; v++) {
            end += (int) histogram[v];
            if (counts[v] != end) {
                throw new IllegalArgumentException("the histogram given is not that of digit " + pass
                        + " of this stripe: value " + v);
            }
        }
        int runs = cutRuns(histogram, carryIn, total, n);
        Chunk[] chunks = new Chunk[partitions];
        for (int q = 0, r = 0, local = 0; q < partitions; q++) {
            int firstRun = r, from = local;
            for (; r < runs && runDestination[r] == q; r++) {
                local += runLength[r];
            }
            chunks[q] = new Chunk(partition, q, outbox, from, local - from,
                    Arrays.copyOfRange(runOffset, firstRun, r),
                    Arrays.copyOfRange(runLength, firstRun, r));
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

    /** Phase (d): the chunks every partition sent here (any order) become this partition's stripe. */
    public SortRecords place(List<Chunk> received) {
        long n = 0;
        for (Chunk c : received) {
            if (c.destination() != partition) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + " is for partition "
                        + c.destination() + ", not " + partition);
            }
            n += c.count();
        }
        stripe.resize(Math.toIntExact(n));
        for (Chunk c : received) {
            int at = c.from();
            for (int k = 0; k < c.runOffsets().length; k++) {
                int offset = c.runOffsets()[k], length = c.runLengths()[k];
                if (offset < 0 || length < 0 || offset > n - length) {
                    throw new IllegalArgumentException("chunk from partition " + c.source() + ": run " + k + " at "
                            + offset + " of " + length + " records lies outside this stripe of " + n);
                }
                c.records().copyTo(at, stripe, offset, length);
                at += length;
            }
            if (at != c.from() + c.count()) {
                throw new IllegalArgumentException("chunk from partition " + c.source() + " has runs of "
                        + (at - c.from()) + " records but a count of " + c.count());
            }
        }
        return stripe;
    }
}
