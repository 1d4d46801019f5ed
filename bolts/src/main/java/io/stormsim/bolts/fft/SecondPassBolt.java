package io.stormsim.bolts.fft;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import java.util.List;
import java.util.Map;

/** Steps 5 and 6: row FFTs of length n1 on its rows k2 of the n2 x n1 matrix, the last transpose. */
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
        ComplexBlock stripe = received(in.all(FirstPassBolt.ROWS));
        fft.secondRowPass(stripe, config.direction());
        sendTransposed(SPECTRUM, step, stripe);
    }
}
