package io.stormsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stormsim.stream.StreamFormat;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What the live page knows of one run, fed by its live stream ({@link StreamSubscriber}), by Nimbus ({@link
 * LiveComponents}) and by the command that started it: progress, the rows the charts draw, the latest body sample,
 * and the events a person watching wants named (a checkpoint restored, a worker restarted, the end). Thread-safe:
 * the stream's thread writes, the page's threads read.
 *
 * <p>Rows are kept for the last {@value #ROWS_KEPT} messages: a chart of a long run shows its recent part, and the
 * page's memory stays bounded whatever the run's length.
 */
final class LiveRun implements StreamSubscriber.Listener {
    static final int ROWS_KEPT = 20_000;
    private static final int EVENTS_KEPT = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the stream says the run is: rounds of a simulation, or jobs. */
    enum Kind { WAITING, STEPS, JOBS }

    private final String title;
    private final LongSupplier clockMillis;
    private final long startMillis;
    private final Deque<ObjectNode> rows = new ArrayDeque<>();
    private final Deque<ObjectNode> events = new ArrayDeque<>();
    private Kind kind = Kind.WAITING;
    private String endpoint = "";
    private String status = "starting";
    private String outcome;
    private long seq;
    private long messages;
    private long unreadable;
    private long lastMessageMillis = -1;
    private long lastRound = -1;
    private Map<String, Number> latest = Map.of();
    private StreamFormat.Sample sample;
    private Map<String, Number> sampleDiag = Map.of();
    private long firstDone = -1;
    private long firstDoneMillis;
    private ObjectNode components;

    /** @param title what the page calls the run (its topology's name) */
    LiveRun(String title) {
        this(title, System::currentTimeMillis);
    }

    LiveRun(String title, LongSupplier clockMillis) {
        this.title = title;
        this.clockMillis = clockMillis;
        this.startMillis = clockMillis.getAsLong();
    }

    String title() {
        return title;
    }

    @Override
    public synchronized void subscribed(String endpoint) {
        this.endpoint = endpoint;
        if (status.equals("starting")) {
            status = "waiting for the stream";
        }
    }

    @Override
    public synchronized void quiet(String endpoint, Duration quiet) {
        if (outcome == null) {
            event("nothing from " + endpoint + " for " + quiet.toSeconds() + " s");
        }
    }

    @Override
    public synchronized void message(String topic, byte[] payload) {
        messages++;
        lastMessageMillis = clockMillis.getAsLong();
        try {
            switch (topic) {
                case StreamFormat.DIAGNOSTICS -> round(StreamFormat.decodeDiagnostics(payload));
                case StreamFormat.JOB -> job(StreamFormat.decodeDiagnostics(payload));
                case StreamFormat.SAMPLE -> {
                    sample = StreamFormat.decodeSample(payload);
                    sampleDiag = latest;
                }
                default -> unreadable++;
            }
        } catch (IllegalArgumentException e) {
            if (unreadable++ == 0) {
                event("a '" + topic + "' message could not be read: " + e.getMessage());
            }
        }
    }

    private void round(Map<String, Number> d) {
        Number round = d.get("round");
        if (round == null) {
            throw new IllegalArgumentException("diag message without a round");
        }
        long r = round.longValue();
        if (lastRound >= 0 && r <= lastRound) {
            event("back to round " + r + ": the run restored a checkpoint and replays from there");
            firstDone = -1;
        }
        lastRound = r;
        kind = Kind.STEPS;
        progressed(r, d);
    }

    private void job(Map<String, Number> j) {
        Number done = j.get("done");
        if (done == null) {
            throw new IllegalArgumentException("job message without done");
        }
        kind = Kind.JOBS;
        progressed(done.longValue(), j);
    }

    private void progressed(long done, Map<String, Number> fields) {
        latest = fields;
        if (firstDone < 0) {
            firstDone = done;
            firstDoneMillis = lastMessageMillis;
        }
        rows.addLast(put(JSON.createObjectNode().put("seq", seq++).put("at_s", (lastMessageMillis - startMillis) / 1e3),
                fields));
        if (rows.size() > ROWS_KEPT) {
            rows.removeFirst();
        }
        if (outcome == null) {
            long total = total();
            status = total > 0 && done >= total ? "finished" : "running";
        }
    }

    /** The run's end, as the command that ran it saw it: {@code ok} or not, and what it says. */
    synchronized void ended(boolean ok, String text) {
        outcome = text;
        status = ok ? "finished" : "failed";
        event((ok ? "run ended: " : "run failed: ") + text);
    }

    /** Something a person watching should see in the list of events. */
    synchronized void event(String text) {
        events.addLast(JSON.createObjectNode().put("at_s", (clockMillis.getAsLong() - startMillis) / 1e3)
                .put("text", text));
        if (events.size() > EVENTS_KEPT) {
            events.removeFirst();
        }
    }

    /** The topology's components as Nimbus last reported them. */
    synchronized void components(ObjectNode table) {
        components = table;
    }

    /** The page's header: the run, its progress and the latest figures. */
    synchronized ObjectNode state() {
        long now = clockMillis.getAsLong();
        ObjectNode s = JSON.createObjectNode().put("title", title).put("endpoint", endpoint).put("status", status)
                .put("kind", kind.name().toLowerCase()).put("messages", messages).put("unreadable", unreadable)
                .put("uptime_s", (now - startMillis) / 1e3);
        if (lastMessageMillis >= 0) {
            s.put("last_message_ago_s", (now - lastMessageMillis) / 1e3);
        }
        if (outcome != null) {
            s.put("outcome", outcome);
        }
        ObjectNode progress = s.putObject("progress");
        long total = total();
        long done = done();
        progress.put("done", done).put("total", total);
        if (total > 0) {
            progress.put("percent", Math.min(100.0, 100.0 * done / total));
            double rate = ratePerSecond(done);
            if (rate > 0 && done < total) {
                progress.put("seconds_left", (total - done) / rate);
            }
        }
        put(s.putObject("latest"), latest);
        if (sample != null) {
            s.putObject("sample").put("round", sample.round()).put("time", sample.time()).put("count", sample.count())
                    .put("bodies", sample.totalBodies());
        }
        ArrayNode list = s.putArray("events");
        events.forEach(list::add);
        if (components != null) {
            s.set("components", components);
        }
        return s;
    }

    /** The rows after {@code since} (a row's {@code seq}), oldest first, and the {@code next} to ask for. */
    synchronized ObjectNode rowsSince(long since) {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode list = out.putArray("rows");
        for (ObjectNode row : rows) {
            if (row.get("seq").asLong() >= since) {
                list.add(row);
            }
        }
        return out.put("next", seq);
    }

    /** The latest body sample and the figures of its round (a null figure: not finite), or null before one came. */
    synchronized SampleView sample() {
        return sample == null ? null : new SampleView(sample, sampleDiag);
    }

    record SampleView(StreamFormat.Sample sample, Map<String, Number> figures) {
    }

    /** A message's fields into {@code json}: integers as integers, other numbers as doubles, null as null. */
    private static ObjectNode put(ObjectNode json, Map<String, Number> fields) {
        fields.forEach((name, value) -> {
            if (value == null) {
                json.putNull(name);
            } else if (value instanceof Long) {
                json.put(name, value.longValue());
            } else {
                json.put(name, value.doubleValue());
            }
        });
        return json;
    }

    private long total() {
        Number total = latest.get(kind == Kind.JOBS ? "jobs" : "steps");
        return total == null ? 0 : total.longValue();
    }

    private long done() {
        Number done = latest.get(kind == Kind.JOBS ? "done" : "round");
        return done == null ? 0 : done.longValue();
    }

    /** Rounds or jobs a second since the first this page saw (since the last restore, for rounds). */
    private double ratePerSecond(long done) {
        double seconds = (lastMessageMillis - firstDoneMillis) / 1e3;
        return firstDone < 0 || done <= firstDone || seconds <= 0 ? 0 : (done - firstDone) / seconds;
    }
}
