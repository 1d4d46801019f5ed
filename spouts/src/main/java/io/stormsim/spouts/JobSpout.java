package io.stormsim.spouts;

import io.stormsim.run.ConfigValues;
import io.stormsim.run.JobCommand;
import io.stormsim.run.RunConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emits a stream of independent jobs (job 0, 1, ...; the count is read from the config key given to
 * the constructor, 0: without end), at most as many in flight as the second key says. Each trigger has a
 * new, increasing step number (its message id; step bolts group messages by it) and a {@link JobCommand}. A
 * job is done when its tuple tree is acked. A failed job is sent again with a new step number, before any
 * new job; a job that fails {@link #MAX_TRIES} times halts the stream, and {@code halted.txt} in the output
 * directory ({@code stormsim.output.dir}) says which.
 *
 * <p>A worker's death is noticed in a fraction of a second, not after the message timeout: the step tasks
 * record their starts ({@link TaskRestarts}), and when one restarts, the jobs in flight fail at once and go
 * out again once the restarts have settled. The spout limits the jobs in flight itself because Storm's
 * {@code topology.max.spout.pending} counts a lost job's tuple until it times out: the YAML gives Storm
 * headroom above the spout's limit. The done jobs are recorded in ZooKeeper, so a spout restarted on
 * another worker sends only the jobs not done.
 *
 * <p>Several steps in flight are safe with {@code StepBolt}: every sender sends one message per step to
 * every partition it addresses, in step order, and Storm keeps the order between two tasks, so a step
 * bolt completes steps in increasing order and its purge of older partial steps drops only steps that
 * failed.
 */
public class JobSpout extends BaseRichSpout {
    public static final String STREAM = "job";
    public static final int MAX_TRIES = 3;
    /** The most jobs in flight a YAML may ask for. */
    public static final int MAX_IN_FLIGHT = 1000;
    /**
     * Storm's {@code topology.max.spout.pending}, if set, must be at least this many times the jobs in flight:
     * the jobs lost with a worker still count there until they time out, while the spout sends them again
     * (and may resend those).
     */
    public static final int PENDING_PER_JOB_IN_FLIGHT = 4;
    private static final Logger LOG = LoggerFactory.getLogger(JobSpout.class);

    private final String jobsKey;
    private final String inFlightKey;
    private SpoutOutputCollector collector;
    private Path outputDir;
    private StepNumbers steps;
    private JobLedger ledger;
    private ProgressStore progress;
    private TaskRestarts restarts;
    private boolean restartedSpout;
    private long startZxid;
    private RestartRecovery recovery;
    private StartGate gate;
    private boolean halted;

    /**
     * @param jobsKey     the config key holding the number of jobs (an integer >= 0, 0 for without end)
     * @param inFlightKey the config key holding how many jobs may be in flight at once (1..{@link #MAX_IN_FLIGHT})
     */
    public JobSpout(String jobsKey, String inFlightKey) {
        this.jobsKey = jobsKey;
        this.inFlightKey = inFlightKey;
    }

    /**
     * The jobs in flight the config allows, checked with Storm's limit beside it (the check before submitting,
     * and the spout's own).
     */
    public static int inFlight(Map<String, Object> conf, String inFlightKey) {
        int inFlight = (int) ConfigValues.longValue(conf, inFlightKey, 1, MAX_IN_FLIGHT, "an integer in 1.." + MAX_IN_FLIGHT
                + " (jobs in flight at once)");
        Object pending = conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        if (pending != null && !(pending instanceof Number p && p.longValue() >= (long) PENDING_PER_JOB_IN_FLIGHT * inFlight)) {
            throw ConfigValues.notAllowed(Config.TOPOLOGY_MAX_SPOUT_PENDING, pending, "unset, or an integer >= "
                    + PENDING_PER_JOB_IN_FLIGHT + " x " + inFlightKey + " = " + PENDING_PER_JOB_IN_FLIGHT * inFlight
                    + " (the spout limits the jobs in flight itself; Storm's limit also counts jobs lost with a worker"
                    + " until they time out)");
        }
        return inFlight;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        long jobs = ConfigValues.longValue(conf, jobsKey, 0, Long.MAX_VALUE, "an integer >= 0 (0: without end)");
        this.outputDir = Path.of(ConfigValues.stringValue(conf, RunConfig.OUTPUT_DIR, false));
        this.steps = StepNumbers.fromClock();
        this.progress = new ProgressStore(conf, context.getStormId());
        this.restarts = new TaskRestarts(conf, context.getStormId());
        this.recovery = new RestartRecovery(System.nanoTime());
        this.gate = new StartGate(restarts, context, System.nanoTime());
        try {
            restartedSpout = progress.exists();
            ProgressStore.DoneJobs done = progress.doneJobs();
            ledger = new JobLedger(jobs, inFlight(conf, inFlightKey), MAX_TRIES, done.below(), done.above());
            startZxid = restarts.now();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the job stream's progress in ZooKeeper: " + e, e);
        }
        if (restartedSpout) {
            LOG.warn("spout restarted: resuming the job stream; every job below {} is done, and {} above",
                    ledger.doneBelow(), ledger.doneAbove());
            // the tasks beside it restarted with it, and the other workers reconnect to it
            recovery.restarted(System.nanoTime());
        }
    }

    @Override
    public void nextTuple() {
        long now = System.nanoTime();
        checkRestarts(now);
        if (halted || recovery.settling(now) || !gate.open(now)) {
            return;
        }
        resendLost(now);
        JobCommand command = ledger.take(System.currentTimeMillis());
        if (command == null) {
            return;
        }
        long step = steps.next();
        ledger.sent(step, command);
        recovery.sent(step, now);
        collector.emit(STREAM, new Values(step, command), step);
    }

    /** Jobs sent after a restart and not done in a while go out again: their trigger may have met a connection not yet back. */
    private void resendLost(long now) {
        for (long step : recovery.overdue(now)) {
            JobCommand command = ledger.inFlight(step);
            if (command != null && recovery.spendResend(command.job)) {
                LOG.warn("{} sent after a restart is not done after {} s: sending it again", command,
                        (now - recovery.sentAt(step)) / 1_000_000_000L);
                recovery.forget(step);
                ledger.resend(step);
            }
        }
    }

    /** A step task that started again lost the jobs it held: those in flight fail now, and go out again once the restarts settle. */
    private void checkRestarts(long now) {
        List<Integer> restarted = restarts.poll(now, startZxid, restartedSpout);
        if (!halted && recovery.restarted(restarted, now)) {
            LOG.warn("tasks {} restarted (a worker died): the jobs in flight are lost", restarted);
            for (long step : ledger.stepsInFlight()) {
                fail(step);
            }
        }
    }

    @Override
    public void ack(Object msgId) {
        long step = (Long) msgId;
        JobCommand done = ledger.acked(step);
        recovery.acked(step);
        if (done == null) {
            return;
        }
        recovery.done(done.job, (System.currentTimeMillis() - done.emittedMillis) * 1_000_000L);
        try {
            progress.recordJobs(ledger.doneBelow(), ledger.doneAbove());
        } catch (Exception e) {
            LOG.warn("could not record {} done in ZooKeeper: {}", done, e.toString());
        }
        if (ledger.finished()) {
            LOG.info("job stream complete: every job acked");
        }
    }

    @Override
    public void fail(Object msgId) {
        long step = (Long) msgId;
        JobCommand failed = ledger.inFlight(step);
        recovery.forget(step);
        if (failed == null || halted) {
            return;
        }
        JobCommand exhausted = ledger.failed(step);
        if (exhausted != null) {
            halt(exhausted + " failed " + MAX_TRIES + " times: not a passing fault (see the errors the bolts reported)");
            return;
        }
        LOG.warn("{} failed: sending it again", failed);
    }

    private void halt(String reason) {
        halted = true;
        LOG.error("job stream halted: {}", reason);
        HaltedFile.write(outputDir, reason);
    }

    @Override
    public void close() {
        if (progress != null) {
            progress.close();
        }
        if (restarts != null) {
            restarts.close();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(STREAM, new Fields("step", "payload"));
    }
}
