package io.stormsim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Debian's chromium, headless, driven over the Chrome DevTools Protocol (its WebSocket, with the JDK's client):
 * open a page, evaluate JavaScript in it, save a screenshot. A fresh profile each time, and nothing that reaches
 * the network by itself.
 */
final class HeadlessChromium implements AutoCloseable {
    static final String PROGRAM = "chromium";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    private HeadlessChromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /** Whether Debian's chromium is on the PATH (.ci/run installs it: scripts/debian-packages chromium). */
    static boolean installed() {
        return System.getenv("PATH") != null && List.of(System.getenv("PATH").split(":")).stream()
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, PROGRAM)));
    }

    /** Starts chromium with an empty page of {@code width} x {@code height} CSS pixels, its log in {@code log}. */
    static HeadlessChromium start(int width, int height, Path log) throws Exception {
        Path profile = Files.createTempDirectory("stormsim-chromium");
        Process process = new ProcessBuilder(PROGRAM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "--window-size=" + width + "," + height,
                "about:blank").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Path active = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(active) || Files.readAllLines(active).size() < 2) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("chromium did not open its DevTools port in 60 s; its output: "
                        + Files.readString(log));
            }
            Thread.sleep(100);
        }
        int port = Integer.parseInt(Files.readAllLines(active).get(0).trim());
        HttpClient http = HttpClient.newHttpClient();
        JsonNode targets = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                .build(), HttpResponse.BodyHandlers.ofString()).body());
        String page = null;
        for (JsonNode t : targets) {
            if (t.get("type").asText().equals("page")) {
                page = t.get("webSocketDebuggerUrl").asText();
            }
        }
        if (page == null) {
            process.destroyForcibly();
            throw new IllegalStateException("chromium has no page to drive: " + targets);
        }
        Listener listener = new Listener();
        WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(page), listener).get(30, TimeUnit.SECONDS);
        HeadlessChromium chromium = new HeadlessChromium(process, profile, socket);
        listener.owner = chromium;
        return chromium;
    }

    /** Opens {@code url} in the page. */
    void open(URI url) throws Exception {
        call("Page.enable", JSON.createObjectNode());
        call("Page.navigate", JSON.createObjectNode().put("url", url.toString()));
    }

    /** The value of {@code expression} in the page (null while it throws, e.g. before the page has loaded). */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode result = call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true));
        return result.has("exceptionDetails") ? null : result.get("result").get("value");
    }

    /** Evaluates {@code expression} every 200 ms until it is true; fails after {@code timeout} with {@code what}. */
    void await(String expression, Duration timeout, String what) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode value = evaluate(expression);
            if (value != null && value.asBoolean()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the page did not show " + what + " within " + timeout.toSeconds() + " s ("
                        + expression + "); its text: " + evaluate("document.body.innerText"));
            }
            Thread.sleep(200);
        }
    }

    /** Saves the whole page as a PNG. */
    void screenshot(Path png) throws Exception {
        JsonNode shot = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png")
                .put("captureBeyondViewport", true));
        Files.createDirectories(png.getParent());
        Files.write(png, Base64.getDecoder().decode(shot.get("data").asText()));
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        socket.sendText(JSON.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = answer.get(60, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.get("result");
    }

    /** Hands each reply to the call waiting for its id; events (no id) are not needed here. */
    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();
        private volatile HeadlessChromium owner;

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence part, boolean last) {
            text.append(part);
            if (last) {
                try {
                    JsonNode message = JSON.readTree(text.toString());
                    if (message.has("id") && owner != null) {
                        CompletableFuture<JsonNode> call = owner.pending.remove(message.get("id").asInt());
                        if (call != null) {
                            call.complete(message);
                        }
                    }
                } catch (IOException e) {
                    throw new IllegalStateException("chromium sent what is not JSON: " + text, e);
                } finally {
                    text.setLength(0);
                }
            }
            socket.request(1);
            return null;
        }
    }

    @Override
    public void close() throws Exception {
        socket.abort();
        // its helpers (zygote, renderer, ...) write into the profile until they have gone too
        List<ProcessHandle> all = new java.util.ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
            }
        }
        LocalStormCluster.deleteTree(profile);
    }
}
