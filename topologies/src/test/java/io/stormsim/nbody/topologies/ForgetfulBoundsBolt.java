package io.stormsim.nbody.topologies;

import io.stormsim.nbody.bolts.BoundsBolt;
import java.util.concurrent.atomic.AtomicBoolean;

/** The bounds phase, except that partition 0 loses the state handed over for round {@link #ROUND} once, as a restarted worker would. */
public class ForgetfulBoundsBolt extends BoundsBolt {
    static final long ROUND = 23;
    static final AtomicBoolean FORGOT = new AtomicBoolean();

    @Override
    protected void onHandOver(long step, Object payload) {
        if (partition == 0 && ((io.stormsim.nbody.bolts.PartitionState) payload).round == ROUND
                && FORGOT.compareAndSet(false, true)) {
            return;
        }
        super.onHandOver(step, payload);
    }
}
