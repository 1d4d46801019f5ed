package io.stormsim.bolts.fft;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import java.util.List;
import java.util.Map;

/** Steps 2 to 4: row FFTs of length n2 on its rows j1 of the n1 x n2 matrix, twiddle factors, the second transpose. */
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
        ComplexBlock stripe = received(in.all(LoadBolt.COLUMNS));
        fft.firstRowPass(stripe, firstRow(fft.n1), config.direction());
        sendTransposed(ROWS, step, stripe);
    }
}
