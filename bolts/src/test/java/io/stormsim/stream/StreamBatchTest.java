package io.stormsim.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Rounds' messages go over together at most every 0.1 s and at the last round, none lost, in order. */
class StreamBatchTest {
    private static final long MS = 1_000_000;

    @Test
    void messagesWaitForTheIntervalOrTheLastRoundAndKeepTheirOrder() {
        StreamBatch batch = new StreamBatch();
        assertEquals(List.of("r0"), batch.add(round("r0"), 100 * MS, false).topics, "the first goes at once");
        assertNull(batch.add(round("r1"), 130 * MS, false));
        assertNull(batch.add(round("r2"), 199 * MS, false));
        assertEquals(List.of("r1", "r2", "r3"), batch.add(round("r3"), 200 * MS, false).topics);
        assertNull(batch.add(round("r4"), 210 * MS, false));
        assertEquals(List.of("r4", "r5"), batch.add(round("r5"), 220 * MS, true).topics, "the last round empties it");
    }

    private static StreamMessages round(String topic) {
        return new StreamMessages().add(topic, new byte[0]);
    }
}
