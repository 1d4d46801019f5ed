package io.stormsim.sort.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.run.JobCommand;
import io.stormsim.sort.KeyGenerator;
import io.stormsim.sort.KeySplitters;
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortRecords;
import io.stormsim.wire.StormKryo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The radix sort payloads survive Storm's Kryo, configured as radix-sort.yaml configures it, bit for bit. */
class SortKryoTest {
    private static SortExchange roundTrip(SortExchange m) {
        return StormKryo.roundTrip(StormKryo.with(SortKryo.class), m);
    }

    @Test
    void splitChunksOfKeysAndRecordsRoundTripExactly() {
        for (int keyBits : new int[] {32, 64}) {
            for (boolean payloads : new boolean[] {false, true}) {
                SortRecords stripe = KeyGenerator.UNIFORM.generate(keyBits, 300, payloads, 5);
                long[] sample = KeySplitters.sample(stripe, 600);
                KeySplitters splitters = KeySplitters.choose(List.of(sample, sample, sample), 3);
                // The split's chunks view the outbox from offsets past 0: the serializer sends just their records.
                Chunk[] chunks = new RadixPartition(1, 3, 8).split(stripe, 300, splitters);
                long[] stats = {7, 0, Long.MIN_VALUE};
                SortExchange back = roundTrip(new SortExchange(new JobCommand(9, 1, 123456789L), chunks, sample, stats));
                assertEquals(9, back.job.job);
                assertEquals(1, back.job.attempt);
                assertEquals(123456789L, back.job.emittedMillis);
                assertArrayEquals(sample, back.samples);
                assertArrayEquals(stats, back.stats);
                assertEquals(chunks.length, back.chunks.length);
                long records = 0;
                for (int q = 0; q < chunks.length; q++) {
                    Chunk sent = chunks[q], got = back.chunks[q];
                    assertEquals(sent.source(), got.source());
                    assertEquals(sent.destination(), got.destination());
                    assertEquals(sent.count(), got.count());
                    assertEquals(0, got.from());
                    assertArrayEquals(sent.digitCounts(), got.digitCounts());
                    assertTrue(sent.records().copyOfRange(sent.from(), sent.from() + sent.count())
                            .sameRecords(got.records()), keyBits + "-bit, payloads " + payloads + ", chunk " + q);
                    if (!payloads) {
                        assertNull(got.records().payloads());
                    }
                    records += got.count();
                }
                assertEquals(stripe.size(), records);
            }
        }
    }

    @Test
    void emptyChunksStripesWithoutCountsAndEmptySamplesRoundTrip() {
        Chunk empty = new Chunk(0, 2, SortRecords.allocate(64, true, 0), 0, 0, new int[256], null);
        Chunk stripe = Chunk.toSelf(1, KeyGenerator.UNIFORM.generate(32, 10, false, 1));
        SortExchange back = roundTrip(new SortExchange(new JobCommand(0, 0, 0), new Chunk[] {empty, stripe},
                new long[0], new long[0]));
        assertEquals(2, back.chunks.length);
        assertEquals(0, back.chunks[0].count());
        assertEquals(64, back.chunks[0].records().keyBits());
        assertTrue(back.chunks[0].records().hasPayloads());
        assertEquals(2, back.chunks[0].destination());
        assertArrayEquals(new int[256], back.chunks[0].digitCounts());
        assertNull(back.chunks[1].digitCounts());
        assertTrue(stripe.records().sameRecords(back.chunks[1].records()));
        assertEquals(0, back.samples.length);
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        SortExchange m = new SortExchange(new JobCommand(0, 0, 0), new Chunk[0], new long[0], new long[0]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StormKryo.roundTrip(StormKryo.with(), m));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }
}
