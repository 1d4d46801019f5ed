package io.stormsim.bsp;

import com.codahale.metrics.Timer;
import io.stormsim.spouts.RoundTask;
import io.stormsim.spouts.TaskRestarts;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Bulk-synchronous steps on Storm: the one mechanism every phase bolt uses.
 *
 * <p>Every message is a tuple (step, payload). Steps are numbered by the spout, one number per trigger,
 * increasing (a round replayed after a failure gets a new number). A subclass names its input streams and how many
 * messages each brings per step ({@link FanIn}); upstream tasks send exactly one message per step to
 * every partition they address, empty if need be. The bolt buffers tuples by step and, once a step's
 * inputs are all there, calls {@link #onStep} with them ordered by stream and source task index, so the
 * result never depends on arrival order. Outputs go to partition p explicitly (direct streams, task
 * index p of the single subscribed component), anchored to all of the step's inputs, which are acked
 * after {@code onStep} returns. If it throws, the error is reported to Storm (UI, logs) and the inputs
 * are failed, so the step's trigger fails at the spout instead of hanging. Once a step completes, the
 * partial inputs of older steps (left by a failed round) are failed and dropped.
 *
 * <p>Each task registers two metrics-v2 timers: {@code stormsim.step-compute}, the wall time {@code onStep}
 * takes, so per-component numbers read as a per-phase profile in any configured reporter, and
 * {@code stormsim.step-cpu}, the CPU time its thread spent in it. Wall well above CPU means the executor
 * waited for a core (more busy threads than cores: other executors, the JIT, the collector, other processes).
 *
 * <p>Streams named by {@link #handOverStreams} carry state for a later step to a bolt that keeps it
 * between steps: they are acked on arrival (they end the tuple tree of the step that sent them) and
 * passed to {@link #onHandOver}.
 *
 * <p>{@link #emitUnanchoredTo} sends outside the step's tuple tree, for outputs the simulation must
 * never wait for or fail with (a live monitoring stream): the round completes without them, and a
 * receiver that is slow, restarting or failing does not time out, fail or replay rounds. Such tuples are
 * not replayed either; the receiver is a step bolt like any other.
 */
public abstract class StepBolt extends BaseRichBolt implements RoundTask {
    public static final Fields FIELDS = new Fields("step", "payload");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private transient OutputCollector collector;
    private transient TopologyContext context;
    private transient StepGathering<Tuple> gathering;
    private transient PhaseActivity activity;
    private transient Set<String> consumers;
    private transient List<Tuple> anchors;
    private transient long stepStartNanos;
    private transient long stepStartCpuNanos;
    private transient Timer computeTimer;
    private transient Timer cpuTimer;
    private transient boolean restartedTask;
    protected transient int partition;
    protected transient int partitions;

    /** Input streams of this bolt and their fan-in. */
    protected abstract Map<String, FanIn> inputs();

    /** Output streams of this bolt (all direct). */
    protected abstract List<String> outputs();

    /** Called once all inputs of {@code step} are there. */
    protected abstract void onStep(long step, StepInputs in) throws Exception;

    /** Streams that hand over state for a later step; none by default. */
    protected Set<String> handOverStreams() {
        return Collections.emptySet();
    }

    protected void onHandOver(long step, Object payload) {
        throw new IllegalStateException("no hand-over streams declared");
    }

    /** Subclass set-up, after the partition and the inputs are known. */
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
    }

    @Override
    public final void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.context = context;
        this.partition = context.getThisTaskIndex();
        this.partitions = context.getComponentTasks(context.getThisComponentId()).size();
        this.gathering = new StepGathering<>(expectedMessages(context));
        this.computeTimer = context.registerTimer("stormsim.step-compute");
        this.cpuTimer = context.registerTimer("stormsim.step-cpu");
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure a thread's CPU time (ThreadMXBean), which "
                    + context.getThisComponentId() + " reports per step");
        }
        THREADS.setThreadCpuTimeEnabled(true);
        activity = PhaseActivity.of(context.getStormId());
        consumers = new HashSet<>();
        context.getThisTargets().values().forEach(targets -> consumers.addAll(targets.keySet()));
        Set<String> sources = context.getThisSources().keySet().stream().map(GlobalStreamId::get_componentId)
                .collect(Collectors.toSet());
        Set<String> sourceBolts = new HashSet<>(sources);
        sourceBolts.retainAll(context.getRawTopology().get_bolts().keySet());
        boolean local = sourceBolts.equals(sources) && sources.stream()
                .allMatch(c -> context.getThisWorkerTasks().containsAll(context.getComponentTasks(c)));
        activity.stepBoltRunsHere(context.getThisComponentId(), sourceBolts, local);
        (this instanceof SingleTask ? SingleTask.ONE_TASK : partitionRule(conf)).rejects(partitions).ifPresent(why -> {
            throw new IllegalStateException(context.getThisComponentId() + " parallelism = " + partitions
                    + " is not allowed" + why);
        });
        if (inRounds()) {
            try {
                restartedTask = TaskRestarts.announce(conf, context.getStormId(), context.getThisTaskId());
            } catch (Exception e) {
                throw new IllegalStateException(context.getThisComponentId() + " could not record its start in"
                        + " ZooKeeper (the spout would not learn that a worker restarted): " + e, e);
            }
        }
        setUp(conf, context);
    }

    /**
     * Whether this task ran before in this topology and was restarted (its worker died): a sink then keeps
     * the output it wrote before instead of starting it anew. Known in {@link #setUp}; false for a bolt
     * outside the rounds.
     */
    protected boolean restartedTask() {
        return restartedTask;
    }

    /**
     * Whether the rounds wait for this bolt: its restart (its worker died) loses the round in flight, which
     * the spout then restores at once ({@link TaskRestarts}), and the first trigger waits for its tasks to start.
     * A bolt outside the rounds' tuple trees says no.
     */
    @Override
    public boolean inRounds() {
        return true;
    }

    /** The partition counts this phase allows under the topology config {@code conf}; any by default. */
    protected PartitionRule partitionRule(Map<String, Object> conf) {
        return PartitionRule.ANY;
    }

    private Map<String, Integer> expectedMessages(TopologyContext context) {
        Map<String, Integer> expected = new HashMap<>();
        Map<String, FanIn> declared = inputs();
        for (GlobalStreamId source : context.getThisSources().keySet()) {
            String stream = source.get_streamId();
            if (handOverStreams().contains(stream)) {
                continue;
            }
            FanIn fanIn = declared.get(stream);
            if (fanIn == null) {
                throw new IllegalStateException(context.getThisComponentId() + " is subscribed to stream '" + stream
                        + "' of " + source.get_componentId() + ", which it does not read; it reads " + declared.keySet());
            }
            int messages = fanIn == FanIn.SAME_PARTITION ? 1
                    : context.getComponentTasks(source.get_componentId()).size();
            if (expected.put(stream, messages) != null) {
                throw new IllegalStateException(context.getThisComponentId() + " has two sources for stream '" + stream + "'");
            }
        }
        for (String stream : declared.keySet()) {
            if (!expected.containsKey(stream)) {
                throw new IllegalStateException(context.getThisComponentId() + " needs stream '" + stream
                        + "' but no component sends it to it: check the topology's streams");
            }
        }
        return expected;
    }

    @Override
    public final void execute(Tuple tuple) {
        long step = tuple.getLong(0);
        if (handOverStreams().contains(tuple.getSourceStreamId())) {
            try {
                onHandOver(step, tuple.getValue(1));
                collector.ack(tuple);
            } catch (RuntimeException e) {
                collector.reportError(e);
                collector.fail(tuple);
            }
            return;
        }
        StepGathering.Step<Tuple> complete;
        try {
            complete = gathering.add(step, tuple.getSourceStreamId(), sourceIndex(tuple), tuple);
        } catch (StepGathering.WrongStepException e) {
            e.<Tuple>stale().forEach(collector::fail);
            failAll(e.messages(), new IllegalStateException(e.getMessage() + " (" + context.getThisComponentId() + ")"));
            return;
        }
        if (complete == null) {
            return;
        }
        complete.stale().forEach(collector::fail);
        Map<String, List<Object>> byStream = new HashMap<>();
        complete.byStream().forEach((stream, tuples) -> byStream.put(stream, payloads(tuples)));
        activity.computeStarted();
        try {
            computeAndAck(step, byStream, complete.all());
        } finally {
            activity.computeEnded(consumers);
        }
    }

    private static List<Object> payloads(List<Tuple> tuples) {
        List<Object> payloads = new ArrayList<>(tuples.size());
        for (Tuple t : tuples) {
            payloads.add(t.getValue(1));
        }
        return payloads;
    }

    private void computeAndAck(long step, Map<String, List<Object>> byStream, List<Tuple> tuples) {
        anchors = tuples;
        stepStartNanos = System.nanoTime();
        stepStartCpuNanos = THREADS.getCurrentThreadCpuTime();
        try {
            onStep(step, new StepInputs(byStream));
        } catch (Exception e) {
            failAll(tuples, e);
            return;
        } catch (OutOfMemoryError e) {
            // what the step allocated is garbage now: report it, fail the round (the spout halts it if it
            // keeps failing) instead of letting the executor die with a stack trace
            failAll(tuples, new IllegalStateException(context.getThisComponentId() + ", partition " + partition
                    + " of " + partitions + ", ran out of heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB in this worker): give the workers more (-Xmx in topology.worker.childopts; for"
                    + " stormsim run, STORMSIM_JAVA_OPTS=\"-Xmx...\") or use more workers", e));
            return;
        } finally {
            anchors = null;
            computeTimer.update(System.nanoTime() - stepStartNanos, TimeUnit.NANOSECONDS);
            cpuTimer.update(stepCpuNanos(), TimeUnit.NANOSECONDS);
        }
        for (Tuple t : tuples) {
            collector.ack(t);
        }
    }

    private void failAll(Collection<Tuple> tuples, Exception e) {
        collector.reportError(e);
        for (Tuple t : tuples) {
            collector.fail(t);
        }
    }

    private int sourceIndex(Tuple t) {
        return context.getComponentTasks(t.getSourceComponent()).indexOf(t.getSourceTask());
    }

    /** Nanoseconds since {@link #onStep} of the current step began. */
    protected long stepElapsedNanos() {
        return System.nanoTime() - stepStartNanos;
    }

    /** CPU nanoseconds this task's thread has spent since {@link #onStep} of the current step began. */
    protected long stepCpuNanos() {
        return THREADS.getCurrentThreadCpuTime() - stepStartCpuNanos;
    }

    /** Sends {@code payload} to partition {@code target} of the component subscribed to {@code stream}. */
    protected void emitTo(String stream, int target, long step, Object payload) {
        collector.emitDirect(targetTasks(stream).get(target), stream, anchors, new Values(step, payload));
    }

    /** Sends {@code payloadFor.apply(p)} to every partition p of the component subscribed to {@code stream}. */
    protected void emitToEach(String stream, long step, IntFunction<Object> payloadFor) {
        List<Integer> tasks = targetTasks(stream);
        for (int p = 0; p < tasks.size(); p++) {
            collector.emitDirect(tasks.get(p), stream, anchors, new Values(step, payloadFor.apply(p)));
        }
    }

    /**
     * Sends {@code payload} to partition {@code target} of the component subscribed to {@code stream},
     * unanchored: outside the step's tuple tree, so the round neither waits for it nor fails with it.
     */
    protected void emitUnanchoredTo(String stream, int target, long step, Object payload) {
        collector.emitDirect(targetTasks(stream).get(target), stream, new Values(step, payload));
    }

    /**
     * The components subscribed to output {@code stream}, each with its task ids in task-index order: for a stream
     * that several components read, each in its own way ({@link #emitToTask}).
     */
    protected Map<String, List<Integer>> subscribers(String stream) {
        Map<String, List<Integer>> tasks = new TreeMap<>();
        Map<String, ?> targets = context.getThisTargets().get(stream);
        if (targets != null) {
            targets.keySet().forEach(component -> tasks.put(component, context.getComponentTasks(component)));
        }
        return tasks;
    }

    /** Sends {@code payload} on {@code stream} to the task with id {@code task}, in the step's tuple tree. */
    protected void emitToTask(String stream, int task, long step, Object payload) {
        collector.emitDirect(task, stream, anchors, new Values(step, payload));
    }

    /** Whether a component subscribes to output {@code stream} (an optional output may have none). */
    protected boolean hasSubscriber(String stream) {
        Map<String, ?> targets = context.getThisTargets().get(stream);
        return targets != null && !targets.isEmpty();
    }

    /** Reports an error to Storm (UI, logs, {@code stormsim status}) without failing anything. */
    protected void reportError(Throwable error) {
        collector.reportError(error);
    }

    private List<Integer> targetTasks(String stream) {
        Map<String, ?> targets = context.getThisTargets().get(stream);
        if (targets == null || targets.size() != 1) {
            throw new IllegalStateException("stream '" + stream + "' of " + context.getThisComponentId()
                    + " must go to exactly one component, goes to " + (targets == null ? "none" : targets.keySet()));
        }
        return context.getComponentTasks(targets.keySet().iterator().next());
    }

    /** The topology is going away (Storm calls this on kill in local mode; a cluster ends the worker instead). */
    @Override
    public void cleanup() {
        PhaseActivity.release(context.getStormId());
    }

    @Override
    public final void declareOutputFields(OutputFieldsDeclarer declarer) {
        for (String stream : outputs()) {
            declarer.declareStream(stream, true, FIELDS);
        }
    }
}
