package io.stormsim.bsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.storm.Config;
import org.apache.storm.policy.IWaitStrategy.WaitSituation;
import org.junit.jupiter.api.Test;

class PhaseWaitStrategyTest {
    /** Parks far longer than any test waits: an idle() that returns was woken. */
    private static final long HOUR_MILLIS = 3_600_000L;
    private static final String TOPOLOGY = "wait-test-1-1";
    private static final PhaseActivity STEPS = PhaseActivity.of(TOPOLOGY);
    /** The step bolt component the tests' step bolt executors run, fed by step bolts only. */
    private static final String PHASE = "phase";

    private static PhaseWaitStrategy strategy(long idleParkMillis, long computingParkMillis) {
        return strategy(1, idleParkMillis, computingParkMillis);
    }

    private static PhaseWaitStrategy strategy(int workers, long idleParkMillis, long computingParkMillis) {
        PhaseWaitStrategy s = new PhaseWaitStrategy();
        s.prepare(Map.of(Config.STORM_ID, TOPOLOGY, Config.TOPOLOGY_WORKERS, workers,
                Config.TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS, idleParkMillis,
                Config.TOPOLOGY_BOLT_WAIT_PARK_MICROSEC, computingParkMillis * 1000), WaitSituation.BOLT_WAIT);
        return s;
    }

    private static PhaseWaitStrategy spoutStrategy(long idleParkMillis) {
        PhaseWaitStrategy s = new PhaseWaitStrategy();
        s.prepare(Map.of(Config.STORM_ID, TOPOLOGY, Config.TOPOLOGY_WORKERS, 1,
                Config.TOPOLOGY_SPOUT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS, idleParkMillis,
                Config.TOPOLOGY_BOLT_WAIT_PARK_MICROSEC, HOUR_MILLIS * 1000), WaitSituation.SPOUT_WAIT);
        return s;
    }

    private static Thread idleOnce(PhaseWaitStrategy s, AtomicReference<Throwable> failure) {
        return waitOnce(s, false, 0, failure);
    }

    /**
     * An executor thread, of a step bolt of {@link #PHASE} if {@code stepBolt}, that waits once; Storm's count 0
     * says it has just worked (emitted, or taken input), a larger one that it found nothing to do.
     */
    private static Thread waitOnce(PhaseWaitStrategy s, boolean stepBolt, int idleCounter,
            AtomicReference<Throwable> failure) {
        return waitOnce(s, stepBolt ? PHASE : null, Set.of(), idleCounter, failure);
    }

