package io.stormsim.bolts.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.bolts.fft.FftReport;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.Signals;
import io.stormsim.spouts.StepCommand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The FFT payloads survive Storm's Kryo, configured as fft.yaml configures it, bit for bit. */
class FftKryoTest {
    private static Kryo stormKryo(boolean withDecorator) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, false);
        if (withDecorator) {
            conf.put(Config.TOPOLOGY_KRYO_DECORATORS, List.of(FftKryo.class.getName()));
        }
        return SerializationFactory.getKryo(conf);
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(Kryo kryo, T value) {
        Output out = new Output(1024, -1);
        kryo.writeClassAndObject(out, value);
        return (T) kryo.readClassAndObject(new Input(out.toBytes()));
    }

    @Test
    void blocksReportsAndTriggersRoundTripExactly() {
        Kryo kryo = stormKryo(true);
        // more values than one chunk, not a multiple of it, with signed zeros, subnormals and a NaN payload
        ComplexBlock block = ComplexBlock.zeros(37, 300);
        Signals.generate(5, 0, block.re.length, block.re, block.im, 0);
        block.re[0] = -0.0;
        block.im[1] = Double.MIN_VALUE;
        block.re[2] = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
        ComplexBlock back = roundTrip(kryo, block);
        assertEquals(37, back.rows);
        assertEquals(300, back.cols);
        for (int i = 0; i < block.re.length; i++) {
            assertEquals(Double.doubleToRawLongBits(block.re[i]), Double.doubleToRawLongBits(back.re[i]), "re " + i);
            assertEquals(Double.doubleToRawLongBits(block.im[i]), Double.doubleToRawLongBits(back.im[i]), "im " + i);
        }
        FftReport report = roundTrip(kryo, new FftReport(7, block));
        assertEquals(7, report.round());
        assertArrayEquals(block.im, report.rows().im, 0.0);
        FftReport empty = roundTrip(kryo, new FftReport(3, ComplexBlock.zeros(0, 0)));
        assertEquals(0, empty.rows().rows);
        StepCommand c = roundTrip(kryo, new StepCommand(4, StepCommand.Kind.RESTORE));
        assertEquals(StepCommand.Kind.RESTORE, c.kind);
        assertEquals(4, c.round);
    }

    @Test
    void withoutTheDecoratorBlocksFailLoudly() {
        Kryo kryo = stormKryo(false);
        assertThrows(RuntimeException.class, () -> roundTrip(kryo, ComplexBlock.zeros(1, 1)));
    }
}
