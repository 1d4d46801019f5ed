package io.stormsim.pingpong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundTripStatsTest {
    @Test
    void medianAndP99AreNearestRanks() {
        // latencies 1..1000 us in shuffled order: median rank 500, p99 rank 990
        long[] latencies = new long[1000];
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = ((i * 7919L) % 1000 + 1) * 1000;
        }
        RoundTripStats stats = RoundTripStats.of(latencies, 1000, 2_000_000_000L);
        assertEquals(1000, stats.count());
        assertEquals(500.0, stats.perSecond(), 1e-9);
        assertEquals(500.0, stats.medianMicros(), 0.0);
        assertEquals(990.0, stats.p99Micros(), 0.0);
    }

    @Test
    void onlyTheFirstCountEntriesCount() {
        RoundTripStats stats = RoundTripStats.of(new long[] {3000, 1000, 2000, 999_999_999}, 3, 1_000_000L);
        assertEquals(2.0, stats.medianMicros(), 0.0);
        assertEquals(3.0, stats.p99Micros(), 0.0);
        assertEquals(3000.0, stats.perSecond(), 1e-9);
    }

    @Test
    void theRecorderTimesFromFirstSendToLastArrivalAndStopsWhenFull() {
        RoundTripRecorder recorder = new RoundTripRecorder(3);
        assertTrue(recorder.record(1_000, 11_000));
        assertTrue(recorder.record(2_000, 32_000));
        assertTrue(recorder.record(5_000, 25_000));
        assertFalse(recorder.record(6_000, 7_000), "full after 3");
        RoundTripStats stats = recorder.stats();
        assertEquals(3, stats.count());
        assertEquals(20.0, stats.medianMicros(), 0.0);
        assertEquals(30.0, stats.p99Micros(), 0.0);
        assertEquals(3 / 31e-6, stats.perSecond(), 1e-6);
    }

    @Test
    void nothingMeasuredIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> RoundTripStats.of(new long[0], 0, 1));
    }

    @Test
    void configListsEveryPhaseAndRejectsBadValues() {
        Map<String, Object> conf = new HashMap<>(Map.of(PingPongConfig.PAYLOADS, "88, 8072", PingPongConfig.MODES,
                "sync,async", PingPongConfig.WINDOW, 16, PingPongConfig.WARMUP_SECONDS, "1",
                PingPongConfig.SECONDS, 2.5, PingPongConfig.ROUNDS, 1000, "stormsim.output.dir", "out"));
        List<PingPongConfig.Phase> phases = PingPongConfig.from(conf).phases();
        assertEquals(List.of(new PingPongConfig.Phase(0, 88, PingPongConfig.Mode.SYNC, 1),
                new PingPongConfig.Phase(1, 88, PingPongConfig.Mode.ASYNC, 16),
                new PingPongConfig.Phase(2, 8072, PingPongConfig.Mode.SYNC, 1),
                new PingPongConfig.Phase(3, 8072, PingPongConfig.Mode.ASYNC, 16)), phases);

        conf.put(PingPongConfig.MODES, "sync,batch");
        assertEquals("stormsim.pingpong.modes = sync,batch is not allowed: must be a comma-separated list of sync and async",
                assertThrows(IllegalArgumentException.class, () -> PingPongConfig.from(conf)).getMessage());
        conf.put(PingPongConfig.MODES, "sync");
        conf.put(PingPongConfig.PAYLOADS, "88,0");
        assertEquals("stormsim.pingpong.payloads = 88,0 is not allowed: must be a comma-separated list of byte counts in 1..67108864",
                assertThrows(IllegalArgumentException.class, () -> PingPongConfig.from(conf)).getMessage());
    }
}