    /** {@link #waitOnce}, of step bolt {@code component} reading {@code sourceBolts} (null: not a step bolt). */
    private static Thread waitOnce(PhaseWaitStrategy s, String component, Set<String> sourceBolts, int idleCounter,
            AtomicReference<Throwable> failure) {
        Thread t = new Thread(() -> {
            if (component != null) {
                STEPS.stepBoltRunsHere(component, sourceBolts, true);
            }
            try {
                s.idle(idleCounter);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        return t;
    }

    private static void awaitParked(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(t.isAlive(), "the executor thread returned before it was woken");
            Thread.sleep(1);
        }
    }

    @Test
    void theEndOfAStepWakesAnExecutorParkedWhileAPhaseComputes() throws Exception {
        PhaseWaitStrategy s = strategy(HOUR_MILLIS, HOUR_MILLIS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        STEPS.computeStarted();
        Thread executor = idleOnce(s, failure);
        awaitParked(executor);
        STEPS.computeEnded(Set.of(PHASE));
        executor.join(60_000);
        assertFalse(executor.isAlive(), "still parked after the step ended");
        assertEquals(null, failure.get());
    }

    @Test
    void aWakeUpBeforeTheParkIsKeptAndEndsIt() throws Exception {
        PhaseWaitStrategy s = strategy(1, HOUR_MILLIS);
        AtomicBoolean registered = new AtomicBoolean();
        AtomicBoolean stepEnded = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // the executor polls between its two waits without parking (a park there would use up the permit)
        Thread executor = new Thread(() -> {
            try {
                s.idle(0);
                registered.set(true);
                while (!stepEnded.get()) {
                    Thread.onSpinWait();
                }
                s.idle(1);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        executor.start();
        while (!registered.get()) {
            Thread.onSpinWait();
        }
        STEPS.computeStarted();
        STEPS.computeStarted();
        STEPS.computeEnded(Set.of(PHASE));
        stepEnded.set(true);
        try {
            executor.join(60_000);
            assertFalse(executor.isAlive(), "the wake-up that came before the park was lost: parked for the long wait");
            assertEquals(null, failure.get());
        } finally {
            STEPS.computeEnded(Set.of(PHASE));
        }
    }

    @Test
    void anExecutorOfATopologyOfSeveralWorkersNotFedByItsStepBoltsKeepsTheShortPark() throws Exception {
        PhaseWaitStrategy s = strategy(2, 1, HOUR_MILLIS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        STEPS.computeStarted();
        try {
            Thread remoteFed = idleOnce(s, failure);
            remoteFed.join(60_000);
            assertFalse(remoteFed.isAlive(), "an executor whose input may come from another worker or a spout parked for the long wait");
            Thread localFed = new Thread(() -> {
                STEPS.stepBoltRunsHere(PHASE, Set.of(), true);
                try {
                    s.idle(0);
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            localFed.start();
            awaitParked(localFed);
            Thread.sleep(100);
            assertTrue(localFed.isAlive(), "a step bolt fed by step bolts of its worker did not wait for the step's end");
        } finally {
            STEPS.computeEnded(Set.of(PHASE));
        }
        assertEquals(null, failure.get());
    }

    @Test
    void anotherTopologysStepsNeitherWakeNorLengthenAPark() throws Exception {
        PhaseWaitStrategy s = strategy(HOUR_MILLIS, HOUR_MILLIS);
        PhaseActivity other = PhaseActivity.of("other-topology-2-2");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread executor = idleOnce(s, failure);
        awaitParked(executor);
        other.computeStarted();
        other.computeEnded(Set.of(PHASE));
        Thread.sleep(100);
        assertTrue(executor.isAlive(), "woken by the end of another topology's step");
        STEPS.computeStarted();
        STEPS.computeEnded(Set.of(PHASE));
        executor.join(60_000);
        assertFalse(executor.isAlive(), "still parked after its own topology's step ended");
        PhaseWaitStrategy shortPark = strategy(1, HOUR_MILLIS);
        other.computeStarted();
        try {
            Thread idle = idleOnce(shortPark, failure);
            idle.join(60_000);
            assertFalse(idle.isAlive(), "parked for the long wait while only another topology computed");
        } finally {
            other.computeEnded(Set.of(PHASE));
        }
        assertEquals(null, failure.get());
    }

    @Test
    void aSpoutThatHasEmittedWakesTheBoltsAtOnce() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread stepBolt = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), true, 1, failure);
        Thread acker = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), false, 1, failure);
        awaitParked(stepBolt);
        awaitParked(acker);
        waitOnce(spoutStrategy(1), false, 0, failure).join(60_000);
        stepBolt.join(60_000);
        acker.join(60_000);
        assertFalse(stepBolt.isAlive(), "a step bolt slept through the spout's trigger");
        assertFalse(acker.isAlive(), "the acker slept through the spout's trigger");
        assertEquals(null, failure.get());
    }

    @Test
    void onlyWorkJustDoneWakesAndOnlyTheExecutorsItMayFeed() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread spout = waitOnce(spoutStrategy(HOUR_MILLIS), false, 1, failure);
        Thread stepBolt = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), true, 1, failure);
        try {
            awaitParked(spout);
            awaitParked(stepBolt);
            waitOnce(spoutStrategy(1), false, 1, failure).join(60_000);
            waitOnce(strategy(1, HOUR_MILLIS), true, 0, failure).join(60_000);
            Thread.sleep(100);
            assertTrue(stepBolt.isAlive(), "a step bolt was woken by a spout that sent nothing, or by another step"
                    + " bolt's hand-over");
            assertTrue(spout.isAlive(), "the spout was woken by a step bolt's hand-over, whose ack goes to the acker");
            waitOnce(strategy(1, HOUR_MILLIS), false, 0, failure).join(60_000);
            spout.join(60_000);
            assertFalse(spout.isAlive(), "the spout slept through the acker's verdict");
            assertTrue(stepBolt.isAlive(), "a step bolt was woken by the acker, which sends it nothing");
        } finally {
            STEPS.computeStarted();
            STEPS.computeEnded(Set.of(PHASE));
            spout.interrupt();
            spout.join(60_000);
            stepBolt.join(60_000);
        }
        assertEquals(null, failure.get());
    }

    @Test
    void theEndOfAStepWakesItsConsumersAndTheAckerNotTheOtherStepBoltsNorTheSpout() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread spout = waitOnce(spoutStrategy(HOUR_MILLIS), false, 1, failure);
        Thread consumer = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), "force", Set.of("tree"), 1, failure);
        Thread other = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), "update", Set.of("force"), 1, failure);
        Thread acker = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), false, 1, failure);
        try {
            for (Thread t : new Thread[] {spout, consumer, other, acker}) {
                awaitParked(t);
            }
            STEPS.computeStarted();
            STEPS.computeEnded(Set.of("force", "diagnostics"));
            consumer.join(60_000);
            acker.join(60_000);
            assertFalse(consumer.isAlive(), "a step bolt slept through the end of a step that fed it");
            assertFalse(acker.isAlive(), "the acker slept through the end of a step, whose acks it has");
            Thread.sleep(100);
            assertTrue(other.isAlive(), "a step bolt was woken by the end of a step that sent it nothing");
            assertTrue(spout.isAlive(), "the spout was woken by the end of a step: the acker's verdict wakes it");
        } finally {
            STEPS.computeStarted();
            STEPS.computeEnded(Set.of("update"));
            spout.interrupt();
            for (Thread t : new Thread[] {spout, consumer, other, acker}) {
                t.join(60_000);
            }
        }
        assertTrue(failure.get() instanceof InterruptedException, "got " + failure.get());
    }

    @Test
    void aBoltOutsideTheStepsWakesTheStepBoltsThatReadIt() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread stepFed = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), "merge", Set.of("split"), 1, failure);
        Thread outsideFed = waitOnce(strategy(HOUR_MILLIS, HOUR_MILLIS), "sink", Set.of("split", "plain"), 1,
                failure);
        Thread split = waitOnce(strategy(1, HOUR_MILLIS), "split", Set.of(), 1, failure);
        try {
            awaitParked(stepFed);
            awaitParked(outsideFed);
            split.join(60_000);
            waitOnce(strategy(1, HOUR_MILLIS), false, 0, failure).join(60_000);
            outsideFed.join(60_000);
            assertFalse(outsideFed.isAlive(), "a step bolt slept through the tuples of the bolt outside the steps"
                    + " it reads");
            Thread.sleep(100);
            assertTrue(stepFed.isAlive(), "a step bolt that reads step bolts only was woken by a bolt outside the"
                    + " steps");
        } finally {
            STEPS.computeStarted();
            STEPS.computeEnded(Set.of("merge", "sink"));
            stepFed.join(60_000);
            outsideFed.join(60_000);
        }
        assertEquals(null, failure.get());
    }

    @Test
    void anInterruptedExecutorStopsWaiting() throws Exception {
        PhaseWaitStrategy s = strategy(HOUR_MILLIS, HOUR_MILLIS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread executor = idleOnce(s, failure);
        awaitParked(executor);
        executor.interrupt();
        executor.join(60_000);
        assertFalse(executor.isAlive());
        assertTrue(failure.get() instanceof InterruptedException, "got " + failure.get());
    }

    @Test
    void refusesToWaitForBackPressure() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PhaseWaitStrategy()
                .prepare(Map.of(), WaitSituation.BACK_PRESSURE_WAIT));
        assertTrue(e.getMessage().contains("topology.bolt.wait.strategy"), e.getMessage());
    }
}
