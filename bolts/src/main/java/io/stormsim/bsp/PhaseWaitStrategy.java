package io.stormsim.bsp;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.storm.Config;
import org.apache.storm.policy.IWaitStrategy;
import org.apache.storm.utils.ObjectReader;

/**
 * Storm's idle wait for the executors of a step topology ({@code topology.bolt.wait.strategy} and
 * {@code topology.spout.wait.strategy}): an idle executor parks, and the executors of the same topology in
 * this JVM wake it when they have sent it something ({@link PhaseActivity}; another topology's executors
 * neither wake nor lengthen its parks). Every step a {@link StepBolt} ends wakes the executors it fed: the
 * step bolts subscribed to its outputs, the acker and any other bolt outside the steps; an executor that has
 * just worked wakes, before it parks, those its work may feed: after the spout emitted, the bolts; after a
 * step bolt took a hand-over, the acker; after the acker (or another bolt outside the steps) acked or failed a
 * tree, the spout and the step bolts that read a bolt outside the steps. Storm tells a wait strategy that an
 * executor has just worked by calling it with a count of 0.
 *
 * <p>Why: Storm's queues cannot wake their consumer, so an idle executor polls; with Storm's progressive
 * wait each wakes ~1,000 times a second, and when every core runs a phase's computation each wake-up
 * preempts it (measured: each force thread ~1,500 times a second with 2 partitions on 2 cores). Here an
 * executor parks at most {@code level3.sleep.millis} (Storm's key, bolt or spout) at a time, and at most
 * {@code topology.bolt.wait.park.microsec} while a step bolt of its topology computes, if its input is
 * announced: it is a step bolt whose sources are all step bolts of this worker, or any executor of a
 * one-worker topology. A tuple from another worker is not announced, so its consumer keeps the short park.
 * Without the wake-ups after work, each hop of a round outside the step bolts (spout to first phase, last
 * hand-over to acker, acker to spout) waited for the end of its consumer's park: measured, ~2.5 ms of a
 * round's ~2.7 ms in a one-worker checkers search of small depth, against ~0.3 ms with them.
 *
 * <p>An executor that has waited here once stays registered: a wake-up between its queue check and its
 * park is kept as the thread's permit and ends that park at once, so a hand-over does not wait for the
 * long park (at worst, if the thread parked elsewhere in between and used the permit, for one).
 */
public final class PhaseWaitStrategy implements IWaitStrategy {
    private PhaseActivity activity;
    private long idleParkNanos;
    private long computingParkNanos;
    private boolean oneWorker;
    private boolean spout;

    @Override
    public void prepare(Map<String, Object> conf, WaitSituation situation) {
        spout = situation == WaitSituation.SPOUT_WAIT;
        if (!spout && situation != WaitSituation.BOLT_WAIT) {
            throw new IllegalArgumentException(PhaseWaitStrategy.class.getSimpleName() + " waits for input, not for"
                    + " back pressure: set it as topology.bolt.wait.strategy or topology.spout.wait.strategy");
        }
        Object topologyId = conf.get(Config.STORM_ID);
        if (topologyId == null) {
            throw new IllegalStateException(Config.STORM_ID + " is not in the executor's config: cannot tell which"
                    + " topology's steps to wait for");
        }
        activity = PhaseActivity.of(topologyId.toString());
        idleParkNanos = TimeUnit.MILLISECONDS.toNanos(ObjectReader.getLong(conf.get(spout
                ? Config.TOPOLOGY_SPOUT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS
                : Config.TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS)));
        computingParkNanos = TimeUnit.MICROSECONDS.toNanos(ObjectReader.getLong(
                conf.get(Config.TOPOLOGY_BOLT_WAIT_PARK_MICROSEC)));
        oneWorker = ObjectReader.getInt(conf.get(Config.TOPOLOGY_WORKERS), 1) == 1;
    }

    @Override
    public int idle(int idleCounter) throws InterruptedException {
        activity.register(spout);
        if (idleCounter == 0) {
            // Storm counts from 0 again after a spout emitted or a bolt took input: what it sent waits in local queues
            activity.handedOn();
        }
        boolean announced = oneWorker || activity.callerHasLocalInputs();
        LockSupport.parkNanos(this, announced && activity.computing() ? computingParkNanos : idleParkNanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return idleCounter + 1;
    }
}
