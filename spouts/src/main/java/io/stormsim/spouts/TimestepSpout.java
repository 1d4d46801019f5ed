package io.stormsim.spouts;

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
 * Drives a simulation one step at a time: emits the trigger of round r, with message id r, and the
 * next only once round r's tuple tree is acked, that is once every phase of every partition has
 * finished it. Rounds run 0..{@code stormsim.steps} ({@code stormsim.steps} = 0: without end).
 *
 * <p>A failed round (an exception in a phase, a tuple timeout) halts the simulation: the state of that
 * round is gone with the failure, and going on would compute from partial state. The error reported by
 * the failing bolt names the cause.
 */
public class TimestepSpout extends BaseRichSpout {
    public static final String STREAM = "step";
    public static final String STEPS_KEY = "stormsim.steps";
    private static final Logger LOG = LoggerFactory.getLogger(TimestepSpout.class);

    private SpoutOutputCollector collector;
    private long lastRound;
    private long nextRound;
    private boolean inFlight;
    private boolean halted;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        long steps = ((Number) conf.get(STEPS_KEY)).longValue();
        this.lastRound = steps == 0 ? Long.MAX_VALUE : steps;
    }

    @Override
    public void nextTuple() {
        if (inFlight || halted || nextRound > lastRound) {
            return;
        }
        inFlight = true;
        collector.emit(STREAM, new Values(nextRound, new StepCommand(nextRound, nextRound == 0)), nextRound);
    }

    @Override
    public void ack(Object msgId) {
        long round = (Long) msgId;
        inFlight = false;
        nextRound = round + 1;
        if (round == lastRound) {
            LOG.info("simulation complete: round {} of {} done", round, lastRound);
        }
    }

    @Override
    public void fail(Object msgId) {
        inFlight = false;
        halted = true;
        LOG.error("round {} failed (a phase reported an error or a tuple timed out): the simulation is halted", msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(STREAM, new Fields("step", "payload"));
    }
}
