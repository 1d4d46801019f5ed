package io.stormsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live page of a run over HTTP (the JDK's server): the page itself and its script, uPlot from its WebJar (the
 * page works offline), and the JSON the page polls, written by Jackson from the {@link LiveRun}:
 * <ul>
 * <li>{@code GET /api/state}: the run, its progress, latest figures, events and components;</li>
 * <li>{@code GET /api/rows?since=N}: the charts' rows from {@code seq} N on, and the next N;</li>
 * <li>{@code GET /api/density.png}: the latest body sample as two density images ({@link DensityImage}), 404
 * before a sample came.</li>
 * </ul>
 * Its threads are daemons of its own: a slow browser or a failing request never reaches the simulation, and
 * a request that fails answers 500 with the reason.
 */
final class LivePage implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LivePage.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String UPLOT = "/META-INF/resources/webjars/uplot/1.6.30/dist/";
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[] {"live/index.html", "text/html; charset=utf-8"},
            "/live.js", new String[] {"live/live.js", "text/javascript; charset=utf-8"},
            "/live.css", new String[] {"live/live.css", "text/css; charset=utf-8"},
            "/uplot.js", new String[] {UPLOT + "uPlot.iife.min.js", "text/javascript; charset=utf-8"},
            "/uplot.css", new String[] {UPLOT + "uPlot.min.css", "text/css; charset=utf-8"});
    private final HttpServer server;
    private final ExecutorService threads;
    private final LiveRun run;
    private final DensityImage density = new DensityImage();
    private volatile long lastRequestNanos;

    private LivePage(HttpServer server, LiveRun run) {
        this.server = server;
        this.run = run;
        this.threads = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "stormsim-live-page");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        server.createContext("/", this::handle);
    }

    /** Serves {@code run}'s page on {@code host} at the first free port of {@code port}. */
    static LivePage start(LiveRun run, String host, WebPort port) throws IOException {
        LivePage page = new LivePage(port.bind(host, address -> HttpServer.create(address, 0)), run);
        page.server.start();
        return page;
    }

    /** The page's address, as a person types it. */
    URI address() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getHostString();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/");
    }

    /** Whether the page was asked for anything in the last {@code seconds}: someone is watching. */
    boolean askedWithin(double seconds) {
        return lastRequestNanos != 0 && System.nanoTime() - lastRequestNanos < seconds * 1e9;
    }

    private void handle(HttpExchange exchange) throws IOException {
        lastRequestNanos = System.nanoTime();
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                send(exchange, 405, "text/plain; charset=utf-8", "only GET and HEAD\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String path = exchange.getRequestURI().getPath();
            switch (path) {
                case "/api/state" -> json(exchange, JSON.writeValueAsBytes(run.state()));
                case "/api/rows" -> json(exchange, JSON.writeValueAsBytes(run.rowsSince(since(exchange.getRequestURI()))));
                case "/api/density.png" -> {
                    LiveRun.SampleView s = run.sample();
                    if (s == null) {
                        send(exchange, 404, "text/plain; charset=utf-8",
                                "no body sample yet\n".getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(exchange, 200, "image/png", density.png(s.sample(), s.figures()));
                    }
                }
                default -> file(exchange, path);
            }
        } catch (RuntimeException | IOException e) {
            LOG.warn("live page: {} failed", exchange.getRequestURI(), e);
            try {
                send(exchange, 500, "text/plain; charset=utf-8", (e + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException alreadySent) {
                // the answer had started: the browser sees a cut reply and asks again at its next poll
            }
        }
    }

    private static long since(URI uri) {
        String query = uri.getRawQuery();
        if (query != null && query.startsWith("since=")) {
            try {
                return Long.parseLong(query.substring("since=".length()));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    private static void file(HttpExchange exchange, String path) throws IOException {
        String[] file = FILES.get(path);
        InputStream in = file == null ? null : LivePage.class.getResourceAsStream(file[0]);
        if (in == null) {
            send(exchange, 404, "text/plain; charset=utf-8", ("no " + path + " here\n").getBytes(StandardCharsets.UTF_8));
            return;
        }
        try (in) {
            send(exchange, 200, file[1], in.readAllBytes());
        }
    }

    private static void json(HttpExchange exchange, byte[] body) throws IOException {
        send(exchange, 200, "application/json", body);
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
