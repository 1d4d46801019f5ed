package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.Striping;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.util.List;
import java.util.Map;

/**
 * Holds this partition's rows of the input, the n2 x n1 matrix x[j1 + n1 j2] (natural order), and starts
 * every transform with step 1, the first transpose. It reads its rows (from the file or the seed) at a
 * round that starts or restores the run, and keeps them: every round transforms the same input.
 */
public class LoadBolt extends FftBolt {
    public static final String COLUMNS = "columns";

    private transient ComplexBlock input;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(TimestepSpout.STREAM, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(COLUMNS);
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        StepCommand command = in.one(TimestepSpout.STREAM);
        if (input == null || command.kind != StepCommand.Kind.CONTINUE) {
            input = config.inputRows(firstRow(fft.n2), Striping.count(fft.n2, partitions, partition), fft.n1);
        }
        sendTransposed(COLUMNS, step, input);
    }
}
