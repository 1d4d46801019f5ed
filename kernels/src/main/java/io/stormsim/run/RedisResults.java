package io.stormsim.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A run's result files in its run store, so that a user reaches them whichever host wrote them: each file under
 * {@code stormsim:<run>:results:<name>} ({@link RedisChunks}), its name added to the set
 * {@code stormsim:<run>:results} once it is whole. A file written again replaces the one before.
 */
public final class RedisResults implements AutoCloseable {
    private final URI url;
    private final String prefix;
    private final JedisPooled redis;
    private final RedisChunks chunks;

    public RedisResults(URI url, String run) {
        this.url = url;
        this.prefix = "stormsim:" + run + ":results";
        this.redis = new JedisPooled(url);
        this.chunks = new RedisChunks(redis, RedisCheckpointStore.CHUNK_BYTES);
    }

    /** Stores {@code file} as result {@code name} (a path relative to the output directory, with '/'). */
    public void put(String name, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            put(name, in);
        }
    }

    /** Stores what {@code in} holds as result {@code name}. */
    public void put(String name, InputStream in) throws IOException {
        try {
            OutputStream out = chunks.writer(prefix + ":" + name);
            in.transferTo(out);
            out.close();
            redis.sadd(prefix, name);
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "store result " + name, e);
        }
    }

    /** The names of the run's results, sorted. */
    public List<String> names() throws IOException {
        try {
            return redis.smembers(prefix).stream().sorted().toList();
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "list the results", e);
        }
    }

    /** Writes result {@code name} to {@code file}, replacing it whole. */
    public void get(String name, Path file) throws IOException {
        InputStream in;
        try {
            in = chunks.reader(prefix + ":" + name, "result " + name + " in run store " + url);
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "read result " + name, e);
        }
        try (in) {
            AtomicFiles.write(file, in::transferTo);
        }
    }

    /** Removes result {@code name} (a summary a replay is about to redo). */
    public void remove(String name) throws IOException {
        try {
            redis.srem(prefix, name);
            redis.del(prefix + ":" + name);
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "remove result " + name, e);
        }
    }

    @Override
    public void close() {
        redis.close();
    }
}
