package io.stormsim.bsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import com.codahale.metrics.Timer;
import io.stormsim.spouts.TaskRestarts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.NullStruct;
import org.apache.storm.generated.SpoutSpec;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;
import org.mockito.MockedStatic;

/**
 * {@link StepBolt} on its own, against mocked Storm ({@link TopologyContext}, {@link OutputCollector},
 * {@link Tuple}), in milliseconds instead of a LocalCluster run: the wiring errors {@code prepare} refuses
 * to start with, and their words; a step gathered whatever the arrival order and computed once, its outputs
 * sent direct to partition p anchored to its inputs, which are acked only after {@code onStep} returns;
 * a failing or heap-exhausted step reported and its inputs failed; hand-overs acked on arrival; older
 * partial steps failed once a newer step completes. The rounds' ZooKeeper ({@link TaskRestarts#announce})
 * is skipped the way a bolt outside the rounds skips it ({@link StepBolt#inRounds}), or mocked where
 * its use is the point.
 *
 * <p>The wiring, as the mocked context gives it: task 7, partition 1 of component {@code probe}'s tasks 6
 * and 7, reads {@code exchange} from both tasks of {@code left} and {@code own} from the same partition of
 * {@code prev}, takes hand-overs on {@code state} from {@code keeper}, and sends {@code out} to the three
 * tasks of {@code right} and {@code live} to {@code monitor}.
 */
class StepBoltTest {
    private static final String STORM_ID = "step-bolt-test-1-1";
    private static final String PROBE = "probe";
    private static final String LEFT = "left";
    private static final String PREV = "prev";
    private static final String KEEPER = "keeper";
    private static final String RIGHT = "right";
    private static final String MONITOR = "monitor";
    private static final String EXCHANGE = "exchange";
    private static final String OWN = "own";
    private static final String STATE = "state";
    private static final String OUT = "out";
    private static final String LIVE = "live";
    private static final Grouping DIRECT = Grouping.direct(new NullStruct());

    /** What a probe's {@code onStep} does besides recording its inputs. */
    @FunctionalInterface
    private interface StepAction {
        void run(Probe bolt, long step, StepInputs in) throws Exception;
    }

    /** The inputs of one {@code onStep} call. */
    private record Seen(long step, List<Object> exchange, Object own) {
    }

    /** The step bolt under test: its streams as in the class javadoc; it records what StepBolt hands it. */
    private static class Probe extends StepBolt {
        Map<String, FanIn> inputs = Map.of(EXCHANGE, FanIn.EACH_SOURCE_TASK, OWN, FanIn.SAME_PARTITION);
        PartitionRule rule = PartitionRule.ANY;
        boolean inRounds;
        StepAction action = (bolt, step, in) -> { };
        RuntimeException handOverError;
        final List<Seen> steps = new ArrayList<>();
        final List<List<Object>> handOvers = new ArrayList<>();
        Boolean restartedAtSetUp;

        @Override
        protected Map<String, FanIn> inputs() {
            return inputs;
        }

        @Override
        protected List<String> outputs() {
            return List.of(OUT, LIVE);
        }

        @Override
        protected Set<String> handOverStreams() {
            return Set.of(STATE);
        }

        @Override
        protected PartitionRule partitionRule(Map<String, Object> conf) {
            return rule;
        }

        @Override
        public boolean inRounds() {
            return inRounds;
        }

        @Override
        protected void setUp(Map<String, Object> conf, TopologyContext context) {
            restartedAtSetUp = restartedTask();
        }

        @Override
        protected void onStep(long step, StepInputs in) throws Exception {
            steps.add(new Seen(step, List.copyOf(in.all(EXCHANGE)), in.one(OWN)));
            action.run(this, step, in);
        }

        @Override
        protected void onHandOver(long step, Object payload) {
            handOvers.add(List.of(step, payload));
            if (handOverError != null) {
                throw handOverError;
            }
        }
    }

    /** A probe that must run as one task. */
    private static final class SingleProbe extends Probe implements SingleTask {
    }

