package io.stormsim.bolts.sort;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.spouts.JobCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Digit pass {@code pass} (the YAML's constructor argument) of every sort job, one exchange per pass. A
 * partition receives from every partition of the stage before it the chunk of records addressed to it and
 * that sender's counts of this pass's digit over what it sent each partition. Summed per destination these
 * are every partition's histogram of the pass, so each partition runs the scan over partitions itself, in
 * partition order, during the exchange (no gather to one task, and the same sums in every partition): its
 * carry-in is the sum of the histograms of the partitions before it, and the last carry-out is the global
 * histogram. If that has a single non-empty bucket, every partition sees so and all skip the pass (their
 * records stay where they are). Otherwise the partition places the chunks received as its stripe, permutes
 * it ({@link RadixPartition#permute}) into one chunk per destination range and sends each, with its counts
 * of the next digit, to its partition of the next stage.
 *
 * <p>The YAML chains {@link SortConfig#MAX_PASSES} such stages, the passes of 64-bit keys in the narrowest
 * digits (a step bolt sees each job once, so the passes of a job cannot loop through one component while
 * several jobs are in flight); stages past the job's last pass hand the records on unmoved. The last stage
 * sends each partition's chunks to the sink, which places them at their global positions.
 */
public class RadixPassBolt extends SortBolt {
    private final int pass;

    public RadixPassBolt(int pass) {
        if (pass < 0 || pass >= SortConfig.MAX_PASSES) {
            throw new IllegalArgumentException("RadixPassBolt pass = " + pass + " is not allowed: must be in 0.."
                    + (SortConfig.MAX_PASSES - 1));
        }
        this.pass = pass;
    }

    private boolean last() {
        return pass == SortConfig.MAX_PASSES - 1;
    }

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(CHUNKS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(last() ? SORTED : CHUNKS);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<SortExchange> received = in.all(CHUNKS);
        JobCommand job = received.get(0).job;
        long[] stats = SortStats.merge(received, SortStats.passStage(pass) - 1);
        List<Chunk> mine = new ArrayList<>(partitions);
        for (SortExchange m : received) {
            mine.add(m.chunks[0]);
        }
        long start = System.nanoTime();
        long[][] histogram = pass < config.passes() ? histograms(received) : null;
        long[] carryIn = new long[config.radix()];
        long[] total = histogram == null ? null : scan(histogram, carryIn);
        boolean moves = total != null && !RadixPartition.skips(total);
        Chunk[] out;
        long placed;
        if (moves) {
            Chunk own = alone(mine);
            RadixPartition sorter;
            if (own != null && own.from() == 0 && own.records().size() == own.count()) {
                // All of the stripe, in order, in arrays of its own (one partition): permute only reads it.
                sorter = new RadixPartition(partition, partitions, config.digitBits(), own.records());
            } else {
                sorter = sorter();
                sorter.place(mine);
            }
            placed = System.nanoTime();
            out = sorter.permute(pass, histogram[partition], carryIn, total);
        } else {
            out = onlyToSelf(unmoved(mine));
            placed = System.nanoTime();
        }
        long permuted = System.nanoTime();
        long[] histograms = last() ? new long[0] : histograms(out, pass + 1);
        int stage = SortStats.passStage(pass);
        stats[SortStats.at(stage, SortStats.PLACE_NS)] = placed - start;
        stats[SortStats.at(stage, SortStats.PERMUTE_NS)] = permuted - placed;
        stats[SortStats.at(stage, SortStats.COUNT_NS)] = System.nanoTime() - permuted;
        stats[SortStats.at(stage, SortStats.BYTES)] = bytesToOthers(out);
        stats[SortStats.at(stage, SortStats.PERMUTED)] = moves ? 1 : 0;
        if (last()) {
            emitTo(SORTED, 0, step, new SortExchange(job, out, histograms, stats));
        } else {
            emitToEach(CHUNKS, step, q -> new SortExchange(job, new Chunk[] {out[q]}, histograms, stats));
        }
    }

    /** Every partition's histogram of this pass: the counts all senders sent for it, summed. */
    private long[][] histograms(List<SortExchange> received) {
        int radix = config.radix();
        long[][] histogram = new long[partitions][radix];
        for (SortExchange m : received) {
            for (int q = 0; q < partitions; q++) {
                for (int v = 0; v < radix; v++) {
                    histogram[q][v] += m.histograms[q * radix + v];
                }
            }
        }
        return histogram;
    }

    /**
     * The scan over partitions in partition order: fills {@code carryIn} with the sum of the histograms of the
     * partitions before this one and returns the sum of all (the global histogram).
     */
    private long[] scan(long[][] histogram, long[] carryIn) {
        long[] carry = new long[carryIn.length];
        for (int q = 0; q < partitions; q++) {
            if (q == partition) {
                System.arraycopy(carry, 0, carryIn, 0, carry.length);
            }
            carry = RadixPartition.carryOut(carry, histogram[q]);
        }
        return carry;
    }

    /**
     * This partition's records, unmoved, as one chunk: the one {@link #alone} finds, else the chunks placed in
     * a new stripe.
     */
    private Chunk unmoved(List<Chunk> mine) {
        Chunk own = alone(mine);
        return own != null ? own : toSelf(sorter().place(mine));
    }

    /**
     * The chunk this partition sent itself when no other partition sent it records and its runs follow one
     * another from offset 0 (after the load, a skipped pass, or any pass on one partition): the stripe as it
     * is, in order; else null.
     */
    private Chunk alone(List<Chunk> mine) {
        Chunk own = mine.get(partition);
        for (Chunk c : mine) {
            if (c != own && c.count() > 0) {
                return null;
            }
        }
        return own.destination() == partition && inOrder(own) ? own : null;
    }

    /**
     * A new partition sorter, its stripe and outbox new arrays: the chunks it returns view its outbox, which
     * nothing writes once they are sent, so they go out without a copy (and a later job, in flight at the
     * same time, cannot overwrite them). Kept buffers would also hold two stripes per stage between jobs, in
     * each of the eight stages.
     */
    private RadixPartition sorter() {
        return new RadixPartition(partition, partitions, config.digitBits(), noRecords());
    }

    private static boolean inOrder(Chunk c) {
        int at = 0;
        for (int k = 0; k < c.runOffsets().length; k++) {
            if (c.runOffsets()[k] != at) {
                return false;
            }
            at += c.runLengths()[k];
        }
        return at == c.count();
    }

    private long bytesToOthers(Chunk[] out) {
        long records = 0;
        for (Chunk c : out) {
            records += c.destination() == partition ? 0 : c.count();
        }
        return records * config.recordBytes();
    }
}
