package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stormsim.nbody.bolts.DiagnosticsBolt;
import io.stormsim.run.RunOutput;
import io.stormsim.sort.bolts.SortSinkBolt;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.TopologyFile;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster's Prometheus (Debian's, started by scripts/cluster's code) scrapes the workers of 2-worker runs of
 * Barnes-Hut and of radix sort, found as Storm placed them: PromQL through Prometheus' HTTP API gives the rounds and
 * the jobs the runs' own files show, asked once a run is complete and before its topology is killed, and the
 * recording rule is evaluated.
 */
@ExtendWith(SharedCluster.class)
class PrometheusClusterIntegrationTest {
    private static final Duration SCRAPED = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void prometheusReadsTheRoundsOfABarnesHutRunFromBothWorkers() throws Exception {
        int steps = 200;
        Path out = tmp.resolve("bh");
        TopologyFile topology = TopologyFile.load(LocalClusterTest.YAML, null, Map.of("n", "2000", "steps",
                String.valueOf(steps), "partitions", "2", "workers", "2", "output.dir", out.toString(), "stream.bind", ""),
                false, "prometheus-bh", Map.of());
        Path diagnostics = out.resolve(DiagnosticsBolt.DIAGNOSTICS_CSV);
        ClusterFaultIntegrationTest.runOnCluster(tmp, topology, diagnostics, (n, id, csv) -> {
            // asked once the run is complete, while its workers still serve
            ClusterFaultIntegrationTest.awaitFile(csv.resolveSibling(RunOutput.SUMMARY));
            awaitValue("max(stormsim_round{stormsim_topology=\"prometheus-bh\"})", steps);
            List<String> rows = Files.readAllLines(csv);
            assertEquals(String.valueOf(steps), rows.get(rows.size() - 1).split(",")[0],
                    "the last round of diagnostics.csv");
            // an endpoint per worker, found where Storm placed the workers: the second may be scraped after the
            // first has served the last round
            awaitValue("count(up{stormsim_topology=\"prometheus-bh\"} == 1)", 2);
            awaitValue("count(stormsim:steps_per_second{stormsim_topology=\"prometheus-bh\"})", 1);
        });
    }

    @Test
    void prometheusCountsTheJobsOfARadixSortRun() throws Exception {
        Path out = tmp.resolve("sort");
        TopologyFile topology = TopologyFile.load(LocalClusterTest.YAML.resolveSibling("radix-sort.yaml"), null,
                Map.of("keys", "200000", "jobs", "6", "partitions", "2", "workers", "2", "output.dir", out.toString()),
                false, "prometheus-sort", Map.of());
        ClusterFaultIntegrationTest.runOnCluster(tmp, topology, out.resolve(SortSinkBolt.JOBS_CSV), (n, id, csv) -> {
            ClusterFaultIntegrationTest.awaitFile(csv.resolveSibling(RunOutput.SUMMARY));
            int jobs = Files.readAllLines(csv).size() - 1;
            assertEquals(6, jobs, "jobs.csv: a row per job");
            awaitValue("sum(stormsim_jobs_total{stormsim_topology=\"prometheus-sort\"})", jobs);
            assertEquals(jobs, value("sum(stormsim_job_latency_seconds_count{stormsim_topology=\"prometheus-sort\"})")
                    .orElse(-1), "a latency per job");
        });
    }

    /** Waits until the query's single value is {@code expected}: Prometheus scrapes every few seconds. */
    private static void awaitValue(String query, double expected) throws Exception {
        long deadline = System.nanoTime() + SCRAPED.toNanos();
        OptionalDouble last = OptionalDouble.empty();
        while (System.nanoTime() < deadline) {
            last = value(query);
            if (last.isPresent() && last.getAsDouble() == expected) {
                return;
            }
            Thread.sleep(500);
        }
        fail(query + " is " + last + " after " + SCRAPED.toSeconds() + " s, not " + expected + "; targets: "
                + get("/api/v1/targets"));
    }

    /** The value of an instant query that gives one series, if it gives one. */
    private static OptionalDouble value(String query) throws Exception {
        JsonNode result = JSON.readTree(get("/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .path("data").path("result");
        return result.size() == 1 ? OptionalDouble.of(result.get(0).path("value").get(1).asDouble())
                : OptionalDouble.empty();
    }

    private static String get(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(SharedCluster.cluster().layout().prometheusUrl() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }
}