    private final Map<String, Object> conf = new HashMap<>();
    private final Map<GlobalStreamId, Grouping> sources = new LinkedHashMap<>();
    private final Map<String, Map<String, Grouping>> targets = new LinkedHashMap<>();
    private final Map<String, List<Integer>> tasks = new HashMap<>();
    private final Map<String, Timer> timers = new HashMap<>();
    private final StormTopology topology = new StormTopology();
    private List<Integer> workerTasks;
    private TopologyContext context;
    private OutputCollector collector;

    @BeforeEach
    void wire() {
        sources.put(new GlobalStreamId(LEFT, EXCHANGE), DIRECT);
        sources.put(new GlobalStreamId(PREV, OWN), DIRECT);
        sources.put(new GlobalStreamId(KEEPER, STATE), DIRECT);
        targets.put(OUT, Map.of(RIGHT, DIRECT));
        targets.put(LIVE, Map.of(MONITOR, DIRECT));
        tasks.put(PROBE, List.of(6, 7));
        tasks.put(LEFT, List.of(3, 4));
        tasks.put(PREV, List.of(20, 21));
        tasks.put(KEEPER, List.of(30));
        tasks.put(RIGHT, List.of(10, 11, 12));
        tasks.put(MONITOR, List.of(40));
        workerTasks = List.of(3, 4, 6, 7, 10, 11, 12, 20, 21, 30, 40);
        Map<String, Bolt> bolts = new HashMap<>();
        for (String bolt : List.of(PROBE, LEFT, PREV, KEEPER, RIGHT, MONITOR)) {
            bolts.put(bolt, new Bolt());
        }
        topology.set_bolts(bolts);
        topology.set_spouts(new HashMap<>(Map.of("trigger", new SpoutSpec())));

        context = mock(TopologyContext.class);
        when(context.getStormId()).thenReturn(STORM_ID);
        when(context.getThisComponentId()).thenReturn(PROBE);
        when(context.getThisTaskId()).thenReturn(7);
        when(context.getThisTaskIndex()).thenReturn(1);
        when(context.getThisSources()).thenAnswer(i -> sources);
        when(context.getThisTargets()).thenAnswer(i -> targets);
        when(context.getComponentTasks(anyString())).thenAnswer(i -> tasks.get(i.<String>getArgument(0)));
        when(context.getThisWorkerTasks()).thenAnswer(i -> workerTasks);
        when(context.getRawTopology()).thenReturn(topology);
        when(context.registerTimer(anyString())).thenAnswer(i -> timers.computeIfAbsent(i.getArgument(0), n -> new Timer()));
        collector = mock(OutputCollector.class);
    }

    @AfterEach
    void releaseActivity() {
        PhaseActivity.release(STORM_ID);
    }

    private <B extends StepBolt> B prepared(B bolt) {
        bolt.prepare(conf, context, collector);
        return bolt;
    }

    private static Tuple tuple(String component, int task, String stream, long step, Object payload) {
        Tuple t = mock(Tuple.class, component + "[" + task + "]." + stream + "@" + step);
        when(t.getLong(0)).thenReturn(step);
        when(t.getValue(1)).thenReturn(payload);
        when(t.getSourceComponent()).thenReturn(component);
        when(t.getSourceTask()).thenReturn(task);
        when(t.getSourceStreamId()).thenReturn(stream);
        return t;
    }

    /** The three messages of {@code step}: {@code exchange} from left's tasks 3 and 4, {@code own} from prev's 21. */
    private static List<Tuple> stepTuples(long step) {
        return List.of(tuple(LEFT, 3, EXCHANGE, step, "left0@" + step), tuple(LEFT, 4, EXCHANGE, step, "left1@" + step),
                tuple(PREV, 21, OWN, step, "own@" + step));
    }

    private static void executeAll(StepBolt bolt, Collection<Tuple> tuples) {
        tuples.forEach(bolt::execute);
    }

    private Throwable reported() {
        ArgumentCaptor<Throwable> error = ArgumentCaptor.forClass(Throwable.class);
        verify(collector).reportError(error.capture());
        return error.getValue();
    }

    private void verifyFailedNotAcked(Collection<Tuple> tuples) {
        for (Tuple t : tuples) {
            verify(collector).fail(t);
            verify(collector, never()).ack(t);
        }
    }

