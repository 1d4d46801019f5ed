package io.stormsim.bolts.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.stormsim.bolts.matmul.JobBlocks;
import io.stormsim.matrix.BlockSet;
import io.stormsim.matrix.Summa;
import io.stormsim.spouts.JobCommand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The matrix multiply payloads survive Storm's Kryo, configured as the YAML configures it, bit for bit. */
class MatmulKryoTest {
    private static Kryo stormKryo(boolean withDecorator) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, false);
        if (withDecorator) {
            conf.put(Config.TOPOLOGY_KRYO_DECORATORS, List.of(MatmulKryo.class.getName()));
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
    void jobBlocksRoundTripExactly() {
        Summa summa = new Summa(24, 4, 2, 3);
        BlockSet blocks = summa.ownedBlocks(4, Summa.BlockSource.random(9, 24, 4));
        blocks.data[0] = -0.0;
        JobBlocks back = roundTrip(stormKryo(true), new JobBlocks(new JobCommand(7, 2, 123456789L), blocks));
        assertEquals(7, back.job.job);
        assertEquals(2, back.job.attempt);
        assertEquals(123456789L, back.job.emittedMillis);
        assertEquals(4, back.blocks.bs);
        assertArrayEquals(blocks.blockRow, back.blocks.blockRow);
        assertArrayEquals(blocks.blockCol, back.blocks.blockCol);
        assertArrayEquals(blocks.data, back.blocks.data);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.blocks.data[0]));
        assertEquals(0, roundTrip(stormKryo(true), BlockSet.empty(4)).size());
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> roundTrip(stormKryo(false), new JobBlocks(new JobCommand(0, 0, 0), BlockSet.empty(1))));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }
}
