package io.stormsim.spouts;

import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
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
 * the constructor, 0: without end), several in flight: Storm calls {@link #nextTuple} while fewer than
 * {@code topology.max.spout.pending} jobs are unacked. Each trigger has a new, increasing step number
 * (its message id; step bolts group messages by it) and a {@link JobCommand}. A job is done when its
 * tuple tree is acked. A failed job is sent again with a new step number, before any new job; a job
 * that fails {@link #MAX_TRIES} times halts the stream, and {@code halted.txt} in the output directory
 * ({@code stormsim.output.dir}) says which.
 *
 * <p>Several steps in flight are safe with {@code StepBolt}: every sender sends one message per step to
 * every partition it addresses, in step order, and Storm keeps the order between two tasks, so a step
 * bolt completes steps in increasing order and its purge of older partial steps drops only steps that
 * failed.
 */
public class JobSpout extends BaseRichSpout {
    public static final String STREAM = "job";
    public static final int MAX_TRIES = 3;
    private static final Logger LOG = LoggerFactory.getLogger(JobSpout.class);

    private final String jobsKey;
    private SpoutOutputCollector collector;
    private long jobs;
    private Path outputDir;
    private long nextJob;
    private StepNumbers steps;
    private final Map<Long, JobCommand> inFlight = new HashMap<>();
    private final ArrayDeque<JobCommand> retries = new ArrayDeque<>();
    private boolean halted;

    /** @param jobsKey the config key holding the number of jobs (an integer >= 0, 0 for without end) */
    public JobSpout(String jobsKey) {
        this.jobsKey = jobsKey;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.jobs = ConfigValues.longValue(conf, jobsKey, 0, Long.MAX_VALUE, "an integer >= 0 (0: without end)");
        this.outputDir = Path.of(ConfigValues.stringValue(conf, RunConfig.OUTPUT_DIR, false));
        this.steps = StepNumbers.fromClock();
    }

    @Override
    public void nextTuple() {
        if (halted) {
            return;
        }
        JobCommand command;
        if (!retries.isEmpty()) {
            JobCommand failed = retries.poll();
            command = new JobCommand(failed.job, failed.attempt + 1, System.currentTimeMillis());
        } else if (jobs == 0 || nextJob < jobs) {
            command = new JobCommand(nextJob++, 0, System.currentTimeMillis());
        } else {
            return;
        }
        long step = steps.next();
        inFlight.put(step, command);
        collector.emit(STREAM, new Values(step, command), step);
    }

    @Override
    public void ack(Object msgId) {
        inFlight.remove((Long) msgId);
    }

    @Override
    public void fail(Object msgId) {
        JobCommand failed = inFlight.remove((Long) msgId);
        if (failed == null || halted) {
            return;
        }
        if (failed.attempt + 1 >= MAX_TRIES) {
            halt(failed + " failed " + MAX_TRIES + " times: not a passing fault (see the errors the bolts reported)");
            return;
        }
        LOG.warn("{} failed: sending it again", failed);
        retries.add(failed);
    }

    private void halt(String reason) {
        halted = true;
        LOG.error("job stream halted: {}", reason);
        HaltedFile.write(outputDir, reason);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(STREAM, new Fields("step", "payload"));
    }
}
