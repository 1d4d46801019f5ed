package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesBinary;
import io.stormsim.nbody.PlummerSphere;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;

/** Checkpoints in a real Redis server: the store contract, pieces in chunks, runs kept apart, failures named. */
class RedisCheckpointStoreTest extends CheckpointStoreContract {
    /** Small chunks, so that every piece of the contract's tests spans several. */
    private static final int CHUNK = 4096;
    private static RedisServer redis;
    private final List<CheckpointStore> opened = new ArrayList<>();

    @BeforeAll
    static void startRedis(@TempDir Path dir) throws Exception {
        redis = RedisServer.start(dir.resolve("redis"));
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (redis != null) {
            redis.close();
        }
    }

    @AfterEach
    void closeStores() {
        opened.forEach(CheckpointStore::close);
    }

    @Override
    CheckpointStore store(String name) {
        return open(redis.url, name + "-" + System.nanoTime());
    }

    private CheckpointStore open(URI url, String run) {
        CheckpointStore store = new RedisCheckpointStore(url, run, CHUNK);
        opened.add(store);
        return store;
    }

    @Test
    void aPieceIsWrittenInChunksOfAtMostTheChunkSizeAndReadBackWhole() throws IOException {
        CheckpointStore store = open(redis.url, "chunks");
        Bodies bodies = PlummerSphere.generate(2000, 7);
        store.writePiece(5, 0, 1, out -> BodiesBinary.write(bodies, out));
        store.commit(5, 1, 1);
        try (JedisPooled client = new JedisPooled(redis.url)) {
            int chunks = Integer.parseInt(client.get("stormsim:chunks:checkpoints:5:0-of-1"));
            assertTrue(chunks > 10, chunks + " chunks");
            for (int i = 0; i < chunks; i++) {
                long bytes = client.strlen("stormsim:chunks:checkpoints:5:0-of-1:" + i);
                assertTrue(bytes <= CHUNK && bytes > 0, "chunk " + i + ": " + bytes + " bytes");
            }
        }
        assertTrue(bodies.sameStateBits(store.readPiece(5, 0, BodiesBinary::read)));
    }

    @Test
    void twoRunsOnOneServerKeepTheirCheckpointsApart() throws IOException {
        CheckpointStore a = open(redis.url, "run-a");
        CheckpointStore b = open(redis.url, "run-b");
        Bodies[] parts = {PlummerSphere.generate(20, 1)};
        writeAll(a, 10, parts);
        a.commit(10, 1, 3);
        assertEquals(OptionalLong.of(10), a.latestComplete());
        assertEquals(OptionalLong.empty(), b.latestComplete());
    }

    @Test
    void theRoundsAFailedRoundLeftArePrunedWithTheOldCheckpoints() throws IOException {
        CheckpointStore store = open(redis.url, "failed-round");
        Bodies[] parts = {PlummerSphere.generate(20, 1), PlummerSphere.generate(20, 2)};
        store.writePiece(15, 0, 2, out -> BodiesBinary.write(parts[0], out));
        for (long round = 10; round <= 40; round += 10) {
            writeAll(store, round, parts);
            store.commit(round, 2, 1);
        }
        try (JedisPooled client = new JedisPooled(redis.url)) {
            assertEquals(List.of("stormsim:failed-round:checkpoints:complete", "stormsim:failed-round:checkpoints:rounds"),
                    client.keys("stormsim:failed-round:checkpoints:*").stream().filter(k -> !k.contains(":40:"))
                            .sorted().toList(), "only round 40's keys and the two lists are left");
        }
    }

    @Test
    void aServerThatWentAwayIsWrittenToAgainOnceItIsBack(@TempDir Path dir) throws Exception {
        try (RedisServer own = RedisServer.start(dir.resolve("own"))) {
            CheckpointStore store = open(own.url, "comes-back");
            Bodies b = PlummerSphere.generate(10, 1);
            own.kill();
            IOException down = assertThrows(IOException.class, () -> store.writePiece(10, 0, 1,
                    out -> BodiesBinary.write(b, out)));
            assertTrue(down.getMessage().startsWith("run store " + own.url + ": cannot write "), down.getMessage());
            own.restart();
            store.writePiece(20, 0, 1, out -> BodiesBinary.write(b, out));
            store.commit(20, 1, 3);
            assertEquals(OptionalLong.of(20), store.latestComplete());
        }
    }

    @Test
    void aStoreThatCannotBeReachedIsNamed() throws Exception {
        URI nowhere = URI.create("redis://127.0.0.1:" + RedisServer.freeLoopbackPort());
        IOException e = assertThrows(IOException.class, () -> RedisCheckpointStore.ping(nowhere));
        assertTrue(e.getMessage().startsWith("run store " + nowhere + " cannot be reached: "), e.getMessage());
        CheckpointStore store = open(nowhere, "nowhere");
        Bodies b = PlummerSphere.generate(10, 1);
        IOException write = assertThrows(IOException.class, () -> store.writePiece(10, 0, 1, out -> BodiesBinary.write(b, out)));
        assertTrue(write.getMessage().startsWith("run store " + nowhere + ": cannot write stormsim:nowhere:checkpoints:10:0-of-1"),
                write.getMessage());
    }
}
