package io.stormsim.fft.bolts;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.bsp.StepBolt;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.SixStepFft;
import io.stormsim.fft.Striping;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;

/**
 * A six-step FFT phase bolt: a {@link StepBolt} holding rows of the current matrix (a stripe). A
 * transpose is an all-to-all exchange: each partition sends each partition its columns of its stripe,
 * transposed ({@link #sendTransposed}, or fused into {@link SixStepFft#rowPass}); the receiver has the
 * blocks from every partition in source order, side by side its stripe of the transposed matrix
 * ({@link #received}).
 */
abstract class FftBolt extends StepBolt {
    protected transient FftConfig config;
    protected transient SixStepFft fft;

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = FftConfig.from(conf);
        fft = new SixStepFft(config.m());
    }

    @Override
    protected PartitionRule partitionRule(Map<String, Object> conf) {
        return FftConfig.from(conf);
    }

    /** First row of this partition's stripe of a matrix with {@code rows} rows. */
    protected int firstRow(int rows) {
        return Striping.first(rows, partitions, partition);
    }

    /** Sends partition q its columns of {@code stripe} (a stripe of a matrix {@code stripe.cols} wide), transposed. */
    protected void sendTransposed(String stream, long step, ComplexBlock stripe) {
        int cols = stripe.cols;
        emitToEach(stream, step, q -> stripe.transposedColumns(Striping.first(cols, partitions, q),
                Striping.end(cols, partitions, q)));
    }

    /** This partition's stripe of the transposed matrix, from the blocks every partition sent it. */
    protected static ComplexBlock received(List<ComplexBlock> blocks) {
        return ComplexBlock.sideBySide(blocks);
    }
}
