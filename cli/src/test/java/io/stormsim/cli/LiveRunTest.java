package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stormsim.stream.StreamFormat;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The live page's model of a run, fed as the stream feeds it: the recorded run of the main job (StreamWatchTest's
 * recording), job messages, a restore, a bad message and the run's end, read back as the page reads them.
 */
class LiveRunTest {
    private long now = 1_000_000;

    @Test
    void aRecordedRunGivesItsProgressRowsAndLatestSample() throws Exception {
        LiveRun run = new LiveRun("barnes-hut", () -> now);
        run.subscribed("tcp://127.0.0.1:5563");
        assertEquals("waiting for the stream", run.state().get("status").asText());
        assertNull(run.sample());
        List<byte[][]> frames = StreamWatchTest.recording();
        int diags = 0;
        for (byte[][] frame : frames) {
            now += 250;
            run.message(new String(frame[0], StandardCharsets.UTF_8), frame[1]);
            diags += new String(frame[0], StandardCharsets.UTF_8).equals(StreamFormat.DIAGNOSTICS) ? 1 : 0;
            if (diags == 11) {
                JsonNode half = run.state().get("progress");
                assertEquals(10, half.get("done").asLong());
                assertEquals(50.0, half.get("percent").asDouble(), 1e-12);
                assertTrue(half.get("seconds_left").asDouble() > 0, half.toString());
            }
        }
        JsonNode state = run.state();
        assertEquals("steps", state.get("kind").asText());
        assertEquals("finished", state.get("status").asText());
        assertEquals(20, state.get("progress").get("done").asLong());
        assertEquals(20, state.get("progress").get("total").asLong());
        assertFalse(state.get("progress").has("seconds_left"));
        assertEquals(frames.size(), state.get("messages").asLong());
        assertEquals(20000, state.get("sample").get("bodies").asLong());
        JsonNode rows = run.rowsSince(0).get("rows");
        assertEquals(diags, rows.size());
        assertEquals(21, diags);
        assertEquals(0, rows.get(0).get("round").asLong());
        assertTrue(rows.get(5).has("force_ms") && rows.get(5).has("rel_energy_error"), rows.get(5).toString());
        assertEquals(List.of(19L, 20L), run.rowsSince(19).get("rows").findValues("round").stream().map(JsonNode::asLong).toList());
        assertEquals(21, run.rowsSince(0).get("next").asLong());
        LiveRun.SampleView sample = run.sample();
        assertEquals(20, sample.sample().round());
        assertEquals(20L, sample.figures().get("round"));
    }

    @Test
    void aReplayedRoundIsNamedAndTheRateStartsAgain() {
        LiveRun run = new LiveRun("barnes-hut", () -> now);
        for (long round : new long[] {0, 1, 2, 3, 1, 2}) {
            now += 1000;
            run.message(StreamFormat.DIAGNOSTICS, diag(round, 100));
        }
        JsonNode state = run.state();
        assertEquals("back to round 1: the run restored a checkpoint and replays from there",
                state.get("events").get(0).get("text").asText());
        assertEquals(2, state.get("progress").get("done").asLong());
        // one round a second since the restore: 98 left
        assertEquals(98.0, state.get("progress").get("seconds_left").asDouble(), 1e-9);
    }

    @Test
    void jobsGiveTheirProgressAndTheEndIsShown() {
        LiveRun run = new LiveRun("radix-sort", () -> now);
        for (long done = 1; done <= 3; done++) {
            now += 500;
            run.message(StreamFormat.JOB, job(done, 4));
        }
        JsonNode state = run.state();
        assertEquals("jobs", state.get("kind").asText());
        assertEquals("running", state.get("status").asText());
        assertEquals(75.0, state.get("progress").get("percent").asDouble(), 1e-12);
        assertEquals(0.5, state.get("progress").get("seconds_left").asDouble(), 1e-9);
        assertEquals(120.0, state.get("latest").get("latency_ms").asDouble());
        run.ended(true, "done in 2.0 s");
        state = run.state();
        assertEquals("finished", state.get("status").asText());
        assertEquals("run ended: done in 2.0 s", state.get("events").get(0).get("text").asText());
        run.message(StreamFormat.JOB, job(4, 4));
        assertEquals("finished", run.state().get("status").asText(), "the command's word on the end stands");
    }

    @Test
    void unreadableMessagesAreCountedAndTheFirstIsNamed() {
        LiveRun run = new LiveRun("x", () -> now);
        run.message(StreamFormat.DIAGNOSTICS, "{\"v\":2}".getBytes(StandardCharsets.UTF_8));
        run.message(StreamFormat.SAMPLE, new byte[3]);
        run.message("newer-topic", new byte[3]);
        JsonNode state = run.state();
        assertEquals(3, state.get("unreadable").asLong());
        assertEquals(1, state.get("events").size());
        assertEquals("a 'diag' message could not be read: diag payload has version 2, this reader knows 1",
                state.get("events").get(0).get("text").asText());
        assertEquals("waiting", state.get("kind").asText());
    }

    @Test
    void onlyTheLastRowsAreKept() {
        LiveRun run = new LiveRun("x", () -> now);
        for (long round = 0; round < LiveRun.ROWS_KEPT + 10; round++) {
            run.message(StreamFormat.DIAGNOSTICS, diag(round, 0));
        }
        JsonNode rows = run.rowsSince(0).get("rows");
        assertEquals(LiveRun.ROWS_KEPT, rows.size());
        assertEquals(10, rows.get(0).get("round").asLong());
    }

    static byte[] diag(long round, long steps) {
        Map<String, Number> d = new LinkedHashMap<>();
        d.put("round", round);
        d.put("steps", steps);
        d.put("rel_energy_error", 1e-7 * round);
        return StreamFormat.encodeDiagnostics(d);
    }

    static byte[] job(long done, long jobs) {
        Map<String, Number> j = new LinkedHashMap<>();
        j.put("job", done - 1);
        j.put("done", done);
        j.put("jobs", jobs);
        j.put("latency_ms", 40L * done);
        j.put("elapsed_s", 0.5 * done);
        return StreamFormat.encodeDiagnostics(j);
    }
}
