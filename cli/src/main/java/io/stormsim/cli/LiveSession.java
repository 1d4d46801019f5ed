package io.stormsim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.storm.Config;
import org.apache.storm.generated.Nimbus;

/**
 * A run's live page at work: the page ({@link LivePage}), a thread receiving the run's live stream into the
 * {@link LiveRun}, and one asking Nimbus for its components every {@value #NIMBUS_EVERY_SECONDS} s. Everything runs
 * on daemon threads of its own and catches its own failures: the run never waits for the page.
 */
final class LiveSession implements AutoCloseable {
    /** How often workers send Nimbus their executors' counts (Storm: every 60 s), for the components table. */
    static final int EXECUTOR_STATS_SECONDS = 5;
    /** Asking Nimbus more often than the counts change would only cost the run CPU (an embedded Nimbus is in it). */
    static final int NIMBUS_EVERY_SECONDS = EXECUTOR_STATS_SECONDS;
    /** Storm's default executor.metrics.frequency.secs. */
    static final int STORM_HEARTBEAT_SECONDS = 60;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** After the end, an open page gets this long to fetch the final state (it polls every 2 s). */
    static final Duration LINGER = Duration.ofSeconds(3);
    private final LiveRun run;
    private final LivePage page;
    private final StreamSubscriber subscriber = new StreamSubscriber(Duration.ofSeconds(30));
    private final ScheduledExecutorService nimbusPoll = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stormsim-live-nimbus");
        t.setDaemon(true);
        return t;
    });

    private LiveSession(LiveRun run, LivePage page) {
        this.run = run;
        this.page = page;
    }

    /**
     * Serves the page of topology {@code name} on {@code host} at the first free port of {@code port}, fed by the
     * stream at {@code endpoint} (empty: the run publishes none).
     */
    static LiveSession start(String name, String endpoint, String host, WebPort port) throws IOException {
        LiveRun run = new LiveRun(name);
        LiveSession session = new LiveSession(run, LivePage.start(run, host, port));
        if (endpoint.isEmpty()) {
            run.event("this run publishes no live stream (its stormsim.stream.bind is empty or absent): progress"
                    + " and charts stay empty");
        } else {
            Thread receiving = new Thread(() -> session.subscriber.receive(endpoint, 0, run), "stormsim-live-stream");
            receiving.setDaemon(true);
            receiving.start();
        }
        return session;
    }

    /** Shows the topology's components as {@code nimbus} reports them, from now on. */
    void watchNimbus(Nimbus.Iface nimbus) {
        LiveComponents components = new LiveComponents(run.title(), run, heartbeatSeconds(nimbus),
                System::currentTimeMillis);
        nimbusPoll.scheduleWithFixedDelay(() -> components.poll(nimbus), 0, NIMBUS_EVERY_SECONDS, TimeUnit.SECONDS);
    }

    /** How often the workers report their executors to {@code nimbus}: its executor.metrics.frequency.secs. */
    static int heartbeatSeconds(Nimbus.Iface nimbus) {
        try {
            JsonNode value = JSON.readTree(nimbus.getNimbusConf()).get(Config.EXECUTOR_METRICS_FREQUENCY_SECS);
            return value != null && value.canConvertToInt() && value.asInt() > 0 ? value.asInt() : STORM_HEARTBEAT_SECONDS;
        } catch (Exception e) {
            // a Nimbus that does not tell: Storm's default; restarts are then named later, or not at all
            return STORM_HEARTBEAT_SECONDS;
        }
    }

    URI address() {
        return page.address();
    }

    LiveRun run() {
        return run;
    }

    /** The run has ended: the page shows it, and a page open now gets {@link #LINGER} to fetch the final state. */
    void ended(boolean ok, String text) throws InterruptedException {
        nimbusPoll.shutdownNow();
        run.ended(ok, text);
        if (page.askedWithin(LINGER.toSeconds())) {
            Thread.sleep(LINGER.toMillis());
        }
    }

    @Override
    public void close() {
        subscriber.stop();
        nimbusPoll.shutdownNow();
        page.close();
    }
}
