package io.stormsim.nbody.topologies;

import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.bolts.EssentialTreeBolt;
import io.stormsim.nbody.bolts.ForceBolt;
import io.stormsim.nbody.bolts.PartitionState;
import java.util.concurrent.atomic.AtomicBoolean;

/** The force phase, except that partition 1 throws once, at round {@link #ROUND}: an injected fault. */
public class FailOnceForceBolt extends ForceBolt {
    static final long ROUND = 17;
    static final AtomicBoolean FAILED = new AtomicBoolean();

    @Override
    protected void onStep(long step, StepInputs in) {
        PartitionState state = in.one(EssentialTreeBolt.PARTITION);
        if (partition == 1 && state.round == ROUND && FAILED.compareAndSet(false, true)) {
            throw new IllegalStateException("injected fault in the force phase at round " + ROUND);
        }
        super.onStep(step, in);
    }
}
