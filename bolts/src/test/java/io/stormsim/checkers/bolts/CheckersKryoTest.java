package io.stormsim.checkers.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.checkers.Fen;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.SearchJob;
import io.stormsim.checkers.TableShard;
import io.stormsim.run.JobCommand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The checkers payloads survive Storm's Kryo, configured as the checkers YAMLs configure it. */
class CheckersKryoTest {
    private static Kryo kryo(boolean decorated) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, false);
        if (decorated) {
            conf.put(Config.TOPOLOGY_KRYO_DECORATORS, List.of(CheckersKryo.class.getName()));
        }
        return SerializationFactory.getKryo(conf);
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T value) {
        Kryo k = kryo(true);
        Output out = new Output(1024, -1);
        k.writeClassAndObject(out, value);
        return (T) k.readClassAndObject(new Input(out.toBytes()));
    }

    @Test
    void everyPayloadRoundTrips() {
        JobCommand c = roundTrip(new JobCommand(41, 2, 1234567890123L));
        assertEquals(41, c.job);
        assertEquals(2, c.attempt);
        assertEquals(1234567890123L, c.emittedMillis);

        PerftPartial p = roundTrip(new PerftPartial(new long[] {1, Long.MAX_VALUE, 0}, 17, 99, 123));
        assertArrayEquals(new long[] {1, Long.MAX_VALUE, 0}, p.perRootMove);
        assertEquals(17, p.jobs);
        assertEquals(99, p.nanos);
        assertEquals(123, p.emittedMillis);

        Position root = Fen.parse("W:WK6,21:B9,10,K17,18");
        long[] moves = root.moves();
        List<SearchJob> jobs = List.of(new SearchJob(3, new long[] {moves[0]}, 5, -Search.INFINITY, Search.INFINITY),
                new SearchJob(8, new long[] {moves[1], root.play(moves[1]).moves()[0]}, 0, -12, 40));
        SearchBatch b = roundTrip(new SearchBatch(7, root, jobs, new int[] {1, 0}));
        assertEquals(7, b.round);
        assertEquals(root, b.root);
        assertEquals(root.hash, b.root.hash);
        assertEquals(jobs, b.jobs);
        assertArrayEquals(new int[] {1, 0}, b.dealtTo);
        assertEquals(0, roundTrip(new SearchBatch(0, Position.start(), List.of(), new int[0])).jobs.size());

        SearchAnswers a = roundTrip(new SearchAnswers(5, 1, new int[] {4, 0, 2}, new int[] {-Search.INFINITY, 3,
                Search.INFINITY}, new long[] {1000, 0, 1L << 40}, new long[] {moves[0], 0, -1}, 7));
        assertEquals(5, a.round);
        assertEquals(1, a.searcher);
        assertArrayEquals(new int[] {-Search.INFINITY, 3, Search.INFINITY}, a.scores);
        assertArrayEquals(new int[] {4, 0, 2}, a.jobs);
        assertArrayEquals(new long[] {1000, 0, 1L << 40}, a.jobNodes);
        assertArrayEquals(new long[] {moves[0], 0, -1}, a.bestMoves);
        assertEquals(7, a.nanos);

        TableShard.Updates u = roundTrip(new TableShard.Updates(new long[] {-1, 5}, new long[] {9, Long.MIN_VALUE}));
        assertArrayEquals(new long[] {-1, 5}, u.hashes());
        assertArrayEquals(new long[] {9, Long.MIN_VALUE}, u.entries());
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> kryo(false).writeClassAndObject(new Output(64, -1), new SearchAnswers(0, 0, new int[0], new int[0], new long[0], new long[0], 0)));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }
}
