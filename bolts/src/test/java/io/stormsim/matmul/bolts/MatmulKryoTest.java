package io.stormsim.matmul.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.matmul.BlockSet;
import io.stormsim.matmul.Summa;
import io.stormsim.run.JobCommand;
import io.stormsim.wire.StormKryo;
import org.junit.jupiter.api.Test;

/** The matrix multiply payloads survive Storm's Kryo, configured as the YAML configures it, bit for bit. */
class MatmulKryoTest {
    @Test
    void jobBlocksRoundTripExactly() {
        Summa summa = new Summa(24, 4, 2, 3);
        BlockSet blocks = summa.ownedBlocks(4, Summa.BlockSource.random(9, 24, 4));
        blocks.data[0] = -0.0;
        JobBlocks back = StormKryo.roundTrip(StormKryo.with(MatmulKryo.class), new JobBlocks(new JobCommand(7, 2, 123456789L), blocks,
                11_000_000_007L, 3L));
        assertEquals(7, back.job.job);
        assertEquals(2, back.job.attempt);
        assertEquals(123456789L, back.job.emittedMillis);
        assertEquals(11_000_000_007L, back.broadcastCpuNanos);
        assertEquals(3L, back.multiplyCpuNanos);
        assertEquals(4, back.blocks.bs);
        assertArrayEquals(blocks.blockRow, back.blocks.blockRow);
        assertArrayEquals(blocks.blockCol, back.blocks.blockCol);
        assertArrayEquals(blocks.data, back.blocks.data);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.blocks.data[0]));
        assertEquals(0, StormKryo.roundTrip(StormKryo.with(MatmulKryo.class), BlockSet.empty(4)).size());
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StormKryo.roundTrip(StormKryo.with(), new JobBlocks(new JobCommand(0, 0, 0), BlockSet.empty(1), 0, 0)));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }
}
