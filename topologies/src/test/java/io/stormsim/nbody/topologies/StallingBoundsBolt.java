package io.stormsim.nbody.topologies;

import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.bolts.BoundsBolt;
import io.stormsim.run.StepCommand;
import io.stormsim.spouts.TimestepSpout;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * The bounds phase, except that from round {@link #ROUND} on it waits until the topology is killed: a run
 * stopped part way, after the checkpoint of round 30 and however fast its rounds go.
 */
public class StallingBoundsBolt extends BoundsBolt {
    static final long ROUND = 35;

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        StepCommand command = in.one(TimestepSpout.STREAM);
        if (command.round >= ROUND) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException killed) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("killed while stalled at round " + command.round);
            }
        }
        super.onStep(step, in);
    }
}
