package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.util.List;
import java.util.Map;

/**
 * Receives the last transpose: this partition's rows of the result, in natural order, as the blocks of
 * every partition of the second pass side by side, where a distributed FFT leaves it. After round 0 (the
 * warm-up transform) it joins them and sends them to the result bolt, which writes the output; the timed
 * rounds after it send only their round number (every round transforms the same input into the same
 * bits), so they time the transform and not the gathering of N points onto one task.
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
        refuseOlder(step);
        StepCommand command = in.one(TimestepSpout.STREAM);
        List<ComplexBlock> blocks = in.all(RowPassBolt.SPECTRUM);
        requireStep(step, blocks, RowPassBolt.SPECTRUM);
        ComplexBlock rows = command.round == 0 ? received(blocks) : ComplexBlock.zeros(0, 0);
        requireStep(step, blocks, RowPassBolt.SPECTRUM);
        long computed = stepElapsedNanos();
        emitTo(REPORT, 0, step, new FftReport(command.round, rows));
        recordTimes(step, PhaseTimes.SPECTRUM, computed);
    }
}
