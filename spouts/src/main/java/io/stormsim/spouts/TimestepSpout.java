package io.stormsim.spouts;

import io.stormsim.run.CheckpointStore;
import io.stormsim.run.CheckpointWrites;
import io.stormsim.run.RateLimit;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.run.StepCommand;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives a simulation one round at a time and recovers it from failures.
 *
 * <p>Each trigger has a new step number (its message id; bolts group messages by it) and names the
 * round and how to get its state ({@link StepCommand}); a restarted spout numbers its steps above any its
 * predecessor used ({@link StepNumbers}). The next trigger goes out only once the
 * previous one's tuple tree is acked, that is once every phase of every partition has finished the
 * round. Rounds run 0..{@code stormsim.steps} (0: without end). At checkpoint rounds every partition writes
 * its piece before it sends anything, so the spout marks the checkpoint complete when the round is acked.
 *
 * <p>When a round fails (a phase threw, a worker died, a tuple timed out) the spout restores every
 * partition from the last complete checkpoint (or the initial conditions if there is none) and replays
 * the rounds since; each round is deterministic, so the results are the bits of an undisturbed run. A
 * round that fails {@code stormsim.max.restores} times in a row is not a passing fault: the run halts,
 * and {@code halted.txt} in the output directory says why. Progress is kept in ZooKeeper, so a spout
 * restarted on another worker resumes from the last checkpoint; with {@code stormsim.resume} a new
 * submission starts from the newest complete checkpoint in the checkpoint directory.
 */
public class TimestepSpout extends BaseRichSpout {
    public static final String STREAM = "step";
    public static final String HALTED = RunOutput.HALTED;
    private static final Logger LOG = LoggerFactory.getLogger(TimestepSpout.class);
    /** The resend budget's key: one round is in flight at a time, and its budget is renewed when a round is done. */
    private static final long ROUND_IN_FLIGHT = 0;

    private SpoutOutputCollector collector;
    private RunConfig config;
    private transient CheckpointStore checkpoints;
    private transient RateLimit commitReports;
    private int partitions;
    private ProgressStore progress;
    private ProgressWriter progressWriter;
    private TaskRestarts restarts;
    private StartGate gate;
    private boolean restartedSpout;
    private long sentZxid;
    /** Whether a round was acked since the last trigger: the progress records then give a time before the next. */
    private boolean ackedSinceTrigger;
    private RestartRecovery recovery;
    private long sentAt;
    private StepNumbers steps;
    private StepCommand next;
    private final Map<Long, StepCommand> inFlight = new HashMap<>();
    private long failuresOfRound = -1;
    private int failures;
    private long lastCheckpoint = -1;
    private boolean halted;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.config = RunConfig.from(conf);
        this.checkpoints = config.checkpoints();
        this.commitReports = new RateLimit(CheckpointWrites.REPORT_EVERY, System::nanoTime);
        this.partitions = context.getComponentTasks(context.getThisTargets().get(STREAM).keySet().iterator().next()).size();
        this.progress = new ProgressStore(conf, context.getStormId());
        this.progressWriter = new ProgressWriter(progress, context.getStormId());
        this.restarts = new TaskRestarts(conf, context.getStormId());
        this.recovery = new RestartRecovery(System.nanoTime());
        this.gate = new StartGate(restarts, context, System.nanoTime());
        try {
            steps = StepNumbers.fromClock();
            restartedSpout = progress.exists();
            if (restartedSpout) {
                OptionalLong c = progress.lastCheckpoint();
                lastCheckpoint = c.orElse(-1);
                LOG.warn("spout restarted: resuming the run from {}", c.isPresent() ? "checkpoint " + c.getAsLong()
                        : "the initial conditions (no checkpoint yet)");
                next = restorePoint();
                // the tasks beside it restarted with it, and the other workers reconnect to it
                recovery.restarted(System.nanoTime());
            } else if (config.resume()) {
                OptionalLong c;
                try {
                    c = checkpoints.latestComplete();
                } catch (IOException e) {
                    halt(RunConfig.RESUME + " = true, but " + config.checkpointsWhere() + " cannot be read: "
                            + e.getMessage());
                    return;
                }
                if (c.isEmpty()) {
                    halt(RunConfig.RESUME + " = true, but " + config.checkpointsWhere() + " holds no complete checkpoint");
                    return;
                }
                lastCheckpoint = c.getAsLong();
                LOG.info("resuming from checkpoint {} in {}", lastCheckpoint, config.checkpointsWhere());
                next = restorePoint();
            } else {
                next = new StepCommand(0, StepCommand.Kind.START);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the run's progress: " + e, e);
        }
    }

    private StepCommand restorePoint() {
        return lastCheckpoint < 0 ? new StepCommand(0, StepCommand.Kind.START)
                : new StepCommand(lastCheckpoint, StepCommand.Kind.RESTORE);
    }

