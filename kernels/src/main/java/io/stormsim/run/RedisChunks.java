package io.stormsim.run;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Byte streams of any length in Redis values of at most {@code chunkBytes}: a stream under {@code key} is its
 * chunks {@code key:0}, {@code key:1}, ..., then {@code key} itself, its chunk count, written last so that a
 * stream is readable only once whole. Redis allows 512 MB a value, but a large value blocks the server while
 * it is copied.
 */
final class RedisChunks {
    private static final int MAX_CHUNKS = 1 << 20;
    private final JedisPooled redis;
    private final int chunkBytes;

    /** A failed call to the store at {@code url}, as every message about it words it. */
    static IOException failed(URI url, String what, JedisException e) {
        return new IOException("run store " + url + ": cannot " + what + " (" + e.getMessage() + ")", e);
    }

    RedisChunks(JedisPooled redis, int chunkBytes) {
        this.redis = redis;
        this.chunkBytes = chunkBytes;
    }

    /** An output stream that writes {@code key}'s chunks as they fill, and its count on close. */
    OutputStream writer(String key) {
        return new OutputStream() {
            private final ByteArrayOutputStream chunk = new ByteArrayOutputStream();
            private int chunks;

            @Override
            public void write(int b) {
                chunk.write(b);
                flushFull();
            }

            @Override
            public void write(byte[] b, int off, int len) {
                while (len > 0) {
                    int n = Math.min(len, chunkBytes - chunk.size());
                    chunk.write(b, off, n);
                    off += n;
                    len -= n;
                    flushFull();
                }
            }

            private void flushFull() {
                if (chunk.size() >= chunkBytes) {
                    send();
                }
            }

            private void send() {
                redis.set((key + ":" + chunks).getBytes(StandardCharsets.UTF_8), chunk.toByteArray());
                chunks++;
                chunk.reset();
            }

            @Override
            public void close() {
                if (chunk.size() > 0 || chunks == 0) {
                    send();
                }
                redis.set(key, Integer.toString(chunks));
            }
        };
    }

    /** Whether {@code key} is a whole stream (its count is written). */
    boolean exists(String key) {
        return redis.exists(key);
    }

    /** The stream under {@code key}; {@code what} names it in messages. */
    InputStream reader(String key, String what) throws IOException {
        String count = redis.get(key);
        if (count == null || !count.matches("[1-9][0-9]{0,6}") || Integer.parseInt(count) > MAX_CHUNKS) {
            throw new IOException(what + ": chunk count is " + (count == null ? "missing" : "'" + count + "'")
                    + ", expected 1.." + MAX_CHUNKS);
        }
        List<InputStream> chunks = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(count); i++) {
            byte[] chunk = redis.get((key + ":" + i).getBytes(StandardCharsets.UTF_8));
            if (chunk == null) {
                throw new IOException(what + " lacks chunk " + i + " of " + count);
            }
            chunks.add(new ByteArrayInputStream(chunk));
        }
        return new SequenceInputStream(Collections.enumeration(chunks));
    }
}
