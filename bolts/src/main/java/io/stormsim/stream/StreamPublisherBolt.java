package io.stormsim.stream;

import com.codahale.metrics.Counter;
import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepBolt;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.StreamConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes what the simulation hands it each round ({@link StreamMessages}, on stream {@value #MESSAGES},
 * sent unanchored so the rounds never wait for it) on a ZeroMQ PUB socket bound to
 * {@code stormsim.stream.bind} ({@link StreamPublisher}: non-blocking, drops past the high-water mark,
 * holds the first messages until a subscriber joins or {@link #JOIN_WINDOW} has passed). Metrics-v2
 * counters {@code stormsim.stream-sent} and {@code stormsim.stream-dropped} count messages.
 *
 * <p>If the endpoint cannot be bound (typically: the port is in use) the error, naming the key and the
 * endpoint, is reported to Storm once and the simulation goes on without a stream: messages count as
 * dropped, and binding is tried again every {@value #BIND_RETRY_SECONDS} s. One task: one endpoint.
 */
public class StreamPublisherBolt extends StepBolt implements SingleTask {
    public static final String MESSAGES = "messages";
    static final long BIND_RETRY_SECONDS = 30;
    /** Long enough for a subscriber started before the run to join after the bind (ZeroMQ reconnects). */
    static final Duration JOIN_WINDOW = Duration.ofSeconds(5);
    private static final Logger LOG = LoggerFactory.getLogger(StreamPublisherBolt.class);

    private transient StreamConfig config;
    private transient StreamPublisher publisher;
    private transient boolean bindFailureReported;
    private transient long nextBindNanos;
    private transient Counter sent, dropped;
    private transient long publisherSent, publisherDropped;

    /** The rounds never wait for the stream: a restart of the publisher loses no round. */
    @Override
    public boolean inRounds() {
        return false;
    }

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(MESSAGES, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        config = StreamConfig.from(conf);
        sent = context.registerCounter("stormsim.stream-sent");
        dropped = context.registerCounter("stormsim.stream-dropped");
        publisher = null;
        bindFailureReported = false;
        nextBindNanos = System.nanoTime();
        tryToBind();
    }

    @Override
    protected void onStep(long step, StepInputs in) {
        StreamMessages messages = in.one(MESSAGES);
        tryToBind();
        if (publisher == null) {
            dropped.inc(messages.size());
            return;
        }
        for (int m = 0; m < messages.size(); m++) {
            publisher.publish(messages.topics.get(m), messages.payloads.get(m));
        }
        sent.inc(publisher.sent() - publisherSent);
        dropped.inc(publisher.dropped() - publisherDropped);
        publisherSent = publisher.sent();
        publisherDropped = publisher.dropped();
    }

    private void tryToBind() {
        if (publisher != null || !config.enabled() || System.nanoTime() < nextBindNanos) {
            return;
        }
        try {
            publisher = new StreamPublisher(StreamConfig.BIND, config.bind(), config.highWaterMark(), JOIN_WINDOW);
            publisherSent = 0;
            publisherDropped = 0;
            LOG.info("publishing the live stream on {} (high-water mark {})", config.bind(), config.highWaterMark());
        } catch (StreamPublisher.BindException e) {
            nextBindNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(BIND_RETRY_SECONDS);
            LOG.warn("{}; the simulation goes on without it, retrying every {} s", e.getMessage(), BIND_RETRY_SECONDS);
            if (!bindFailureReported) {
                bindFailureReported = true;
                reportError(new IllegalStateException(e.getMessage() + " (the simulation goes on without its live"
                        + " stream; binding is retried every " + BIND_RETRY_SECONDS + " s)", e));
            }
        }
    }

    @Override
    public void cleanup() {
        super.cleanup();
        if (publisher != null) {
            publisher.close();
            publisher = null;
        }
    }
}
