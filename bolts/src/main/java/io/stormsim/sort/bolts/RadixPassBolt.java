package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * Digit pass {@code pass} (the YAML's constructor argument) of every sort job, one exchange per pass. A
 * partition receives from every partition of the stage before it the chunk of records addressed to it and
 * that sender's counts of this pass's digit over what it sent each partition. Summed per destination these
 * are every partition's histogram of the pass, so each partition runs the scan over partitions itself, in
 * partition order, during the exchange (no gather to one task, and the same sums in every partition): its
 * carry-in is the sum of the histograms of the partitions before it, and the last carry-out is the global
 * histogram. If that has a single non-empty bucket, every partition sees so and all skip the pass: the chunks
 * received go on, unmoved, to the same partition of the next stage. Otherwise the partition takes the chunks
 * received as its stripe as they are ({@link RadixPartition#receive}), permutes it straight from them
 * ({@link RadixPartition#permute}, which then releases them to their senders' pools) into one chunk per
 * destination range and sends each, with its counts of the next digit, to its partition of the next stage.
 *
 * <p>The YAML chains {@link SortConfig#MAX_PASSES} such stages, the passes of 64-bit keys in the narrowest
 * digits (a step bolt sees each job once, so the passes of a job cannot loop through one component while
 * several jobs are in flight); stages past the job's last pass hand the chunks on unmoved. The last stage
 * sends each partition's chunks to the sink, which places them at their global positions.
 */
public class RadixPassBolt extends SortBolt {
    private final int pass;
    private transient RadixPartition sorter;

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
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        sorter = new RadixPartition(partition, partitions, config.digitBits());
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<SortExchange> received = in.all(CHUNKS);
        JobCommand job = received.get(0).job;
        long[] stats = SortStats.merge(received, SortStats.passStage(pass) - 1);
        List<Chunk> mine = new ArrayList<>(partitions);
        for (SortExchange m : received) {
            Collections.addAll(mine, m.chunks);
        }
        long start = System.nanoTime();
        long[][] histogram = pass < config.passes() ? histograms(received) : null;
        long[] carryIn = new long[config.radix()];
        long[] total = histogram == null ? null : scan(histogram, carryIn);
        boolean moves = total != null && !RadixPartition.skips(total);
        Chunk[] out;
        long indexed;
        if (moves) {
            sorter.receive(mine);
            indexed = System.nanoTime();
            out = sorter.permute(pass, histogram[partition], carryIn, total);
        } else {
            // The records stay where they are: the chunks received go on to this partition of the next stage.
            out = mine.toArray(new Chunk[0]);
            indexed = System.nanoTime();
        }
        long permuted = System.nanoTime();
        long[] histograms = last() ? new long[0] : histograms(out, pass + 1);
        int stage = SortStats.passStage(pass);
        stats[SortStats.at(stage, SortStats.RECEIVE_NS)] = indexed - start;
        stats[SortStats.at(stage, SortStats.PERMUTE_NS)] = permuted - indexed;
        stats[SortStats.at(stage, SortStats.COUNT_NS)] = System.nanoTime() - permuted;
        stats[SortStats.at(stage, SortStats.BYTES)] = bytesToOthers(out);
        stats[SortStats.at(stage, SortStats.PERMUTED)] = moves ? 1 : 0;
        if (last()) {
            emitTo(SORTED, 0, step, new SortExchange(job, out, histograms, stats));
        } else if (moves) {
            emitToEach(CHUNKS, step, q -> new SortExchange(job, new Chunk[] {out[q]}, histograms, stats));
        } else {
            emitToSelf(CHUNKS, step, job, out, histograms, stats);
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

    private long bytesToOthers(Chunk[] out) {
        long records = 0;
        for (Chunk c : out) {
            records += c.destination() == partition ? 0 : c.count();
        }
        return records * config.recordBytes();
    }
}
