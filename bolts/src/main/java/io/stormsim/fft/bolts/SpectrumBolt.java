package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.util.List;
import java.util.Map;

/**
 * Joins the last transpose into this partition's rows of the result, in natural order, where a
 * distributed FFT leaves it. Sends them to the result bolt after round 0 (the warm-up transform), which
 * writes the output; the timed rounds after it send only their round number (every round transforms the
 * same input into the same bits), so they time the transform and not the gathering of N points onto one task.
 */
public class SpectrumBolt extends FftBolt {
    public static final String REPORT = "report";

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(RowPassBolt.SPECTRUM, FanIn.EACH_SOURCE_TASK, TimestepSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(REPORT);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        StepCommand command = in.one(TimestepSpout.STREAM);
        ComplexBlock rows = received(in.all(RowPassBolt.SPECTRUM));
        emitTo(REPORT, 0, step, new FftReport(command.round, command.round == 0 ? rows : ComplexBlock.zeros(0, 0)));
    }
}