    @Override
    public void nextTuple() {
        long now = System.nanoTime();
        checkRestarts(now);
        for (long lost : recovery.overdue(now)) {
            if (recovery.spendResend(ROUND_IN_FLIGHT)) {
                next = inFlight.remove(lost);
                LOG.warn("{} sent after a restart is not done after {} s: sending it again (its trigger may have met a"
                        + " connection not yet back)", next, (now - recovery.sentAt(lost)) / 1_000_000_000L);
                recovery.forget(lost);
            }
        }
        if (halted || next == null || !inFlight.isEmpty() || recovery.settling(now) || !gate.open(now)) {
            return;
        }
        try {
            // The newest progress record written is older than the trigger, by a round or more when the background
            // writes lag: a task start after it that no poll has seen yet fails this round. That start came after
            // an acked round, so the task lost what it kept for the rounds after it; at worst (its loss was already
            // restored) one restore more, and exact all the same. After a failure (no ack since the last trigger)
            // a fresh time, so that the restarts that failed the round do not fail its restore too.
            long recorded = ackedSinceTrigger ? progressWriter.writtenZxid() : 0;
            sentZxid = recorded > 0 ? recorded : restarts.now();
            ackedSinceTrigger = false;
        } catch (Exception e) {
            LOG.warn("could not read ZooKeeper's time: restarts of tasks will be noticed by the message timeout only ({})",
                    e.toString());
        }
        long step = steps.next();
        recovery.sent(step, now);
        sentAt = now;
        inFlight.put(step, next);
        collector.emit(STREAM, new Values(step, next), step);
        next = null;
    }

    @Override
    public void ack(Object msgId) {
        long step = (Long) msgId;
        StepCommand done = inFlight.remove(step);
        if (done == null) {
            return;
        }
        recovery.acked(step);
        recovery.done(ROUND_IN_FLIGHT, System.nanoTime() - sentAt);
        long round = done.round;
        if (config.checkpointAt(round) && (done.kind == StepCommand.Kind.RESTORE || commitCheckpoint(round))) {
            lastCheckpoint = round;
        }
        if (round == failuresOfRound) {
            failuresOfRound = -1;
            failures = 0;
        }
        try {
            progressWriter.record(round, lastCheckpoint);
            ackedSinceTrigger = true;
        } catch (Exception e) {
            LOG.warn("could not record progress of round {} in ZooKeeper: {}", round, e.toString());
        }
        if (round == config.lastRound()) {
            LOG.info("simulation complete: round {} of {} done", round, config.lastRound());
            next = null;
        } else {
            next = new StepCommand(round + 1, StepCommand.Kind.CONTINUE);
        }
    }

    /**
     * Marks the checkpoint every partition wrote at the start of {@code round} complete: the round's tuple tree
     * is acked, so every piece is written. Returns false if it could not be (the run goes on; a restore then
     * starts from the previous complete checkpoint).
     */
    private boolean commitCheckpoint(long round) {
        try {
            checkpoints.commit(round, partitions, config.checkpointKeep());
            return true;
        } catch (Exception e) {
            long unreported = commitReports.occurred();
            if (unreported >= 0) {
                LOG.error("checkpoint of round {} not completed{}: {}", round, RateLimit.notReported(unreported),
                        e.toString());
                collector.reportError(e);
            }
            return false;
        }
    }

    /**
     * A step task that started again lost what it held: the round in flight (or, between rounds, the next,
     * whose state was handed over to it) fails now, and the restore waits until the restarts have settled.
     * The lost round's tuples still time out later; the spout ignores them then.
     */
    private void checkRestarts(long now) {
        List<Integer> restarted = restarts.poll(now, sentZxid, restartedSpout);
        if (!halted && recovery.restarted(restarted, now)) {
            LOG.warn("tasks {} restarted (a worker died): the round they were in is lost", restarted);
            if (!inFlight.isEmpty()) {
                for (Long step : List.copyOf(inFlight.keySet())) {
                    fail(step);
                }
            } else if (next != null && next.kind == StepCommand.Kind.CONTINUE) {
                roundFailed(next.round);
            }
        }
    }

    @Override
    public void fail(Object msgId) {
        StepCommand failed = inFlight.remove((Long) msgId);
        recovery.forget((Long) msgId);
        if (failed == null) {
            return;
        }
        roundFailed(failed.round);
    }

    private void roundFailed(long round) {
        failures = round == failuresOfRound ? failures + 1 : 1;
        failuresOfRound = round;
        if (failures > config.maxRestores()) {
            halt("round " + round + " failed " + failures + " times, restores included: not a passing fault"
                    + " (see the errors the bolts reported). The last complete checkpoint is "
                    + (lastCheckpoint < 0 ? "none" : "round " + lastCheckpoint + " in " + config.checkpointsWhere()));
            return;
        }
        next = restorePoint();
        LOG.warn("round {} failed ({} of {} tries): restoring {} and replaying", round, failures,
                config.maxRestores() + 1, next);
    }

    private void halt(String reason) {
        halted = true;
        LOG.error("simulation halted: {}", reason);
        HaltedFile.write(config.outputDir(), reason);
    }

    @Override
    public void close() {
        if (progressWriter != null) {
            progressWriter.close();
        }
        if (progress != null) {
            progress.close();
        }
        if (restarts != null) {
            restarts.close();
        }
        if (checkpoints != null) {
            checkpoints.close();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(STREAM, new Fields("step", "payload"));
    }
}
