package io.stormsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reporter serves its worker's registry on the first free port of its range, as Prometheus reads it. */
class PrometheusStormReporterTest {
    private static final String ROUND = "storm.topology.barnes-hut-1-1764000000.localhost.diagnostics.9.1024-stormsim.round";

    @Test
    void servesTheRegistryOnTheFirstFreePortOfTheRange() throws Exception {
        MetricRegistry registry = new MetricRegistry();
        AtomicLong round = new AtomicLong(41);
        registry.gauge(ROUND, () -> round::get);
        try (ServerSocket taken = new ServerSocket(0)) {
            int first = taken.getLocalPort();
            PrometheusStormReporter reporter = reporter(registry, first + "-" + (first + 20));
            reporter.start();
            int port = reporter.port().orElseThrow();
            try {
                assertTrue(port > first && port <= first + 20, "port " + port + " after the taken " + first);
                String line = "stormsim_round{component=\"diagnostics\",task=\"9\",topology=\"barnes-hut-1-1764000000\","
                        + "worker_port=\"1024\"} ";
                assertTrue(scrape(port).contains(line + "41.0\n"), scrape(port));
                round.set(42);
                assertTrue(scrape(port).contains(line + "42.0\n"), "each scrape reads the gauges anew");
            } finally {
                reporter.stop();
            }
            assertThrows(ConnectException.class, () -> scrape(port), "the endpoint closes with its worker");
        }
    }

    @Test
    void withEveryPortTakenTheWorkerRunsOnWithoutAnEndpoint() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            PrometheusStormReporter reporter = reporter(new MetricRegistry(), String.valueOf(taken.getLocalPort()));
            reporter.start();
            assertEquals(Optional.empty(), reporter.port());
            reporter.stop();
        }
    }

    @Test
    void offByDefault() {
        PrometheusStormReporter reporter = new PrometheusStormReporter();
        reporter.prepare(new MetricRegistry(), Map.of(Config.STORM_ID, "t-1-1"), Map.of("class", PrometheusStormReporter.class.getName()));
        reporter.start();
        assertEquals(Optional.empty(), reporter.port());
        reporter.stop();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''|0|0", "9400|9400|9400", "9400-9403|9400|9403", "' 9400 - 9401 '|9400|9401", "1-65535|1|65535",
    })
    void portsAreAPortOrARange(String value, int first, int last) {
        assertEquals(new PrometheusPorts(first, last), PrometheusPorts.from(Map.of(PrometheusPorts.KEY, value)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"-1", "0", "65536", "9403-9400", "0-10", "9400-70000", "http", "9400,9401"})
    void otherPortsAreRejectedNamingTheKey(String value) {
        String message = assertThrows(IllegalArgumentException.class,
                () -> PrometheusPorts.from(Map.of(PrometheusPorts.KEY, value))).getMessage();
        assertEquals(PrometheusPorts.KEY + " = " + value + " is not allowed: must be " + PrometheusPorts.ALLOWED, message);
    }

    @Test
    void anEmbeddedRunNeedsAFreePortPerWorker() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            int port = taken.getLocalPort();
            new PrometheusPorts(0, 0).checkFree(4);
            String message = assertThrows(IllegalArgumentException.class,
                    () -> new PrometheusPorts(port, port).checkFree(1)).getMessage();
            assertTrue(message.startsWith(PrometheusPorts.KEY + " = " + port + " is not allowed here: port [" + port
                    + "] in use on this machine"), message);
        }
    }

    private static PrometheusStormReporter reporter(MetricRegistry registry, String ports) {
        Map<String, Object> reporterConf = new HashMap<>();
        reporterConf.put("class", PrometheusStormReporter.class.getName());
        reporterConf.put(PrometheusPorts.KEY, ports);
        PrometheusStormReporter reporter = new PrometheusStormReporter();
        reporter.prepare(registry, Map.of(Config.STORM_ID, "barnes-hut-1-1764000000"), reporterConf);
        return reporter;
    }

    static String scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), "the text format");
        return response.body();
    }
}
