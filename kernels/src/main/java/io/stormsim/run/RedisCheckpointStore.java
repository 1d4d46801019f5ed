package io.stormsim.run;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Checkpoints in a Redis server, which every host of a cluster reaches: a run's keys start with
 * {@code stormsim:<run>:checkpoints:}. A piece is written in chunks of at most {@link #CHUNK_BYTES}
 * ({@code <round>:<p>-of-<P>:<i>}), then its chunk count ({@code <round>:<p>-of-<P>}), which alone makes the piece
 * readable; a checkpoint counts once its manifest ({@code <round>:manifest}, "pieces=P") is written, after every
 * piece, and its round added to the sorted set {@code complete}. Rounds begun are listed in {@code rounds}, so that
 * pruning also deletes what a failed round left.
 */
public final class RedisCheckpointStore implements CheckpointStore {
    /** No Redis value is larger: Redis allows 512 MB, but a large value blocks the server while it is copied. */
    public static final int CHUNK_BYTES = 16 << 20;

    private final URI url;
    private final String prefix;
    private final JedisPooled redis;
    private final RedisChunks chunks;

    /**
     * @param url {@code redis://HOST:PORT[/DB]}
     * @param run the run's name, which keeps its keys apart from other runs' on the same server
     */
    public RedisCheckpointStore(URI url, String run) {
        this(url, run, CHUNK_BYTES);
    }

    RedisCheckpointStore(URI url, String run, int chunkBytes) {
        this.url = url;
        this.prefix = "stormsim:" + run + ":checkpoints:";
        this.redis = new JedisPooled(url);
        this.chunks = new RedisChunks(redis, chunkBytes);
    }

    /** Checks that the server answers; the message names it. */
    public static void ping(URI url) throws IOException {
        try (JedisPooled redis = new JedisPooled(url)) {
            redis.ping();
        } catch (JedisException e) {
            throw new IOException("run store " + url + " cannot be reached: " + e.getMessage(), e);
        }
    }

    private String piece(long round, int partition, int partitions) {
        return prefix + round + ":" + partition + "-of-" + partitions;
    }

    private String manifest(long round) {
        return prefix + round + ":manifest";
    }

    @Override
    public void writePiece(long round, int partition, int partitions, PieceWriter writer) throws IOException {
        String key = piece(round, partition, partitions);
        try {
            redis.sadd(prefix + "rounds", Long.toString(round));
            // closed (its chunk count written) only once whole: a piece cut short stays unreadable
            OutputStream out = chunks.writer(key);
            writer.write(out);
            out.close();
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "write " + key, e);
        }
    }

    @Override
    public void commit(long round, int partitions, int keep) throws IOException {
        try {
            for (int p = 0; p < partitions; p++) {
                if (!chunks.exists(piece(round, p, partitions))) {
                    throw new IOException("checkpoint of round " + round + " in run store " + url + " lacks piece " + p
                            + " of " + partitions + ": not marked complete");
                }
            }
            redis.set(manifest(round), "pieces=" + partitions);
            redis.zadd(prefix + "complete", round, Long.toString(round));
            prune(keep);
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "commit the checkpoint of round " + round, e);
        }
    }

    /** Deletes complete rounds but the newest {@code keep}, and rounds begun before the oldest kept one. */
    private void prune(int keep) {
        List<Long> complete = completeRounds();
        if (complete.size() <= keep) {
            return;
        }
        long oldestKept = complete.get(complete.size() - keep);
        for (String begun : redis.smembers(prefix + "rounds")) {
            long round = Long.parseLong(begun);
            if (round < oldestKept) {
                redis.zrem(prefix + "complete", begun);
                deleteRound(round);
                redis.srem(prefix + "rounds", begun);
            }
        }
    }

    private void deleteRound(long round) {
        ScanParams match = new ScanParams().match(prefix + round + ":*").count(1000);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, match);
            if (!page.getResult().isEmpty()) {
                redis.del(page.getResult().toArray(String[]::new));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }

    private List<Long> completeRounds() {
        List<Long> rounds = new ArrayList<>();
        for (String r : redis.zrange(prefix + "complete", 0, -1)) {
            rounds.add(Long.parseLong(r));
        }
        Collections.sort(rounds);
        return rounds;
    }

    @Override
    public OptionalLong latestComplete() throws IOException {
        try {
            List<Long> rounds = completeRounds();
            return rounds.isEmpty() ? OptionalLong.empty() : OptionalLong.of(rounds.get(rounds.size() - 1));
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "list its checkpoints", e);
        }
    }

    @Override
    public int pieces(long round) throws IOException {
        String m;
        try {
            m = redis.get(manifest(round));
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "read " + manifest(round), e);
        }
        if (m == null) {
            throw new IOException("no complete checkpoint of round " + round + " in run store " + url);
        }
        if (!m.matches("pieces=[1-9][0-9]{0,8}")) {
            throw new IOException("checkpoint manifest " + manifest(round) + " in run store " + url + " is '"
                    + (m.length() > 40 ? m.substring(0, 40) + "..." : m) + "', expected pieces=N, N >= 1");
        }
        return Integer.parseInt(m.substring("pieces=".length()));
    }

    @Override
    public <T> T readPiece(long round, int partition, PieceReader<T> reader) throws IOException {
        String key = piece(round, partition, pieces(round));
        String what = "checkpoint piece " + key + " in run store " + url;
        InputStream in;
        try {
            in = chunks.reader(key, what);
        } catch (JedisException e) {
            throw RedisChunks.failed(url, "read " + key, e);
        }
        try (in) {
            return reader.read(in);
        } catch (EOFException e) {
            throw (EOFException) new EOFException(what + ": " + e.getMessage()).initCause(e);
        }
    }

    @Override
    public void close() {
        redis.close();
    }
}
