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
 * the partitions' reports, their doubles as bulk copies ({@link Arrays}). Named in fft.yaml
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
            out.writeInt(b.rows, true);
            out.writeInt(b.cols, true);
            writeDoubles(out, b.re, b.re.length);
            writeDoubles(out, b.im, b.im.length);
        }

        @Override
        public ComplexBlock read(Kryo kryo, Input in, Class<? extends ComplexBlock> type) {
            return new ComplexBlock(in.readInt(true), in.readInt(true), readDoubles(in), readDoubles(in));
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
