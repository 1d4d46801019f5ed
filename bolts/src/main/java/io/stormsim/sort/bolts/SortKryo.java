package io.stormsim.sort.bolts;

import static io.stormsim.wire.Arrays.readInts;
import static io.stormsim.wire.Arrays.readLongs;
import static io.stormsim.wire.Arrays.writeInts;
import static io.stormsim.wire.Arrays.writeLongs;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.run.JobCommand;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortRecords;
import io.stormsim.wire.Arrays;
import io.stormsim.wire.JobCommandSerializer;
import java.util.concurrent.atomic.LongAdder;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for every payload of the radix sort topology: a chunk's keys, payloads and top
 * digit counts and the samples travel as bulk primitive arrays ({@link Arrays}). Named in radix-sort.yaml
 * ({@code topology.kryo.decorators}).
 */
public class SortKryo implements IKryoDecorator {
    /**
     * Nanoseconds this JVM spent serializing and deserializing sort messages: none while Storm hands tuples
     * within a worker by reference. The bench reads it to report serialization's share honestly.
     */
    public static final LongAdder NANOS = new LongAdder();

    @Override
    public void decorate(Kryo k) {
        k.register(JobCommand.class, new JobCommandSerializer());
        k.register(SortExchange.class, new SortExchangeSerializer());
    }

    static final class SortExchangeSerializer extends Serializer<SortExchange> {
        @Override
        public void write(Kryo kryo, Output out, SortExchange m) {
            long start = System.nanoTime();
            writeExchange(kryo, out, m);
            NANOS.add(System.nanoTime() - start);
        }

        @Override
        public SortExchange read(Kryo kryo, Input in, Class<? extends SortExchange> type) {
            long start = System.nanoTime();
            SortExchange m = readExchange(kryo, in);
            NANOS.add(System.nanoTime() - start);
            return m;
        }

        private static void writeExchange(Kryo kryo, Output out, SortExchange m) {
            kryo.writeObject(out, m.job);
            out.writeInt(m.chunks.length, true);
            for (Chunk c : m.chunks) {
                writeChunk(out, c);
            }
            writeLongs(out, m.samples, m.samples.length);
            writeLongs(out, m.stats, m.stats.length);
        }

        private static SortExchange readExchange(Kryo kryo, Input in) {
            JobCommand job = kryo.readObject(in, JobCommand.class);
            Chunk[] chunks = new Chunk[in.readInt(true)];
            for (int i = 0; i < chunks.length; i++) {
                chunks[i] = readChunk(in);
            }
            return new SortExchange(job, chunks, readLongs(in), readLongs(in));
        }
    }

    /** A chunk with just its records (a view into a larger buffer is copied out first). */
    private static void writeChunk(Output out, Chunk c) {
        Chunk own = c.from() == 0 ? c : c.detached();
        SortRecords r = own.records();
        out.writeInt(own.source(), true);
        out.writeInt(own.destination(), true);
        out.writeByte(r.keyBits());
        out.writeBoolean(r.hasPayloads());
        if (r.keyBits() == 32) {
            writeInts(out, r.intKeys(), own.count());
        } else {
            writeLongs(out, r.longKeys(), own.count());
        }
        if (r.hasPayloads()) {
            writeLongs(out, r.payloads(), own.count());
        }
        out.writeBoolean(own.digitCounts() != null);
        if (own.digitCounts() != null) {
            writeInts(out, own.digitCounts(), own.digitCounts().length);
        }
    }

    private static Chunk readChunk(Input in) {
        int source = in.readInt(true), destination = in.readInt(true);
        int keyBits = in.readByte();
        boolean hasPayloads = in.readBoolean();
        SortRecords r;
        if (keyBits == 32) {
            int[] keys = readInts(in);
            r = SortRecords.ofInts(keys, hasPayloads ? readLongs(in) : null);
        } else {
            long[] keys = readLongs(in);
            r = SortRecords.ofLongs(keys, hasPayloads ? readLongs(in) : null);
        }
        return new Chunk(source, destination, r, 0, r.size(), in.readBoolean() ? readInts(in) : null, null);
    }
}
