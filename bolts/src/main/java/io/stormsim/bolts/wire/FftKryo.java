package io.stormsim.bolts.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.bolts.fft.FftReport;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.spouts.StepCommand;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import org.apache.storm.serialization.IKryoDecorator;

/**
 * Registers Kryo serializers for every payload of the six-step FFT topology: the transpose blocks and
 * the partitions' reports. Named in fft.yaml ({@code topology.kryo.decorators}). A block's doubles go
 * through a little-endian {@link DoubleBuffer} view in chunks (bulk copies, raw bits) rather than Kryo's
 * value-by-value {@code writeDoubles}: half the CPU time for the tens of megabytes a transpose moves.
 */
public class FftKryo implements IKryoDecorator {
    private static final int CHUNK_DOUBLES = 1 << 13;

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
            byte[] chunk = new byte[CHUNK_DOUBLES * Double.BYTES];
            writeDoubles(out, b.re, chunk);
            writeDoubles(out, b.im, chunk);
        }

        @Override
        public ComplexBlock read(Kryo kryo, Input in, Class<? extends ComplexBlock> type) {
            int rows = in.readInt(true);
            int cols = in.readInt(true);
            byte[] chunk = new byte[CHUNK_DOUBLES * Double.BYTES];
            return new ComplexBlock(rows, cols, readDoubles(in, rows * cols, chunk), readDoubles(in, rows * cols, chunk));
        }

        private static void writeDoubles(Output out, double[] values, byte[] chunk) {
            DoubleBuffer view = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer();
            for (int from = 0; from < values.length; from += CHUNK_DOUBLES) {
                int count = Math.min(CHUNK_DOUBLES, values.length - from);
                view.clear();
                view.put(values, from, count);
                out.writeBytes(chunk, 0, count * Double.BYTES);
            }
        }

        private static double[] readDoubles(Input in, int length, byte[] chunk) {
            double[] values = new double[length];
            DoubleBuffer view = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer();
            for (int from = 0; from < length; from += CHUNK_DOUBLES) {
                int count = Math.min(CHUNK_DOUBLES, length - from);
                in.readBytes(chunk, 0, count * Double.BYTES);
                view.clear();
                view.get(values, from, count);
            }
            return values;
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
