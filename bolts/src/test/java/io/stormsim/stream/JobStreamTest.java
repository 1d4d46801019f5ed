package io.stormsim.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A job sink's message: one {@code job} message, its fields in the order docs/stream.md gives, and back. */
class JobStreamTest {
    @Test
    void aJobDoneIsOneJobMessageWithItsFieldsInOrder() {
        StreamMessages m = JobStream.message(4, 2, 0, 1234, 5.5, "keys", 1_000_000);
        assertEquals(List.of(StreamFormat.JOB), m.topics);
        assertEquals("{\"v\":1,\"job\":4,\"done\":2,\"jobs\":0,\"latency_ms\":1234,\"elapsed_s\":5.5,\"keys\":1000000}",
                new String(m.payloads.get(0), StandardCharsets.UTF_8));

        Map<String, Number> back = StreamFormat.decodeDiagnostics(m.payloads.get(0));
        assertEquals(List.of("job", "done", "jobs", "latency_ms", "elapsed_s", "keys"), List.copyOf(back.keySet()));
        assertEquals(4L, back.get("job"));
        assertEquals(2L, back.get("done"));
        assertEquals(0L, back.get("jobs"));
        assertEquals(1234L, back.get("latency_ms"));
        assertEquals(5.5, back.get("elapsed_s"));
        assertEquals(1_000_000L, back.get("keys"));
    }

    @Test
    void theSizeTakesTheWorkloadsName() {
        Map<String, Number> back = StreamFormat.decodeDiagnostics(JobStream.message(0, 1, 3, 7, 0.25, "points", 512)
                .payloads.get(0));
        assertEquals(List.of("job", "done", "jobs", "latency_ms", "elapsed_s", "points"), List.copyOf(back.keySet()));
        assertEquals(512L, back.get("points"));
        assertEquals(3L, back.get("jobs"));
    }
}
