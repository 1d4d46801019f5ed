package io.stormsim.fft.bolts;

import static io.stormsim.wire.Arrays.readDoubles;
import static io.stormsim.wire.Arrays.writeDoubles;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.run.StepCommand;
import io.stormsim.wire.Arrays;
import io.stormsim.wire.StepCommandSerializer;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for every payload of the six-step FFT topology: the transpose blocks and
 * the partitions' reports, their doubles as bulk copies ({@link Arrays}), a block with its stamp
 * ({@link ComplexBlock#stamp}), so a copy passes the same check as the block it copies. Named in fft.yaml
 * ({@code topology.kryo.decorators}).
 */
public class FftKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(StepCommand.class, new StepCommandSerializer());
        k.register(ComplexBlock.class, new ComplexBlockSerializer());
        k.register(FftReport.class, new FftReportSerializer());
    }

    static final class ComplexBlockSerializer extends Serializer<ComplexBlock> {
        @Override
        public void write(Kryo kryo, Output out, ComplexBlock b) {
            // the copy is a reader of a reused block (StampCheck): it keeps the stamp only if no write came between
            long stamp = b.stamp();
            out.writeInt(b.rows, true);
            out.writeInt(b.cols, true);
            writeDoubles(out, b.re, b.re.length);
            writeDoubles(out, b.im, b.im.length);
            out.writeLong(b.stamp() == stamp ? stamp : ComplexBlock.BEING_WRITTEN);
        }

        @Override
        public ComplexBlock read(Kryo kryo, Input in, Class<? extends ComplexBlock> type) {
            ComplexBlock b = new ComplexBlock(in.readInt(true), in.readInt(true), readDoubles(in), readDoubles(in));
            b.publish(in.readLong());
            return b;
        }
    }

    static final class FftReportSerializer extends Serializer<FftReport> {
        @Override
        public void write(Kryo kryo, Output out, FftReport r) {
            out.writeLong(r.round());
            kryo.writeObject(out, r.rows());
        }

        @Override
        public FftReport read(Kryo kryo, Input in, Class<? extends FftReport> type) {
            return new FftReport(in.readLong(), kryo.readObject(in, ComplexBlock.class));
        }
    }
}
