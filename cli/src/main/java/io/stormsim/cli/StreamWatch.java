package io.stormsim.cli;

import io.stormsim.run.Progress;
import io.stormsim.stream.StreamFormat;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;

/**
 * {@code stormsim watch}: prints a running simulation's live stream (docs/stream.md), one line per round or job
 * and a summary per body sample, until {@code count} messages or {@link #stop}. Says so when nothing arrives for
 * a while, and when rounds were missed (dropped by a full queue) or repeat (a restore replays rounds from the last
 * checkpoint).
 */
final class StreamWatch implements StreamSubscriber.Listener {
    static final Duration QUIET = Duration.ofSeconds(5);
    private final PrintStream out;
    private final StreamSubscriber subscriber;
    private long lastRound = -1;

    /** @param quiet how long without messages before it says it is waiting */
    StreamWatch(PrintStream out, Duration quiet) {
        this.out = out;
        this.subscriber = new StreamSubscriber(quiet);
    }

    /** Ends {@link #watch} within a receive timeout (from Ctrl-C's shutdown hook, or a test). */
    void stop() {
        subscriber.stop();
    }

    /** Prints the messages from {@code endpoint} until {@code count} have come (0: no limit) or stop; returns how many came. */
    long watch(String endpoint, long count) {
        long received = subscriber.receive(endpoint, count, this);
        out.println("watch: " + received + " messages");
        return received;
    }

    @Override
    public void subscribed(String endpoint) {
        out.println("watch: subscribed to " + endpoint + " (Ctrl-C to stop)");
    }

    @Override
    public void message(String topic, byte[] payload) {
        out.println(describe(topic, payload));
    }

    @Override
    public void quiet(String endpoint, Duration quiet) {
        out.printf("watch: waiting for messages from %s (nothing for %d s: is a run publishing there?"
                + " see stormsim.stream.bind)%n", endpoint, quiet.toSeconds());
    }

    /** The line(s) printed for one message. */
    String describe(String topic, byte[] payload) {
        try {
            return switch (topic) {
                case StreamFormat.DIAGNOSTICS -> diagnostics(StreamFormat.decodeDiagnostics(payload));
                case StreamFormat.SAMPLE -> sample(StreamFormat.decodeSample(payload));
                case StreamFormat.JOB -> job(StreamFormat.decodeDiagnostics(payload));
                default -> "watch: message with unknown topic '" + topic + "' (" + payload.length + " bytes)";
            };
        } catch (IllegalArgumentException e) {
            return "watch: cannot read a '" + topic + "' message: " + e.getMessage();
        }
    }

    private String diagnostics(Map<String, Number> d) {
        long round = d.get("round").longValue();
        String gap = "";
        if (lastRound >= 0 && round > lastRound + 1) {
            gap = String.format("watch: missed round%s %d%s (dropped: this watch read too slowly)%n",
                    round - lastRound > 2 ? "s" : "", lastRound + 1, round - lastRound > 2 ? ".." + (round - 1) : "");
        } else if (lastRound >= 0 && round <= lastRound) {
            gap = String.format("watch: back to round %d (the run restored a checkpoint and replays from there)%n", round);
        }
        lastRound = round;
        long steps = d.get("steps").longValue();
        Number wallMs = d.get("round_wall_ms");
        String line = String.format("round %d of %s  %s steps/s", round, steps == 0 ? "unbounded" : String.valueOf(steps),
                wallMs == null || wallMs.doubleValue() <= 0 ? "-" : String.format("%.2f", 1000 / wallMs.doubleValue()));
        if (!d.containsKey("rel_energy_error")) {
            // Water's: its energies as its table prints them (potential and total on printing steps only)
            StringBuilder energies = new StringBuilder(line);
            for (String name : new String[] {"kinetic", "potential", "total", "temperature"}) {
                if (d.get(name) != null) {
                    energies.append(String.format("  %s %.5f", name, d.get(name).doubleValue()));
                }
            }
            return gap + energies;
        }
        return gap + line + String.format("  dE/E0 = %s  imbalance %s  %s interactions",
                format("%.3e", d.get("rel_energy_error")), format("%.3f", d.get("cost_imbalance")),
                format("%.3g", d.get("interactions")));
    }

    private static String job(Map<String, Number> j) {
        long jobs = j.get("jobs").longValue();
        return String.format("job %d done, %d of %s%s  latency %d ms", j.get("job").longValue(), j.get("done").longValue(),
                jobs == 0 ? "unbounded" : String.valueOf(jobs), Progress.of(j.get("done").longValue(), jobs,
                        j.get("elapsed_s").doubleValue()), j.get("latency_ms").longValue());
    }

    private static String format(String format, Number value) {
        return value == null ? "-" : String.format(format, value.doubleValue());
    }

    private static String sample(StreamFormat.Sample s) {
        int n = s.count();
        double cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < n; i++) {
            cx += s.x()[i];
            cy += s.y()[i];
            cz += s.z()[i];
        }
        cx /= Math.max(1, n);
        cy /= Math.max(1, n);
        cz /= Math.max(1, n);
        double sumSquares = 0, max = 0;
        for (int i = 0; i < n; i++) {
            double dx = s.x()[i] - cx, dy = s.y()[i] - cy, dz = s.z()[i] - cz;
            double r2 = dx * dx + dy * dy + dz * dz;
            sumSquares += r2;
            max = Math.max(max, r2);
        }
        return String.format("sample of round %d: %d of %d bodies (ids every %d)  centre (%.3f, %.3f, %.3f)"
                        + "  rms radius %.3f  max radius %.3f", s.round(), n, s.totalBodies(), s.stride(), cx, cy, cz,
                Math.sqrt(sumSquares / Math.max(1, n)), Math.sqrt(max));
    }
}
