package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.SixStepFft;
import io.stormsim.fft.Striping;
import java.util.List;
import java.util.Map;

/**
 * One fused {@link SixStepFft#rowPass} on this partition's rows, and the blocks of the transpose after it, one
 * per partition (made at the first step, overwritten by every later one, stamped with the step; its
 * input blocks' stamps are checked before and after the pass, {@link FftBolt}). Pass 1 (steps 2 to 4): row FFTs of length n2 on its rows j1 of the n1 x n2 matrix and the
 * twiddle factors, sent on {@value #ROWS}; pass 2 (steps 5 and 6): row FFTs of length n1 on its rows k2 of the
 * n2 x n1 matrix, sent on {@value #SPECTRUM}. The YAML gives the pass as the constructor argument.
 */
public class RowPassBolt extends FftBolt {
    public static final String ROWS = "rows";
    public static final String SPECTRUM = "spectrum";

    private final int pass;
    private transient List<ComplexBlock> out;

    public RowPassBolt(int pass) {
        if (pass != 1 && pass != 2) {
            throw new IllegalArgumentException("RowPassBolt pass = " + pass + " is not allowed: must be 1 or 2");
        }
        this.pass = pass;
    }

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(pass == 1 ? LoadBolt.COLUMNS : ROWS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(pass == 1 ? ROWS : SPECTRUM);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        refuseOlder(step);
        int rows = pass == 1 ? fft.n1 : fft.n2;
        if (out == null) {
            out = fft.outputBlocks(pass, Striping.count(rows, partitions, partition), partitions);
        }
        String stream = pass == 1 ? LoadBolt.COLUMNS : ROWS;
        List<ComplexBlock> blocks = in.all(stream);
        requireStep(step, blocks, stream);
        out.forEach(ComplexBlock::startWrite);
        fft.rowPass(pass, blocks, firstRow(rows), config.direction(), out);
        requireStep(step, blocks, stream);
        for (ComplexBlock b : out) {
            b.publish(step);
        }
        long computed = stepElapsedNanos();
        emitToEach(outputs().get(0), step, out::get);
        recordTimes(step, pass == 1 ? PhaseTimes.FIRST_PASS : PhaseTimes.SECOND_PASS, computed);
    }
}
