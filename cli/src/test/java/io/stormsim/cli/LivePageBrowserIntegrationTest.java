package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.StreamRecorder;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page of an embedded run in a real browser (Debian's chromium, headless, over the DevTools protocol):
 * {@code stormsim run ... --web PORT} of Barnes-Hut and of radix sort, the page opened while the run goes; the DOM
 * shows the step (or job) advancing, the charts drawn with points, the body image (Barnes-Hut), the components from
 * Nimbus, and the final state once the run has ended. Screenshots for a person to look at: target/live-page-*.png.
 */
class LivePageBrowserIntegrationTest {
    private static final Path TARGET = Path.of("target");
    private static final Duration START = Duration.ofSeconds(120);
    /**
     * Enough radix sort jobs of 3e6 keys to keep the jobs going for ~12 s (~20 ms a job, two in flight): the 40
     * of before were over in ~1 s, and once the page's first update came after the last job, so it never saw
     * them advance.
     */
    private static final int JOBS = 600;
    @TempDir
    Path tmp;

    @BeforeAll
    static void chromiumIsThere() {
        assertTrue(HeadlessChromium.installed(), "needs Debian's chromium on the PATH: install it as root with"
                + " scripts/debian-packages chromium (.ci/run does)");
    }

    @Test
    void barnesHutsPageShowsTheStepsChartsBodiesAndComponents() throws Exception {
        int port = freePort();
        String stream = StreamRecorder.freeEndpoint();
        Path out = tmp.resolve("barnes-hut");
        CompletableFuture<StormsimCommandLineTest.Outcome> run = CompletableFuture.supplyAsync(() ->
                StormsimCommandLineTest.stormsim("run", LocalClusterTest.YAML.toString(), "--set", "n=4000",
                        "--set", "steps=1500", "--set", "partitions=2", "--set", "output.dir=" + out,
                        "--set", "stream.bind=" + stream, "--set", "stream.sample.every=20",
                        "--set", "metrics.ports=", "--web", String.valueOf(port)));
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1800, tmp.resolve("chromium.log"))) {
            openWhenServed(chromium, port, run);
            chromium.await("document.getElementById('progress').dataset.done >= 1", START, "a first round");
            long first = chromium.evaluate("+document.getElementById('progress').dataset.done").asLong();
            chromium.await("+document.getElementById('progress').dataset.done > " + (first + 20), START, "the rounds advancing");
            for (String chart : List.of("energy-error", "energies", "rate", "phases")) {
                chromium.await(points(chart) + " >= 2", START, "the chart " + chart + " drawn");
            }
            chromium.await("+document.getElementById('density').dataset.round >= 0 && "
                    + "document.getElementById('density').naturalWidth > 700", START, "the bodies' image");
            chromium.await("document.querySelectorAll('#components tbody tr').length == 10", START,
                    "the spout and nine bolts from Nimbus");
            chromium.await("+document.querySelector('#components tbody tr:nth-child(7) td:nth-child(5)').textContent > 0",
                    START, "the force bolt's emitted tuples");
            JsonNode text = chromium.evaluate("document.getElementById('progress-text').textContent");
            assertTrue(text.asText().matches("round \\d+ of 1500 \\(\\d+\\.\\d%.*\\)"), text.asText());
            chromium.screenshot(TARGET.resolve("live-page-barnes-hut.png"));
            finalState(chromium, run, "round 1500 of 1500 (100.0%)");
            chromium.screenshot(TARGET.resolve("live-page-barnes-hut-final.png"));
        }
        assertTrue(Files.exists(out.resolve("summary.txt")));
    }

    @Test
    void radixSortsPageShowsTheJobsLatencyAndThroughput() throws Exception {
        int port = freePort();
        String stream = StreamRecorder.freeEndpoint();
        Path out = tmp.resolve("radix-sort");
        Path yaml = LocalClusterTest.YAML.resolveSibling("radix-sort.yaml");
        CompletableFuture<StormsimCommandLineTest.Outcome> run = CompletableFuture.supplyAsync(() ->
                StormsimCommandLineTest.stormsim("run", yaml.toString(), "--set", "keys=3000000", "--set", "jobs=" + JOBS,
                        "--set", "jobs.in.flight=2", "--set", "output.dir=" + out, "--set", "write.output=false",
                        "--set", "stream.bind=" + stream, "--set", "metrics.ports=",
                        "--web", String.valueOf(port)));
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1200, tmp.resolve("chromium.log"))) {
            openWhenServed(chromium, port, run);
            chromium.await("document.getElementById('progress').dataset.done >= 1", START, "a first job");
            long first = chromium.evaluate("+document.getElementById('progress').dataset.done").asLong();
            chromium.await("+document.getElementById('progress').dataset.done > " + first, START, "the jobs advancing");
            for (String chart : List.of("latency", "throughput")) {
                chromium.await(points(chart) + " >= 2", START, "the chart " + chart + " drawn");
            }
            // jobs, load, split, sort, sink, publisher
            chromium.await("document.querySelectorAll('#components tbody tr').length == 6", START,
                    "the spout and the bolts from Nimbus");
            chromium.screenshot(TARGET.resolve("live-page-radix-sort.png"));
            finalState(chromium, run, JOBS + " of " + JOBS + " jobs done (100.0%)");
            assertEquals(List.of(), missingCharts(chromium, List.of("energy-error", "rate")), "no charts of steps");
        }
    }

    private static String points(String chart) {
        return "+(document.getElementById('chart-" + chart + "') || {dataset: {points: 0}}).dataset.points";
    }

    /** The charts of {@code ids} that are on the page (none should be). */
    private static List<String> missingCharts(HeadlessChromium chromium, List<String> ids) throws Exception {
        List<String> present = new ArrayList<>();
        for (String id : ids) {
            if (chromium.evaluate("document.getElementById('chart-" + id + "') !== null").asBoolean()) {
                present.add(id);
            }
        }
        return present;
    }

    /** The run ends well; the page says so, with the final progress, and that its server has gone. */
    private static void finalState(HeadlessChromium chromium, CompletableFuture<StormsimCommandLineTest.Outcome> run,
                                   String progress) throws Exception {
        chromium.await("document.getElementById('status').textContent == 'finished'", START, "the run finished");
        StormsimCommandLineTest.Outcome outcome = run.get(5, TimeUnit.MINUTES);
        assertEquals(0, outcome.status(), outcome.err());
        assertTrue(outcome.out().contains("; live page http://127.0.0.1:"), outcome.out());
        assertEquals(progress, chromium.evaluate("document.getElementById('progress-text').textContent").asText());
        chromium.await("document.getElementById('connection').textContent.startsWith('The run has ended')",
                Duration.ofSeconds(30), "that the run ended and its page server stopped");
        assertTrue(chromium.evaluate("document.getElementById('events').textContent").asText().contains("run ended: done in"));
    }

    /** Opens the page once the run serves it (the run checks its topology first). */
    private static void openWhenServed(HeadlessChromium chromium, int port,
                                       CompletableFuture<StormsimCommandLineTest.Outcome> run) throws Exception {
        long deadline = System.nanoTime() + START.toNanos();
        while (true) {
            try (java.net.Socket probe = new java.net.Socket("127.0.0.1", port)) {
                break;
            } catch (java.io.IOException notYet) {
                if (run.isDone() || System.nanoTime() > deadline) {
                    throw new AssertionError("the run did not serve its page on " + port + ": " + (run.isDone() ? run.get() : "still starting"));
                }
                Thread.sleep(100);
            }
        }
        chromium.open(URI.create("http://127.0.0.1:" + port + "/"));
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
