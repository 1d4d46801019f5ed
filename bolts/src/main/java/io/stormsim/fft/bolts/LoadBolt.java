package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.Striping;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Holds this partition's rows of the input, the n2 x n1 matrix x[j1 + n1 j2] (natural order), and starts
 * every transform with step 1, the first transpose: it sends each partition of the first pass its block
 * of these rows, that partition's columns (which the pass reads as its rows). It reads its rows (from the
 * file or the seed) at a round that starts or restores the run and keeps them as those blocks, cut once:
 * every round transforms the same input, and sends the same blocks, which nobody writes; each step
 * only stamps them with its number, as the first pass checks ({@link FftBolt}).
 */
public class LoadBolt extends FftBolt {
    public static final String COLUMNS = "columns";

    private transient List<ComplexBlock> blocks;

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
        refuseOlder(step);
        StepCommand command = in.one(TimestepSpout.STREAM);
        if (blocks == null || command.kind != StepCommand.Kind.CONTINUE) {
            ComplexBlock input = config.inputRows(firstRow(fft.n2), Striping.count(fft.n2, partitions, partition), fft.n1);
            blocks = new ArrayList<>(partitions);
            for (int q = 0; q < partitions; q++) {
                blocks.add(input.columns(Striping.first(fft.n1, partitions, q), Striping.end(fft.n1, partitions, q)));
            }
        }
        for (ComplexBlock b : blocks) {
            b.publish(step);
        }
        long computed = stepElapsedNanos();
        emitToEach(COLUMNS, step, blocks::get);
        recordTimes(step, PhaseTimes.LOAD, computed);
    }
}
