package io.stormsim.fft.bolts;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.bsp.StepBolt;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.SixStepFft;
import io.stormsim.fft.StampCheck;
import io.stormsim.fft.Striping;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.task.TopologyContext;

/**
 * A six-step FFT phase bolt: a {@link StepBolt} holding rows of the current matrix (a stripe). A
 * transpose is an all-to-all exchange: each partition sends each partition the block of its stripe that
 * partition's rows of the transposed matrix need (its columns, fused into {@link SixStepFft#rowPass}); the
 * receiver has the blocks from every partition in source order. The blocks a task sends are its own and
 * reused every round: one round is in flight at a time, and a round's next trigger leaves the spout only
 * once every task has acked (so has read) the round's blocks; within a worker they pass by reference.
 * Only a failed round's steps still in flight when its replay starts may meet blocks being overwritten,
 * and two guards keep that from passing silently. A task computes its steps in increasing order and refuses
 * an older one ({@link #refuseOlder}), so a straggler writes no block a replay reads. Each block carries the
 * step it was written for ({@link ComplexBlock#stamp}): a producer stamps it, a reader checks the stamps
 * before and after reading ({@link #requireStep}), and a mismatch fails the step, so the round is replayed.
 * The result bolt ignores a step older than one it has seen, so stragglers reach neither the output nor the times.
 * Each step records its compute and emit times ({@link PhaseTimes}) for the result bolt's breakdown.
 */
abstract class FftBolt extends StepBolt {
    protected transient FftConfig config;
    protected transient SixStepFft fft;
    protected transient PhaseTimes times;
    /** This task, for messages: component and partition. */
    private transient String name;
    /** Per input stream, the component sending it. */
    private transient Map<String, String> senders;
    private transient long lastStep;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = FftConfig.from(conf);
        fft = new SixStepFft(config.m());
        times = PhaseTimes.of(context.getStormId());
        name = context.getThisComponentId() + ", partition " + partition + " of " + partitions;
        senders = new HashMap<>();
        for (GlobalStreamId source : context.getThisSources().keySet()) {
            senders.put(source.get_streamId(), source.get_componentId());
        }
    }

    /**
     * Throws unless {@code step} is newer than every step this task computed before: rounds are strictly
     * sequential, so an older one is a failed round's step that completed after its replay began.
     */
    protected void refuseOlder(long step) {
        if (step <= lastStep) {
            throw new IllegalStateException(name + ": step " + step + " is not newer than step " + lastStep
                    + ", which it computed: a failed round's step still in flight after its replay began; refused, so"
                    + " it overwrites no block the replay reads");
        }
        lastStep = step;
    }

    /**
     * Throws unless every block, received on {@code stream}, is stamped {@code step} ({@link StampCheck}):
     * call before reading them and again after.
     */
    protected void requireStep(long step, List<ComplexBlock> blocks, String stream) {
        StampCheck.require(step, blocks, name, senders.get(stream) + "'s stream '" + stream + "'");
    }

    @Override
    protected PartitionRule partitionRule(Map<String, Object> conf) {
        return FftConfig.from(conf);
    }

    /** First row of this partition's stripe of a matrix with {@code rows} rows. */
    protected int firstRow(int rows) {
        return Striping.first(rows, partitions, partition);
    }

    /**
     * Records this step's times: {@code computedNanos} since the step began (the phase's own work), the rest
     * until now emitting (with more than one worker, Kryo writing the blocks for the other worker).
     */
    protected void recordTimes(long step, int phase, long computedNanos) {
        times.record(step, phase, computedNanos, stepElapsedNanos() - computedNanos);
    }

    /** This partition's stripe of the transposed matrix, from the blocks every partition sent it. */
    protected static ComplexBlock received(List<ComplexBlock> blocks) {
        return ComplexBlock.sideBySide(blocks);
    }
}
