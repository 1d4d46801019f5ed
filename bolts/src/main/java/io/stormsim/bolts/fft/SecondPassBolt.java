package io.stormsim.bolts.fft;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.SixStepFft;
import java.util.List;
import java.util.Map;

/**
 * Steps 5 and 6 (one fused {@link SixStepFft#rowPass}): row FFTs of length n1 on its rows k2 of the
 * n2 x n1 matrix, and the blocks of the last transpose, one per partition.
 */
public class SecondPassBolt extends FftBolt {
    public static final String SPECTRUM = "spectrum";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(FirstPassBolt.ROWS, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(SPECTRUM);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        List<ComplexBlock> blocks = fft.rowPass(2, in.all(FirstPassBolt.ROWS), firstRow(fft.n2), config.direction(), partitions);
        emitToEach(SPECTRUM, step, blocks::get);
    }
}
