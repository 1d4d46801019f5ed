package io.stormsim.bolts.fft;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.SixStepFft;
import java.util.List;
import java.util.Map;

/**
 * Steps 2 to 4 (one fused {@link SixStepFft#rowPass}): row FFTs of length n2 on its rows j1 of the n1 x n2
 * matrix, twiddle factors, and the blocks of the second transpose, one per partition.
 */
public class FirstPassBolt extends FftBolt {
    public static final String ROWS = "rows";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(LoadBolt.COLUMNS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(ROWS);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<ComplexBlock> blocks = fft.rowPass(1, in.all(LoadBolt.COLUMNS), firstRow(fft.n1), config.direction(), partitions);
        emitToEach(ROWS, step, blocks::get);
    }
}
