package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.stream.StreamFormat;
import io.stormsim.topologies.StreamRecorder;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * {@code stormsim watch} on a recorded stream: the messages of a real run of the main job (20 steps,
 * samples every 10 rounds of 100 bodies, recorded with src/test/resources/stream/record.py) replayed on a
 * PUB socket give the lines of the matching .txt file; gaps and replays are named; silence is reported.
 */
class StreamWatchTest {
    private static final String RECORDING = "/stream/barnes-hut-20-steps.frames";
    private static final String EXPECTED = "/stream/barnes-hut-20-steps.watch.txt";

    @Test
    void aRecordedRunPrintsOneLinePerRoundAndASummaryPerSample() throws Exception {
        List<byte[][]> frames = recording();
        String endpoint = StreamRecorder.freeEndpoint();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        StreamWatch watch = new StreamWatch(new PrintStream(printed, true, StandardCharsets.UTF_8), Duration.ofHours(1));
        long[] received = new long[1];
        try (ZContext zmq = new ZContext(1)) {
            // XPUB: the subscriptions arrive as messages, so the replay starts once the watch listens
            ZMQ.Socket publisher = zmq.createSocket(SocketType.XPUB);
            publisher.bind(endpoint);
            Thread watching = new Thread(() -> received[0] = watch.watch(endpoint, frames.size()));
            watching.start();
            // one subscription, to every topic: a watch also reads topics newer than itself (and names them)
            byte[] subscription = publisher.recv();
            assertEquals("\u0001", new String(subscription, StandardCharsets.UTF_8));
            for (byte[][] frame : frames) {
                publisher.sendMore(frame[0]);
                publisher.send(frame[1]);
            }
            watching.join();
        }
        assertEquals(frames.size(), received[0]);
        String expected;
        try (InputStream in = getClass().getResourceAsStream(EXPECTED)) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("ENDPOINT", endpoint);
        }
        assertEquals(expected, printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void missedAndReplayedRoundsAreNamed() {
        StreamWatch watch = new StreamWatch(System.out, Duration.ofSeconds(5));
        assertEquals("round 3 of 100  4.00 steps/s  dE/E0 = -1.000e-06  imbalance 1.010  1.23e+07 interactions",
                watch.describe(StreamFormat.DIAGNOSTICS, diag(3, 250.0)));
        assertEquals("watch: missed rounds 4..5 (dropped: this watch read too slowly)\n"
                        + "round 6 of 100  - steps/s  dE/E0 = -1.000e-06  imbalance 1.010  1.23e+07 interactions",
                watch.describe(StreamFormat.DIAGNOSTICS, diag(6, Double.NaN)).replace(System.lineSeparator(), "\n"));
        assertEquals("watch: missed round 7 (dropped: this watch read too slowly)",
                watch.describe(StreamFormat.DIAGNOSTICS, diag(8, 250.0)).lines().findFirst().orElseThrow());
        assertTrue(watch.describe(StreamFormat.DIAGNOSTICS, diag(4, 250.0))
                .startsWith("watch: back to round 4 (the run restored a checkpoint and replays from there)"));
        assertEquals("watch: cannot read a 'diag' message: diag payload has version 2, this reader knows 1",
                watch.describe(StreamFormat.DIAGNOSTICS, "{\"v\":2}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("watch: message with unknown topic 'diagx' (2 bytes)", watch.describe("diagx", new byte[2]));
        Map<String, Number> water = new LinkedHashMap<>();
        water.put("round", 2L);
        water.put("steps", 6L);
        water.put("kinetic", 0.012345678);
        water.put("temperature", 298.123456);
        water.put("round_wall_ms", 50.0);
        assertEquals("round 2 of 6  20.00 steps/s  kinetic 0.01235  temperature 298.12346",
                new StreamWatch(System.out, Duration.ofSeconds(5)).describe(StreamFormat.DIAGNOSTICS,
                        StreamFormat.encodeDiagnostics(water)));
        Map<String, Number> job = new LinkedHashMap<>();
        job.put("job", 6L);
        job.put("done", 3L);
        job.put("jobs", 12L);
        job.put("latency_ms", 180L);
        job.put("elapsed_s", 1.5);
        assertEquals("job 6 done, 3 of 12 (25%, 5 s left)  latency 180 ms",
                watch.describe(StreamFormat.JOB, StreamFormat.encodeDiagnostics(job)));
    }

    @Test
    void whenNothingComesItSaysItIsWaitingAndWhere() throws Exception {
        String endpoint = StreamRecorder.freeEndpoint();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        StreamWatch watch = new StreamWatch(new PrintStream(printed, true, StandardCharsets.UTF_8), Duration.ofSeconds(1));
        long[] received = {-1};
        Thread watching = new Thread(() -> received[0] = watch.watch(endpoint, 0));
        watching.start();
        String waiting = "watch: waiting for messages from " + endpoint + " (nothing for 1 s: is a run publishing there?"
                + " see stormsim.stream.bind)";
        while (!printed.toString(StandardCharsets.UTF_8).contains(waiting) && watching.isAlive()) {
            Thread.sleep(50);
        }
        watch.stop();
        watching.join();
        assertEquals(0, received[0]);
        assertEquals(List.of("watch: subscribed to " + endpoint + " (Ctrl-C to stop)", waiting, "watch: 0 messages"),
                printed.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void aBadEndpointIsAUsageError() throws Exception {
        assertEquals(2, Stormsim.run(new String[] {"watch", "--connect", "127.0.0.1:5563"}));
        assertEquals(2, Stormsim.run(new String[] {"watch", "--count", "0"}));
        assertEquals(2, Stormsim.run(new String[] {"watch", "--web", "off"}));
        assertEquals(2, Stormsim.run(new String[] {"watch", "--web", "70000"}));
        assertEquals(2, Stormsim.run(new String[] {"watch", "--topology", "barnes-hut"}), "--topology goes with --web");
    }

    private static byte[] diag(long round, double wallMs) {
        Map<String, Number> d = new LinkedHashMap<>();
        d.put("round", round);
        d.put("steps", 100L);
        d.put("rel_energy_error", -1e-6);
        d.put("interactions", 12_345_678L);
        d.put("cost_imbalance", 1.01);
        d.put("round_wall_ms", wallMs);
        return StreamFormat.encodeDiagnostics(d);
    }

    /** The recorded run's messages, each {topic, payload}. */
    static List<byte[][]> recording() throws IOException {
        List<byte[][]> frames = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(StreamWatchTest.class.getResourceAsStream(RECORDING))) {
            while (true) {
                byte[] topic;
                try {
                    topic = new byte[in.readInt()];
                } catch (EOFException end) {
                    return frames;
                }
                in.readFully(topic);
                byte[] payload = new byte[in.readInt()];
                in.readFully(payload);
                frames.add(new byte[][] {topic, payload});
            }
        }
    }
}
