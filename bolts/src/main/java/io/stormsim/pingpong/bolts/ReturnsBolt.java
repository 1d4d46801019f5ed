package io.stormsim.pingpong.bolts;

import io.stormsim.bsp.SingleTask;
import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.spouts.PingWindow;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Receives the pongs in the pinger's worker and hands each round trip to the pinger ({@link PingWindow}):
 * its latency, whether the payload came back whole, whether it crossed workers.
 */
public class ReturnsBolt extends BaseRichBolt implements SingleTask {
    private OutputCollector collector;
    private PingWindow window;
    private int[] payloadOfPhase;
    private int port;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        window = PingWindow.of(context.getStormId());
        payloadOfPhase = PingPongConfig.from(conf).phases().stream().mapToInt(PingPongConfig.Phase::payload).toArray();
        port = context.getThisWorkerPort();
    }

    @Override
    public void execute(Tuple pong) {
        long arrived = System.nanoTime();
        int phase = pong.getInteger(0);
        int pinger = pong.getInteger(3);
        if (pinger != port) {
            throw new IllegalStateException("the returns bolt runs in the worker on port " + port
                    + ", the pinger in the one on port " + pinger + ": they must share a worker (see pingpong.yaml)");
        }
        boolean sizeRight = pong.getBinary(4).length == payloadOfPhase[phase];
        window.returned(phase, pong.getBoolean(1), pong.getLong(2), arrived, sizeRight, pong.getInteger(5) != port);
        collector.ack(pong);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
