package io.stormsim.fft.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.esotericsoftware.kryo.Kryo;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.Signals;
import io.stormsim.fft.StampCheck;
import io.stormsim.run.StepCommand;
import io.stormsim.wire.StormKryo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The FFT payloads survive Storm's Kryo, configured as fft.yaml configures it, bit for bit. */
class FftKryoTest {
    @Test
    void blocksReportsAndTriggersRoundTripExactly() {
        Kryo kryo = StormKryo.with(FftKryo.class);
        // more values than one chunk, not a multiple of it, with signed zeros, subnormals and a NaN payload
        ComplexBlock block = ComplexBlock.zeros(37, 300);
        Signals.generate(5, 0, block.re.length, block.re, block.im, 0);
        block.re[0] = -0.0;
        block.im[1] = Double.MIN_VALUE;
        block.re[2] = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
        ComplexBlock back = StormKryo.roundTrip(kryo, block);
        assertEquals(37, back.rows);
        assertEquals(300, back.cols);
        for (int i = 0; i < block.re.length; i++) {
            assertEquals(Double.doubleToRawLongBits(block.re[i]), Double.doubleToRawLongBits(back.re[i]), "re " + i);
            assertEquals(Double.doubleToRawLongBits(block.im[i]), Double.doubleToRawLongBits(back.im[i]), "im " + i);
        }
        FftReport report = StormKryo.roundTrip(kryo, new FftReport(7, block));
        assertEquals(7, report.round());
        assertArrayEquals(block.im, report.rows().im, 0.0);
        FftReport empty = StormKryo.roundTrip(kryo, new FftReport(3, ComplexBlock.zeros(0, 0)));
        assertEquals(0, empty.rows().rows);
        StepCommand c = StormKryo.roundTrip(kryo, new StepCommand(4, StepCommand.Kind.RESTORE));
        assertEquals(StepCommand.Kind.RESTORE, c.kind);
        assertEquals(4, c.round);
    }

    @Test
    void aCopyKeepsTheStampOrSaysTheBlockWasBeingWritten() {
        Kryo kryo = StormKryo.with(FftKryo.class);
        ComplexBlock block = ComplexBlock.zeros(3, 4);
        block.startWrite();
        block.re[5] = 1.5;
        block.publish(1L << 60);
        ComplexBlock back = StormKryo.roundTrip(kryo, block);
        assertEquals(1L << 60, back.stamp());
        assertEquals(1.5, back.re[5]);
        StampCheck.require(1L << 60, List.of(back), "copy", "block");
        // serialized while its producer overwrites it: the copy must fail a reader's check like the block
        block.startWrite();
        ComplexBlock torn = StormKryo.roundTrip(kryo, block);
        assertEquals(ComplexBlock.BEING_WRITTEN, torn.stamp());
        assertThrows(IllegalStateException.class, () -> StampCheck.require(1L << 60, List.of(torn), "copy", "block"));
    }

    @Test
    void withoutTheDecoratorBlocksFailLoudly() {
        Kryo kryo = StormKryo.with();
        assertThrows(RuntimeException.class, () -> StormKryo.roundTrip(kryo, ComplexBlock.zeros(1, 1)));
    }
}
