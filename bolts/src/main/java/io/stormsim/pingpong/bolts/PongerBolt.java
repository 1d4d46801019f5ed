package io.stormsim.pingpong.bolts;

import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** Sends every ping back with the same payload, naming the worker (port) it ran in. */
public class PongerBolt extends BaseRichBolt {
    public static final String PONG = "pong";
    public static final Fields FIELDS = new Fields("phase", "measured", "sent", "pinger", "payload", "ponger");

    private OutputCollector collector;
    private int port;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        port = context.getThisWorkerPort();
    }

    @Override
    public void execute(Tuple ping) {
        collector.emit(PONG, new Values(ping.getValue(0), ping.getValue(1), ping.getValue(2), ping.getValue(3),
                ping.getValue(4), port));
        collector.ack(ping);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(PONG, FIELDS);
    }
}
