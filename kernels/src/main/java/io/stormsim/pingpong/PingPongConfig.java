package io.stormsim.pingpong;

import static io.stormsim.run.ConfigValues.doubleValue;
import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.notAllowed;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.run.RunConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The ping-pong benchmark's settings ({@code stormsim.pingpong.*}): every payload size is measured in every
 * mode, each after a warm-up, for {@code seconds} or {@code rounds} round trips, whichever comes first.
 * The same settings drive the Storm topology and the baselines outside Storm.
 */
public record PingPongConfig(List<Integer> payloads, List<Mode> modes, int window, double warmupSeconds,
        double seconds, int rounds, Path outputDir) {
    public static final String PAYLOADS = "stormsim.pingpong.payloads";
    public static final String MODES = "stormsim.pingpong.modes";
    public static final String WINDOW = "stormsim.pingpong.window";
    public static final String WARMUP_SECONDS = "stormsim.pingpong.warmup.seconds";
    public static final String SECONDS = "stormsim.pingpong.seconds";
    public static final String ROUNDS = "stormsim.pingpong.rounds";
    public static final List<String> KEYS = List.of(PAYLOADS, MODES, WINDOW, WARMUP_SECONDS, SECONDS, ROUNDS,
            RunConfig.OUTPUT_DIR);
    /** 64 MiB: larger payloads exceed what a Storm worker's default heap should carry in flight. */
    public static final int MAX_PAYLOAD = 64 << 20;

    /** Synchronous: one ping outstanding. Asynchronous: up to {@code window} outstanding. */
    public enum Mode {
        SYNC, ASYNC;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static PingPongConfig from(Map<String, Object> conf) {
        List<Integer> payloads = new ArrayList<>();
        String allowedPayloads = "a comma-separated list of byte counts in 1.." + MAX_PAYLOAD;
        for (String item : list(conf, PAYLOADS, allowedPayloads)) {
            try {
                int bytes = Integer.parseInt(item);
                if (bytes < 1 || bytes > MAX_PAYLOAD) {
                    throw notAllowed(PAYLOADS, conf.get(PAYLOADS), allowedPayloads);
                }
                payloads.add(bytes);
            } catch (NumberFormatException e) {
                throw notAllowed(PAYLOADS, conf.get(PAYLOADS), allowedPayloads);
            }
        }
        List<Mode> modes = new ArrayList<>();
        for (String item : list(conf, MODES, "a comma-separated list of sync and async")) {
            if (!item.equals("sync") && !item.equals("async")) {
                throw notAllowed(MODES, conf.get(MODES), "a comma-separated list of sync and async");
            }
            modes.add(Mode.valueOf(item.toUpperCase(java.util.Locale.ROOT)));
        }
        int window = (int) longValue(conf, WINDOW, 1, 100_000, "an integer in 1..100000");
        double warmup = doubleValue(conf, WARMUP_SECONDS, v -> v >= 0, "a number of seconds >= 0");
        double seconds = doubleValue(conf, SECONDS, v -> v > 0, "a number of seconds > 0");
        int rounds = (int) longValue(conf, ROUNDS, 1, 10_000_000, "an integer in 1..10000000");
        Path out = Path.of(stringValue(conf, RunConfig.OUTPUT_DIR, false));
        return new PingPongConfig(List.copyOf(payloads), List.copyOf(modes), window, warmup, seconds, rounds, out);
    }

    private static List<String> list(Map<String, Object> conf, String key, String allowed) {
        String value = stringValue(conf, key, true);
        List<String> items = new ArrayList<>();
        for (String item : value.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        if (items.isEmpty()) {
            throw notAllowed(key, "'" + value + "'", allowed);
        }
        return items;
    }

    /** Every measurement, payload by payload, each payload in every mode. */
    public List<Phase> phases() {
        List<Phase> phases = new ArrayList<>();
        for (int payload : payloads) {
            for (Mode mode : modes) {
                phases.add(new Phase(phases.size(), payload, mode, mode == Mode.SYNC ? 1 : window));
            }
        }
        return phases;
    }

    /** One measurement: a payload size in one mode with its number of outstanding pings. */
    public record Phase(int index, int payload, Mode mode, int window) {
    }
}
