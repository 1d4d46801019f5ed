package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.BindException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** The live page over HTTP: its files, its JSON endpoints, the density image, and the ports it takes or refuses. */
class LivePageTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void servesThePageItsScriptsAndTheRunAsJson() throws Exception {
        LiveRun run = new LiveRun("barnes-hut");
        try (LivePage page = LivePage.start(run, "127.0.0.1", WebPort.parse(WebPort.DEFAULT))) {
            URI at = page.address();
            assertTrue(at.toString().matches("http://127\\.0\\.0\\.1:83[4-9][0-9]/"), at.toString());
            HttpResponse<String> index = get(at, "");
            assertEquals(200, index.statusCode());
            assertTrue(index.body().contains("<script src=\"/live.js\">"), index.body());
            assertTrue(get(at, "live.js").body().contains("/api/rows?since="));
            HttpResponse<String> uplot = get(at, "uplot.js");
            assertEquals("text/javascript; charset=utf-8", uplot.headers().firstValue("Content-Type").orElseThrow());
            assertTrue(uplot.body().contains("uPlot") && uplot.body().length() > 40_000, "uPlot from its WebJar");
            assertEquals(200, get(at, "uplot.css").statusCode());
            assertEquals(404, get(at, "api/density.png").statusCode(), "no sample yet");
            assertEquals(404, get(at, "etc/passwd").statusCode());
            assertEquals(405, HTTP.send(HttpRequest.newBuilder(at.resolve("api/state"))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode());

            for (byte[][] frame : StreamWatchTest.recording()) {
                run.message(new String(frame[0], StandardCharsets.UTF_8), frame[1]);
            }
            HttpResponse<String> state = get(at, "api/state");
            assertEquals("application/json", state.headers().firstValue("Content-Type").orElseThrow());
            JsonNode s = JSON.readTree(state.body());
            assertEquals("barnes-hut", s.get("title").asText());
            assertEquals(20, s.get("progress").get("done").asLong());
            JsonNode rows = JSON.readTree(get(at, "api/rows?since=15").body());
            assertEquals(List.of(15L, 16L, 17L, 18L, 19L, 20L),
                    rows.get("rows").findValues("round").stream().map(JsonNode::asLong).toList());
            assertEquals(21, rows.get("next").asLong());

            HttpResponse<byte[]> png = HTTP.send(HttpRequest.newBuilder(at.resolve("api/density.png")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, png.statusCode());
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.body()));
            assertEquals(2 * DensityImage.PANEL + 10, image.getWidth());
            assertTrue(page.askedWithin(5));
        }
    }

    @Test
    void aFixedPortInUseIsNamedAndARangeTakesTheNextFree() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            BindException e = assertThrows(BindException.class,
                    () -> LivePage.start(new LiveRun("x"), "127.0.0.1", WebPort.parse(String.valueOf(port))));
            assertEquals("--web " + port + ": port " + port + " on 127.0.0.1 is in use (another page or program has"
                    + " it); give a free port, or a range FROM-TO for the first free one", e.getMessage());
            try (LivePage page = LivePage.start(new LiveRun("x"), "127.0.0.1", WebPort.parse(port + "-" + (port + 20)))) {
                assertTrue(page.address().getPort() > port && page.address().getPort() <= port + 20);
            }
        }
    }

    @Test
    void badPortValuesAreRefusedNamingWhatIsAllowed() {
        for (String bad : List.of("0", "65536", "9000-8000", "80a", "", "on")) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> WebPort.parse(bad));
            assertEquals(bad + " is not allowed: must be a port (1..65535), a range FROM-TO (the first free one) or off",
                    e.getMessage());
        }
        assertTrue(WebPort.parse("off").off());
        assertEquals(new WebPort(8000, 8010, false), WebPort.parse("8000-8010"));
    }

    private static HttpResponse<String> get(URI page, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(page.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