    private void verifyNothingEmitted() {
        verify(collector, never()).emitDirect(anyInt(), anyString(), anyCollection(), anyList());
        verify(collector, never()).emitDirect(anyInt(), anyString(), anyList());
    }

    @Test
    void aSubscriptionToAStreamTheBoltDoesNotReadIsRefused() {
        sources.put(new GlobalStreamId(LEFT, "extra"), DIRECT);
        Probe bolt = new Probe();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(bolt));
        assertTrue(e.getMessage().startsWith("probe is subscribed to stream 'extra' of left, which it does not read;"
                + " it reads ["), e.getMessage());
        assertTrue(e.getMessage().contains(EXCHANGE) && e.getMessage().contains(OWN), e.getMessage());
        assertNull(bolt.restartedAtSetUp, "setUp runs only on a sound wiring");
    }

    @Test
    void anInputStreamNoComponentSendsIsRefused() {
        sources.remove(new GlobalStreamId(PREV, OWN));
        Probe bolt = new Probe();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(bolt));
        assertEquals("probe needs stream 'own' but no component sends it to it: check the topology's streams",
                e.getMessage());
        assertNull(bolt.restartedAtSetUp);
    }

    @Test
    void anInputStreamFromTwoComponentsIsRefused() {
        tasks.put("other", List.of(50));
        sources.put(new GlobalStreamId("other", EXCHANGE), DIRECT);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(new Probe()));
        assertEquals("probe has two sources for stream 'exchange'", e.getMessage());
    }

    @Test
    void aSoundWiringKnowsItsPartitionAndLeavesHandOversOutOfTheFanIn() {
        // state is subscribed but not among inputs(): a hand-over bypasses the gathering, so it needs no fan-in
        Probe bolt = prepared(new Probe());
        assertEquals(false, bolt.restartedAtSetUp);
        assertEquals(1, bolt.partition);
        assertEquals(2, bolt.partitions);
    }

    @Test
    void aSingleTaskBoltWithMoreTasksIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(new SingleProbe()));
        assertEquals("probe parallelism = 2 is not allowed: it gathers every partition's output and must have"
                + " parallelism 1", e.getMessage());
    }

    @Test
    void aPartitionCountThePhasesRuleRejectsIsRefused() {
        Probe bolt = new Probe();
        bolt.rule = partitions -> partitions % 3 == 0 ? Optional.empty()
                : Optional.of(": the grid has 3 slabs, so it must be a multiple of 3");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(bolt));
        assertEquals("probe parallelism = 2 is not allowed: the grid has 3 slabs, so it must be a multiple of 3",
                e.getMessage());
        assertNull(bolt.restartedAtSetUp);
    }

    @Test
    void aBoltOutsideTheRoundsNeverContactsZooKeeper() {
        try (MockedStatic<TaskRestarts> zk = mockStatic(TaskRestarts.class)) {
            prepared(new Probe());
            zk.verifyNoInteractions();
        }
    }

    @Test
    void aBoltInTheRoundsAnnouncesItsStartAndLearnsItWasRestarted() {
        try (MockedStatic<TaskRestarts> zk = mockStatic(TaskRestarts.class)) {
            zk.when(() -> TaskRestarts.announce(conf, STORM_ID, 7)).thenReturn(true);
            Probe bolt = new Probe();
            bolt.inRounds = true;
            prepared(bolt);
            zk.verify(() -> TaskRestarts.announce(conf, STORM_ID, 7));
            assertEquals(true, bolt.restartedAtSetUp, "the restart is known by setUp");
        }
    }

    @Test
    void aZooKeeperThatCannotRecordTheStartIsAWiringError() {
        try (MockedStatic<TaskRestarts> zk = mockStatic(TaskRestarts.class)) {
            IOException refused = new IOException("connection refused");
            zk.when(() -> TaskRestarts.announce(any(), any(), anyInt())).thenThrow(refused);
            Probe bolt = new Probe();
            bolt.inRounds = true;
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> prepared(bolt));
            assertEquals("probe could not record its start in ZooKeeper (the spout would not learn that a worker"
                    + " restarted): java.io.IOException: connection refused", e.getMessage());
            assertSame(refused, e.getCause());
            assertNull(bolt.restartedAtSetUp);
        }
    }

    @Test
    void everyOutputStreamIsDeclaredDirectWithStepAndPayload() {
        OutputFieldsDeclarer declarer = mock(OutputFieldsDeclarer.class);
        new Probe().declareOutputFields(declarer);
        verify(declarer).declareStream(OUT, true, StepBolt.FIELDS);
        verify(declarer).declareStream(LIVE, true, StepBolt.FIELDS);
        verifyNoMoreInteractions(declarer);
        assertEquals(List.of("step", "payload"), StepBolt.FIELDS.toList());
    }

    @Test
    void inputsAreLocalOnlyIfEverySourceIsABoltWithAllItsTasksInThisWorker() {
        PhaseActivity activity = PhaseActivity.of(STORM_ID);
        prepared(new Probe());
        assertTrue(activity.callerHasLocalInputs());

        workerTasks = List.of(3, 6, 7, 20, 21, 30);
        prepared(new Probe());
        assertFalse(activity.callerHasLocalInputs(), "left's task 4 runs in another worker");

        workerTasks = List.of(3, 4, 6, 7, 10, 11, 12, 20, 21, 30, 40);
        topology.get_bolts().remove(LEFT);
        topology.get_spouts().put(LEFT, new SpoutSpec());
        prepared(new Probe());
        assertFalse(activity.callerHasLocalInputs(), "a spout's emits are not announced by step ends");
    }

    @Test
    void aStepIsComputedOnceAllItsMessagesArrivedInSourceOrderWhateverTheArrivalOrder() {
        int[][] orders = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (int[] order : orders) {
            collector = mock(OutputCollector.class);
            Probe bolt = prepared(new Probe());
            List<Tuple> step = stepTuples(5);
            for (int i = 0; i < order.length; i++) {
                bolt.execute(step.get(order[i]));
                if (i < order.length - 1) {
                    assertTrue(bolt.steps.isEmpty(), "computed before all messages arrived");
                    verifyNoInteractions(collector);
                }
            }
            assertEquals(List.of(new Seen(5, List.of("left0@5", "left1@5"), "own@5")), bolt.steps,
                    "arrival order " + List.of(order[0], order[1], order[2]));
        }
    }

    @Test
    void outputsGoDirectToPartitionPAnchoredToTheStepsInputsWhichAreAckedAfterOnStep() {
        Probe bolt = new Probe();
        PhaseActivity activity = PhaseActivity.of(STORM_ID);
        List<Boolean> computingDuringStep = new ArrayList<>();
        bolt.action = (b, step, in) -> {
            b.emitTo(OUT, 2, step, "to partition 2");
            b.emitToEach(OUT, step, p -> "each " + p);
            b.emitUnanchoredTo(LIVE, 0, step, "monitor");
            // the wait strategy keeps consumers parked while a step computes
            computingDuringStep.add(activity.computing());
            verify(collector, never()).ack(any());
        };
        prepared(bolt);
        List<Tuple> inputs = stepTuples(9);
        executeAll(bolt, inputs);

        @SuppressWarnings("unchecked")
        ArgumentCaptor<Collection<Tuple>> anchors = ArgumentCaptor.forClass(Collection.class);
        InOrder order = inOrder(collector);
        order.verify(collector).emitDirect(eq(12), eq(OUT), anchors.capture(), eq(new Values(9L, "to partition 2")));
        order.verify(collector).emitDirect(eq(10), eq(OUT), anchors.capture(), eq(new Values(9L, "each 0")));
        order.verify(collector).emitDirect(eq(11), eq(OUT), anchors.capture(), eq(new Values(9L, "each 1")));
        order.verify(collector).emitDirect(eq(12), eq(OUT), anchors.capture(), eq(new Values(9L, "each 2")));
        order.verify(collector).emitDirect(40, LIVE, new Values(9L, "monitor"));
        for (Tuple t : inputs) {
            order.verify(collector).ack(t);
        }
        for (Collection<Tuple> a : anchors.getAllValues()) {
            assertEquals(Set.copyOf(inputs), Set.copyOf(a), "anchored to all of the step's inputs");
            assertEquals(inputs.size(), a.size());
        }
        verify(collector, never()).fail(any());
        verify(collector, never()).reportError(any());
        assertEquals(List.of(true), computingDuringStep);
        assertFalse(activity.computing());
        assertTrue(bolt.hasSubscriber(OUT));
        assertFalse(bolt.hasSubscriber("nowhere"));
    }

    @Test
    void bothTimersRecordEveryStepFailedOrNot() {
        Probe bolt = prepared(new Probe());
        bolt.action = (b, step, in) -> {
            if (step == 2) {
                throw new IllegalStateException("step 2 fails");
            }
        };
        executeAll(bolt, stepTuples(1));
        executeAll(bolt, stepTuples(2));
        assertEquals(Set.of("stormsim.step-compute", "stormsim.step-cpu"), timers.keySet());
        assertEquals(2, timers.get("stormsim.step-compute").getCount());
        assertEquals(2, timers.get("stormsim.step-cpu").getCount());
    }

    @Test
    void aThrowingStepIsReportedAndItsInputsFailedNotAcked() {
        Probe bolt = new Probe();
        IllegalArgumentException thrown = new IllegalArgumentException("no bodies in partition 1");
        bolt.action = (b, step, in) -> {
            b.emitTo(OUT, 1, step, "half done");
            throw thrown;
        };
        prepared(bolt);
        List<Tuple> inputs = stepTuples(3);
        executeAll(bolt, inputs);
        assertSame(thrown, reported());
        verifyFailedNotAcked(inputs);
        assertFalse(PhaseActivity.of(STORM_ID).computing());
    }

    @Test
    void aStepThatRunsOutOfHeapIsReportedWithTheRemedyAndTheExecutorCarriesOn() {
        Probe bolt = new Probe();
        OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
        bolt.action = (b, step, in) -> {
            if (step == 4) {
                throw oom;
            }
        };
        prepared(bolt);
        List<Tuple> inputs = stepTuples(4);
        try {
            executeAll(bolt, inputs);
        } catch (OutOfMemoryError escaped) {
            // caught here, as JUnit would end the whole test run on it; in Storm it would end the worker
            fail("the heap exhaustion escaped execute instead of failing the round: " + escaped);
        }
        Throwable error = reported();
        assertEquals(IllegalStateException.class, error.getClass());
        assertEquals("probe, partition 1 of 2, ran out of heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB in this worker): give the workers more (-Xmx in topology.worker.childopts; for stormsim run,"
                + " STORMSIM_JAVA_OPTS=\"-Xmx...\") or use more workers", error.getMessage());
        assertSame(oom, error.getCause());
        verifyFailedNotAcked(inputs);
        assertFalse(PhaseActivity.of(STORM_ID).computing());

        List<Tuple> next = stepTuples(5);
        executeAll(bolt, next);
        assertEquals(List.of(4L, 5L), bolt.steps.stream().map(Seen::step).toList());
        next.forEach(t -> verify(collector).ack(t));
    }

    @Test
    void anOutputStreamWithoutExactlyOneSubscriberFailsTheStepThatEmitsOnIt() {
        // not checked by prepare: an output may be optional (hasSubscriber), so the first emit finds it
        targets.remove(OUT);
        Probe bolt = new Probe();
        bolt.action = (b, step, in) -> b.emitTo(OUT, 0, step, "lost");
        prepared(bolt);
        assertFalse(bolt.hasSubscriber(OUT));
        List<Tuple> inputs = stepTuples(1);
        executeAll(bolt, inputs);
        assertEquals("stream 'out' of probe must go to exactly one component, goes to none", reported().getMessage());
        verifyFailedNotAcked(inputs);
        verifyNothingEmitted();

        collector = mock(OutputCollector.class);
        Map<String, Grouping> two = new LinkedHashMap<>();
        two.put(RIGHT, DIRECT);
        two.put(MONITOR, DIRECT);
        targets.put(OUT, two);
        Probe twice = prepared(new Probe());
        twice.action = bolt.action;
        executeAll(twice, stepTuples(2));
        assertEquals("stream 'out' of probe must go to exactly one component, goes to [right, monitor]",
                reported().getMessage());
        verifyNothingEmitted();
    }

    @Test
    void anEmitToAPartitionTheSubscriberDoesNotHaveFailsTheStep() {
        Probe bolt = new Probe();
        bolt.action = (b, step, in) -> b.emitTo(OUT, 3, step, "right has partitions 0..2");
        prepared(bolt);
        List<Tuple> inputs = stepTuples(1);
        executeAll(bolt, inputs);
        // what is reported is the task list's IndexOutOfBoundsException, naming neither stream nor component:
        // only that the round fails, as for any failing step, is pinned
        reported();
        verifyFailedNotAcked(inputs);
        verifyNothingEmitted();
    }

    @Test
    void aHandOverIsAckedOnArrivalAndPassedOnOutsideTheSteps() {
        Probe bolt = prepared(new Probe());
        Tuple state = tuple(KEEPER, 30, STATE, 6, "bodies for step 6");
        bolt.execute(state);
        assertEquals(List.of(List.of(6L, "bodies for step 6")), bolt.handOvers);
        verify(collector).ack(state);
        assertTrue(bolt.steps.isEmpty());

        // the hand-over is no message of step 6: the step still needs all three of its own
        List<Tuple> inputs = stepTuples(6);
        executeAll(bolt, inputs.subList(0, 2));
        assertTrue(bolt.steps.isEmpty());
        bolt.execute(inputs.get(2));
        assertEquals(1, bolt.steps.size());
        inputs.forEach(t -> verify(collector).ack(t));
        verify(collector, never()).fail(any());
    }

    @Test
    void aHandOverThatCannotBeTakenIsReportedAndFailed() {
        Probe bolt = prepared(new Probe());
        bolt.handOverError = new IllegalStateException("hand-over for step 6 while at step 9");
        Tuple state = tuple(KEEPER, 30, STATE, 6, "late");
        bolt.execute(state);
        assertSame(bolt.handOverError, reported());
        verify(collector).fail(state);
        verify(collector, never()).ack(state);
    }

    @Test
    void olderPartialStepsAreFailedAndDroppedOnceANewerStepCompletes() {
        Probe bolt = prepared(new Probe());
        Tuple lost = tuple(LEFT, 3, EXCHANGE, 5, "left0@5");
        bolt.execute(lost);
        List<Tuple> eight = stepTuples(8);
        bolt.execute(eight.get(1));
        verifyNoInteractions(collector);

        List<Tuple> six = stepTuples(6);
        executeAll(bolt, six);
        verify(collector).fail(lost);
        verify(collector, never()).ack(lost);
        six.forEach(t -> verify(collector).ack(t));
        verify(collector, never()).fail(eight.get(1));

        // step 5's other message, arriving after step 5 was dropped, is failed by the next completed step
        Tuple late = tuple(LEFT, 4, EXCHANGE, 5, "left1@5");
        bolt.execute(late);
        verify(collector, never()).fail(late);
        bolt.execute(eight.get(0));
        bolt.execute(eight.get(2));
        verify(collector).fail(late);
        eight.forEach(t -> verify(collector).ack(t));

        assertEquals(List.of(6L, 8L), bolt.steps.stream().map(Seen::step).toList(), "step 5 is never computed");
        verify(collector, times(1)).fail(lost);
        verify(collector, never()).reportError(any());
    }

    @Test
    void aStepCompleteInNumberButWrongInMixIsReportedAndFailedWithTheStaleSteps() {
        Probe bolt = prepared(new Probe());
        Tuple stale = tuple(LEFT, 4, EXCHANGE, 7, "left1@7");
        bolt.execute(stale);
        List<Tuple> wrong = List.of(tuple(PREV, 21, OWN, 9, "own@9"), tuple(LEFT, 3, EXCHANGE, 9, "left0@9"),
                tuple(PREV, 21, OWN, 9, "own@9 again"));
        executeAll(bolt, wrong);
        Throwable error = reported();
        assertEquals(IllegalStateException.class, error.getClass());
        assertEquals("step 9 got 1 messages on 'exchange', expected 2 (probe)", error.getMessage());
        verifyFailedNotAcked(wrong);
        verifyFailedNotAcked(List.of(stale));
        assertTrue(bolt.steps.isEmpty());
    }
}
