package io.stormsim.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.metrics.PrometheusPorts;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.nbody.topologies.BarnesHutTopologyTest;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Prometheus scrapes a Barnes-Hut run on an embedded LocalCluster as it would a cluster's workers: each of the
 * two workers serves its own endpoint on a port of the range, and the simulation's series are there while it
 * runs, with values that make sense.
 */
class PrometheusEndpointTest extends LocalClusterTest {
    /** Long enough (several seconds) for both workers' endpoints to be scraped on a loaded machine. */
    private static final int STEPS = 400;
    /** A sample line of the text format: {@code name{labels} value}. */
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aRunsWorkersServeTheSimulationsSeries() throws Exception {
        int first = twoFreePorts();
        TopologyFile topology = BarnesHutTopologyTest.topology(2, out.resolve("prometheus"), "n", "400",
                "steps", String.valueOf(STEPS), "workers", "2", "always.try.serialize", "false",
                "metrics.ports", first + "-" + (first + 1));
        CompletableFuture<Void> run = CompletableFuture.runAsync(() -> {
            try {
                LocalRun.run(cluster, topology, Duration.ofMinutes(3));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<Double> rounds = new ArrayList<>();
        Map<String, Double> lastSeen = new TreeMap<>();
        List<Integer> served = new ArrayList<>();
        while (!run.isDone()) {
            for (int port = first; port <= first + 1; port++) {
                String text = scrapeOrNull(port);
                if (text == null) {
                    continue;
                }
                if (!served.contains(port)) {
                    served.add(port);
                }
                Map<String, Double> samples = samples(text);
                lastSeen.putAll(samples);
                samples.entrySet().stream().filter(e -> e.getKey().startsWith("stormsim_round{"))
                        .forEach(e -> rounds.add(e.getValue()));
            }
            Thread.sleep(50);
        }
        run.join();

        assertEquals(List.of(first, first + 1), served.stream().sorted().toList(), "an endpoint per worker");
        assertTrue(rounds.size() >= 2 && rounds.get(rounds.size() - 1) > rounds.get(0),
                "the round counter rises while the run goes: " + rounds);
        assertTrue(rounds.stream().allMatch(r -> r >= 0 && r <= STEPS), rounds.toString());

        // the gauge reads the diagnostics bolt's latest round: the value of diagnostics.csv's row of some round
        double energyError = only(lastSeen, "stormsim_rel_energy_error", "component=\"diagnostics\"");
        List<String> rows = Files.readAllLines(out.resolve("prometheus").resolve(DiagnosticsBolt.DIAGNOSTICS_CSV));
        int column = List.of(rows.get(0).split(",")).indexOf("rel_energy_error");
        assertTrue(energyError != 0, "scraped after round 0");
        assertTrue(rows.stream().skip(1).map(r -> Double.parseDouble(r.split(",")[column])).toList().contains(energyError),
                "relative energy error " + energyError + " is a round's of diagnostics.csv");
        // both workers time the force phase of their partition: a series per task, in seconds
        List<Double> forceMedians = values(lastSeen, "stormsim_step_compute_seconds", "component=\"force\"",
                "quantile=\"0.5\"");
        assertEquals(2, forceMedians.size(), lastSeen.keySet().toString());
        assertTrue(forceMedians.stream().allMatch(s -> s > 0 && s < 10), "force phase medians " + forceMedians + " s");
        List<Double> timed = values(lastSeen, "stormsim_step_compute_seconds_count", "component=\"force\"");
        assertTrue(timed.size() == 2 && timed.stream().allMatch(c -> c >= 2 && c <= STEPS + 1), "steps timed " + timed);
        assertTrue(lastSeen.keySet().stream().anyMatch(k -> k.startsWith("storm_")), "Storm's own metrics too");
    }

    @Test
    void anEmbeddedRunWhosePortIsTakenDoesNotStart() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            int port = taken.getLocalPort();
            TopologyFile topology = BarnesHutTopologyTest.topology(1, out.resolve("taken"),
                    "metrics.ports", String.valueOf(port));
            String message = assertThrows(ConfigException.class,
                    () -> LocalRun.run(cluster, topology, Duration.ofMinutes(1))).getMessage();
            assertTrue(message.startsWith(PrometheusPorts.KEY + " = " + port + " is not allowed here: port [" + port
                    + "] in use on this machine"), message);
        }
    }

    /** A port p with p + 1 free too. */
    private static int twoFreePorts() throws IOException {
        for (int attempt = 0; ; attempt++) {
            try (ServerSocket a = new ServerSocket(0)) {
                new ServerSocket(a.getLocalPort() + 1).close();
                return a.getLocalPort();
            } catch (IOException e) {
                if (attempt == 20) {
                    throw e;
                }
            }
        }
    }

    /** The endpoint's text, or null while no worker serves on {@code port} (before it starts, after it stops). */
    private String scrapeOrNull(int port) throws IOException, InterruptedException {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            return r.body();
        } catch (ConnectException e) {
            return null;
        }
    }

    /** Series (name and labels as written) to value. */
    private static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new TreeMap<>();
        for (String line : text.split("\n")) {
            Matcher m = SAMPLE.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                samples.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
            }
        }
        return samples;
    }

    /** The values of the family's series whose labels include {@code labels} ({@code name="value"} each). */
    private static List<Double> values(Map<String, Double> samples, String family, String... labels) {
        return samples.entrySet().stream()
                .filter(e -> e.getKey().startsWith(family + "{") && List.of(labels).stream().allMatch(e.getKey()::contains))
                .map(Map.Entry::getValue).toList();
    }

    private static double only(Map<String, Double> samples, String family, String... labels) {
        List<Double> v = values(samples, family, labels);
        assertEquals(1, v.size(), family + " " + List.of(labels) + " in " + samples.keySet());
        return v.get(0);
    }
}
