package io.stormsim.bolts.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.bolts.fft.FftReport;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.spouts.StepCommand;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for every payload of the six-step FFT topology: the transpose blocks and
 * the partitions' reports, as primitive arrays. Named in fft.yaml ({@code topology.kryo.decorators}).
 */
public class FftKryo implements IKryoDecorator {
    @Override
    public void decorate(Kryo k) {
        k.register(StepCommand.class, new NbodyKryo.StepCommandSerializer());
        k.register(ComplexBlock.class, new ComplexBlockSerializer());
        k.register(FftReport.class, new FftReportSerializer());
    }

    static final class ComplexBlockSerializer extends Serializer<ComplexBlock> {
        @Override
        public void write(Kryo kryo, Output out, ComplexBlock b) {
            out.writeInt(b.rows, true);
            out.writeInt(b.cols, true);
            out.writeDoubles(b.re, 0, b.re.length);
            out.writeDoubles(b.im, 0, b.im.length);
        }

        @Override
        public ComplexBlock read(Kryo kryo, Input in, Class<? extends ComplexBlock> type) {
            int rows = in.readInt(true);
            int cols = in.readInt(true);
            return new ComplexBlock(rows, cols, in.readDoubles(rows * cols), in.readDoubles(rows * cols));
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
