package io.stormsim.spouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.storm.Config;
import org.apache.storm.testing.InProcessZookeeper;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ProgressWriterTest {
    private static InProcessZookeeper zookeeper;
    private static Map<String, Object> conf;

    @BeforeAll
    static void startZookeeper() throws Exception {
        zookeeper = new InProcessZookeeper();
        conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.STORM_ZOOKEEPER_SERVERS, List.of("localhost"));
        conf.put(Config.STORM_ZOOKEEPER_PORT, (int) zookeeper.getPort());
    }

    @AfterAll
    static void stopZookeeper() throws Exception {
        zookeeper.close();
    }

    /** What a spout restarted now would read: whether the run recorded progress, and its last checkpoint. */
    private static OptionalLong restartReads(String topology) throws Exception {
        try (ProgressStore store = new ProgressStore(conf, topology)) {
            return store.exists() ? store.lastCheckpoint() : null;
        }
    }

    @Test
    void whatARestartedSpoutReadsIsRecordedBeforeRecordReturns() throws Exception {
        String topology = "progress-at-once-1-1";
        try (ProgressStore store = new ProgressStore(conf, topology);
                ProgressWriter writer = new ProgressWriter(store, topology)) {
            assertEquals(null, restartReads(topology));
            writer.record(0, -1);
            assertEquals(OptionalLong.empty(), restartReads(topology), "the first record, which says the spout ran");
            long first = writer.writtenZxid();
            assertTrue(first > 0, "no transaction id of the first record");
            for (long round = 1; round < 10; round++) {
                writer.record(round, -1);
            }
            writer.record(10, 10);
            assertEquals(OptionalLong.of(10), restartReads(topology), "a new complete checkpoint");
            assertTrue(writer.writtenZxid() > first, "the checkpoint's record is not the newest written");
            for (long round = 11; round < 20; round++) {
                writer.record(round, 10);
                assertEquals(OptionalLong.of(10), restartReads(topology));
            }
            writer.record(20, 20);
            assertEquals(OptionalLong.of(20), restartReads(topology));
        }
    }

    @Test
    void theNewestRecordWinsOverTheBackgroundOnes() throws Exception {
        String topology = "progress-newest-1-1";
        try (ProgressStore store = new ProgressStore(conf, topology)) {
            try (ProgressWriter writer = new ProgressWriter(store, topology)) {
                writer.record(0, -1);
                for (long round = 1; round <= 200; round++) {
                    writer.record(round, round % 50 == 0 ? round : round / 50 * 50);
                }
            }
            // round 200's record, written at once, came after records of rounds 151..199 handed to the background
            // thread: none of those may have overwritten it
            assertEquals(OptionalLong.of(200), store.lastCheckpoint());
        }
    }
}
