package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's output mirrored into a real Redis server: every file, the summary last, and only once the run is done. */
class ResultsMirrorTest {
    @TempDir
    Path tmp;

    @Test
    void everyResultReachesTheStoreWithTheSummaryAndAReplayTakesTheSummaryBack() throws Exception {
        try (RedisServer redis = RedisServer.start(tmp.resolve("redis"));
                RedisResults results = new RedisResults(redis.url, "mirrored")) {
            Path dir = tmp.resolve("out");
            RunOutput output = new RunOutput(dir, new ResultsMirror(dir, new RedisResults(redis.url, "mirrored")));
            output.writeString("table.txt", "a table\n");
            assertEquals(List.of("table.txt"), results.names(), "a file written whole is stored at once");
            output.append("log.csv", "round,x\n0,1\n");
            output.append("log.csv", "1,2\n");
            Files.createDirectories(dir.resolve("metrics"));
            Files.write(dir.resolve("metrics/worker.csv"), new byte[] {1, 2, 3});
            Files.write(dir.resolve("plot.png"), new byte[70_000]);
            output.complete("steps=2\n");
            assertEquals(List.of("log.csv", "metrics/worker.csv", "plot.png", "summary.txt", "table.txt"), results.names());
            for (String name : results.names()) {
                Path copy = tmp.resolve("copy").resolve(name);
                Files.createDirectories(copy.getParent());
                results.get(name, copy);
                assertArrayEquals(Files.readAllBytes(dir.resolve(name)), Files.readAllBytes(copy), name);
            }
            output.clearComplete();
            assertFalse(results.names().contains(RunOutput.SUMMARY), "a replay's run is not complete in the store");
            assertTrue(results.names().contains("log.csv"));
            output.close();
        }
    }

    @Test
    void aStoreThatIsGoneDoesNotStopTheRun() throws Exception {
        Path dir = tmp.resolve("out");
        RedisServer redis = RedisServer.start(tmp.resolve("redis-gone"));
        RunOutput output = new RunOutput(dir, new ResultsMirror(dir, new RedisResults(redis.url, "gone")));
        redis.kill();
        output.writeString("table.txt", "a table\n");
        output.append("log.csv", "0,1\n");
        output.complete("steps=1\n");
        assertEquals("steps=1\n", Files.readString(dir.resolve(RunOutput.SUMMARY)), "the run's own files are written");
        output.close();
    }
}
