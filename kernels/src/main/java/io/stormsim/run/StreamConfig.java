package io.stormsim.run;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings of a run's live ZeroMQ stream ({@code stormsim.stream.*}; see docs/stream.md): where the
 * PUB socket binds (empty: no stream), every how many rounds a body sample goes out and how many bodies
 * it holds at most, and the send high-water mark (messages queued per subscriber before further ones
 * are dropped). A key left out takes its default: the stream is on, on loopback.
 */
public record StreamConfig(String bind, long sampleEvery, int sampleSize, int highWaterMark) {
    public static final String BIND = "stormsim.stream.bind";
    public static final String SAMPLE_EVERY = "stormsim.stream.sample.every";
    public static final String SAMPLE_SIZE = "stormsim.stream.sample.size";
    public static final String HWM = "stormsim.stream.hwm";
    public static final List<String> KEYS = List.of(BIND, SAMPLE_EVERY, SAMPLE_SIZE, HWM);
    /** The keys of a stream that sends no body samples (a job stream, or a simulation without bodies). */
    public static final List<String> KEYS_WITHOUT_SAMPLES = List.of(BIND, HWM);
    public static final String DEFAULT_ENDPOINT = "tcp://127.0.0.1:5563";
    /** tcp://HOST:PORT: HOST an address, a host or interface name, or * (all interfaces); PORT 1..65535. */
    private static final Pattern TCP = Pattern.compile("tcp://(\\*|[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+]):([0-9]{1,5})");
    private static final String ENDPOINT_ALLOWED = "tcp://HOST:PORT with PORT in 1..65535, e.g. " + DEFAULT_ENDPOINT;

    public static StreamConfig from(Map<String, Object> conf) {
        String bind = conf.containsKey(BIND) ? ConfigValues.stringValue(conf, BIND, true) : DEFAULT_ENDPOINT;
        if (!bind.isEmpty()) {
            checkEndpoint(BIND, bind, "empty (no stream) or ", " (loopback only) or tcp://*:5563 (every interface)");
        }
        long every = ConfigValues.longValue(conf, SAMPLE_EVERY, 10, 0, Long.MAX_VALUE, "an integer >= 0 (0: no samples)");
        int size = (int) ConfigValues.longValue(conf, SAMPLE_SIZE, 1000, 1, 10_000_000, "an integer in 1..10000000");
        int hwm = (int) ConfigValues.longValue(conf, HWM, 1000, 1, 1_000_000, "an integer in 1..1000000");
        return new StreamConfig(bind, every, size, hwm);
    }

    /**
     * Fails with a message naming {@code key} unless {@code endpoint} is tcp://HOST:PORT; the message says
     * what is allowed, between {@code before} and {@code after}.
     */
    public static void checkEndpoint(String key, String endpoint, String before, String after) {
        Matcher m = TCP.matcher(endpoint);
        if (!m.matches() || Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(2)) > 65535) {
            throw ConfigValues.notAllowed(key, endpoint.isEmpty() ? "''" : endpoint, before + ENDPOINT_ALLOWED + after);
        }
    }

    public boolean enabled() {
        return !bind.isEmpty();
    }

    /** Whether round {@code round} sends a body sample. */
    public boolean sampleAt(long round) {
        return enabled() && sampleEvery > 0 && round % sampleEvery == 0;
    }

    /** The sample holds the bodies whose id is a multiple of this: at most {@code sampleSize} of ids 0..n-1. */
    public long sampleStride(long totalBodies) {
        return Math.max(1, (totalBodies + sampleSize - 1) / sampleSize);
    }
}
