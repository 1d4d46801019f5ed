package io.stormsim.pingpong.spouts;

import com.codahale.metrics.Counter;
import io.stormsim.pingpong.PingPongConfig;
import io.stormsim.pingpong.PingPongConfig.Phase;
import io.stormsim.pingpong.RoundTripTable;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends pings and keeps the schedule: phase by phase (payload size and mode), a warm-up, then measured
 * round trips, with at most the phase's window outstanding; a phase ends when every ping is back. Writes
 * one CSV row per phase and, last, the table ({@link #TABLE}, the done file).
 */
public class PingerSpout extends BaseRichSpout {
    public static final String CSV = "pingpong.csv";
    public static final String TABLE = "pingpong.txt";
    public static final String PING = "ping";
    public static final Fields FIELDS = new Fields("phase", "measured", "sent", "pinger", "payload");
    private static final Logger LOG = LoggerFactory.getLogger(PingerSpout.class);
    /** A phase whose pings are not all back this long after the last was sent has lost some. */
    private static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private enum Stage { WARMUP, MEASURE, DRAIN, DONE }

    private SpoutOutputCollector collector;
    private PingPongConfig config;
    private RunOutput output;
    private List<Phase> phases;
    private PingWindow window;
    /** Round trips completed, for the metrics reporters (their rate: round trips a second): the window's pongs so far. */
    private Counter roundTrips;
    private long countedPongs;
    private String transport;
    private int port;
    private int phaseIndex;
    private Stage stage;
    private long stageEnd;
    private long toMeasure;
    private long pingsSent;
    private byte[] payload;
    private List<String> rows;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        config = PingPongConfig.from(conf);
        phases = config.phases();
        window = PingWindow.of(context.getStormId());
        roundTrips = context.registerCounter("stormsim.round-trips");
        countedPongs = 0;
        transport = transportLabel(conf);
        port = context.getThisWorkerPort();
        rows = new ArrayList<>();
        output = new RunOutput(config.outputDir());
        try {
            output.create();
            Files.deleteIfExists(output.file(TABLE));
            output.writeString(CSV, RoundTripTable.CSV_HEADER + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + config.outputDir(), e);
        }
        startPhase(0);
    }

    /** The transport the workers use, as the table names it. */
    static String transportLabel(Map<String, Object> conf) {
        if ("local".equals(conf.get("storm.cluster.mode"))) {
            return "storm/in-jvm";
        }
        String transport = String.valueOf(conf.get("storm.messaging.transport"));
        if (transport.endsWith(".netty.Context")) {
            return "storm/netty";
        }
        if (transport.endsWith(".ZmqContext")) {
            return "storm/zeromq";
        }
        return "storm/" + transport.substring(transport.lastIndexOf('.') + 1);
    }

    private void startPhase(int index) {
        phaseIndex = index;
        Phase phase = phases.get(index);
        payload = new byte[phase.payload()];
        window.startPhase(index, config.rounds());
        stage = Stage.WARMUP;
        stageEnd = System.nanoTime() + (long) (config.warmupSeconds() * 1e9);
        toMeasure = config.rounds();
    }

    @Override
    public void nextTuple() {
        long pongs = window.pongs();
        roundTrips.inc(pongs - countedPongs);
        countedPongs = pongs;
        long now = System.nanoTime();
        if (stage == Stage.WARMUP && now >= stageEnd) {
            stage = Stage.MEASURE;
            stageEnd = now + (long) (config.seconds() * 1e9);
        }
        if (stage == Stage.MEASURE && (now >= stageEnd || toMeasure == 0)) {
            stage = Stage.DRAIN;
            stageEnd = now + DRAIN_LIMIT_NANOS;
        }
        if (stage == Stage.WARMUP || stage == Stage.MEASURE) {
            Phase phase = phases.get(phaseIndex);
            boolean measured = stage == Stage.MEASURE;
            while (window.outstanding() < phase.window() && (!measured || toMeasure > 0)) {
                window.sent();
                pingsSent++;
                if (measured) {
                    toMeasure--;
                }
                collector.emit(PING, new Values(phaseIndex, measured, System.nanoTime(), port, payload));
            }
        } else if (stage == Stage.DRAIN) {
            if (window.outstanding() == 0) {
                endPhase();
            } else if (now > stageEnd) {
                throw new IllegalStateException("phase " + phases.get(phaseIndex) + ": " + window.outstanding()
                        + " pings unanswered " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_LIMIT_NANOS) + " s after the last was sent");
            }
        }
    }

    private void endPhase() {
        String row = RoundTripTable.csvRow(transport, phases.get(phaseIndex), window.phaseStats());
        LOG.info("ping-pong {}", RoundTripTable.textRow(row));
        rows.add(row);
        append(CSV, row + "\n");
        if (phaseIndex + 1 < phases.size()) {
            startPhase(phaseIndex + 1);
            return;
        }
        stage = Stage.DONE;
        StringBuilder table = new StringBuilder(RoundTripTable.textHeader()).append('\n');
        rows.forEach(r -> table.append(RoundTripTable.textRow(r)).append('\n'));
        table.append("pings sent ").append(pingsSent).append(", pongs received ").append(window.pongs())
                .append(", with a wrong payload size ").append(window.wrongSizes())
                .append(", from a ponger in another worker ").append(window.fromOtherWorkers()).append('\n');
        try {
            output.writeString(TABLE, table);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + TABLE + " in " + config.outputDir(), e);
        }
        LOG.info("ping-pong done:\n{}", table);
    }

    private void append(String file, String text) {
        try {
            output.append(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + " in " + config.outputDir(), e);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(PING, FIELDS);
    }
}
