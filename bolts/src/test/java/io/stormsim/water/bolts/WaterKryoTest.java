package io.stormsim.water.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import io.stormsim.run.StepCommand;
import io.stormsim.water.BlockPartials;
import io.stormsim.water.ForceUpdate;
import io.stormsim.water.Frames;
import io.stormsim.water.LatticeStart;
import io.stormsim.water.RunConstants;
import io.stormsim.water.SeededRandomNumbers;
import io.stormsim.water.WaterInput;
import io.stormsim.water.WaterModel;
import io.stormsim.water.WaterPartition;
import io.stormsim.wire.StormKryo;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.serialization.SerializableSerializer;
import org.junit.jupiter.api.Test;

/**
 * The Water payloads survive Storm's Kryo, configured as water.yaml configures it, bit for bit; a partition's
 * state sent between phases mid-step carries everything the later phases read (the copy goes on to the
 * original's bits).
 */
class WaterKryoTest {
    private static final Kryo KRYO = StormKryo.with(WaterKryo.class);
    private static final int MOLECULES = 64, PARTITIONS = 3;

    @Test
    void exchangedPayloadsRoundTripExactly() {
        Frames f = new Frames(new int[] {3, 40}, new int[] {2, 1}, new double[] {-0.0, 1.5, Double.MIN_VALUE, 7});
        Frames fb = StormKryo.roundTrip(KRYO, f);
        assertArrayEquals(f.first(), fb.first());
        assertArrayEquals(f.count(), fb.count());
        assertBits(f.values(), fb.values());
        ForceUpdate u = new ForceUpdate(new int[] {4, 6}, new int[] {6, 7}, new int[] {10, 70}, new int[] {1, 2},
                new double[] {1e-300, -2});
        ForceUpdate ub = StormKryo.roundTrip(KRYO, u);
        assertArrayEquals(u.lo(), ub.lo());
        assertArrayEquals(u.hi(), ub.hi());
        assertArrayEquals(u.position(), ub.position());
        assertArrayEquals(u.count(), ub.count());
        assertBits(u.values(), ub.values());
        assertTrue(StormKryo.roundTrip(KRYO, new Frames(new int[0], new int[0], new double[0])).isEmpty());
        StepCommand c = StormKryo.roundTrip(KRYO, new StepCommand(12, StepCommand.Kind.RESTORE));
        assertEquals(12, c.round);
        assertEquals(StepCommand.Kind.RESTORE, c.kind);
        assertBits(new double[] {1.25, -3}, StormKryo.roundTrip(KRYO, new double[] {1.25, -3}));
    }

    @Test
    void reportsRoundTripExactly() {
        BlockPartials b = new BlockPartials(4, 3, new double[] {0.1, -0.0, 3e10});
        WaterReport r = new WaterReport(9, WaterPartitionState.Mode.STEP, 17, 1.0 / 3, -2.5, b, b, b, null,
                new long[] {0, Long.MAX_VALUE, 7}, 12345, 678, 21, new double[][] {{1, 2}, {3, -0.0}});
        WaterReport back = StormKryo.roundTrip(KRYO, r);
        assertEquals(r.round(), back.round());
        assertEquals(r.mode(), back.mode());
        assertEquals(r.step(), back.step());
        assertEquals(r.kineticSum(), back.kineticSum(), 0.0);
        assertEquals(r.virialSum(), back.virialSum(), 0.0);
        assertEquals(4, back.kinetic().firstBlock());
        assertEquals(3, back.kinetic().width());
        assertBits(b.values(), back.intramolecularVirial().values());
        assertNull(back.potential());
        assertArrayEquals(r.pairCounts(), back.pairCounts());
        assertEquals(12345, back.pairs());
        assertEquals(678, back.exchangedBytes());
        assertEquals(21, back.from());
        assertBits(r.finalDerivatives()[1], back.finalDerivatives()[1]);
    }

    /** Three partitions through one step, each state sent through Kryo between every two phases. */
    @Test
    void aPartitionSentBetweenPhasesContinuesWithTheSameBits() {
        WaterInput in = WaterInput.of(MOLECULES, 2, 0.0, 1);
        RunConstants c = new RunConstants(in);
        double[][] start = LatticeStart.derivatives(in, c, SeededRandomNumbers.generate(MOLECULES, 3));
        double[][] direct = step(c, start, false), sent = step(c, start, true);
        for (int k = 0; k < direct.length; k++) {
            assertBits(direct[k], sent[k]);
        }
    }

    private static double[][] step(RunConstants c, double[][] start, boolean send) {
        List<WaterPartition> parts = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            parts.add(new WaterPartition(c, p, PARTITIONS, start));
            parts.get(p).predict();
            parts.get(p).intramolecular();
        }
        parts = send ? sent(parts) : parts;
        List<List<Frames>> frames = new ArrayList<>();
        for (int q = 0; q < PARTITIONS; q++) {
            List<Frames> to = new ArrayList<>();
            for (WaterPartition p : parts) {
                to.add(StormKryo.roundTrip(KRYO, p.framesFor(q)));
            }
            frames.add(to);
        }
        List<List<ForceUpdate>> updates = new ArrayList<>();
        for (int q = 0; q < PARTITIONS; q++) {
            updates.add(new ArrayList<>());
        }
        for (int p = 0; p < PARTITIONS; p++) {
            ForceUpdate[] out = parts.get(p).intermolecular(frames.get(p)).updates();
            for (int q = 0; q < PARTITIONS; q++) {
                if (!out[q].isEmpty()) {
                    updates.get(q).add(StormKryo.roundTrip(KRYO, out[q]));
                }
            }
        }
        parts = send ? sent(parts) : parts;
        double[][] all = new double[c.order + 1][WaterModel.PER_MOLECULE * c.molecules];
        for (int q = 0; q < PARTITIONS; q++) {
            parts.get(q).correct(updates.get(q));
            parts.get(q).boundary();
            parts.get(q).copyDerivativesTo(all);
        }
        return all;
    }

    private static List<WaterPartition> sent(List<WaterPartition> parts) {
        List<WaterPartition> out = new ArrayList<>();
        for (WaterPartition p : parts) {
            WaterPartitionState s = new WaterPartitionState(3, WaterPartitionState.Mode.STEP, 2, 0.5, -0.25, p);
            WaterPartitionState back = StormKryo.roundTrip(KRYO, s);
            assertEquals(3, back.round);
            assertEquals(2, back.step);
            assertTrue(back.partition != p, "a copy, not the same object");
            out.add(back.partition);
        }
        return out;
    }

    /** Storm's Kryo gives a class registered without a serializer Java serialization: none of the payloads' parts has it. */
    @Test
    void noPartTravelsByJavaSerialization() {
        for (Class<?> c : new Class<?>[] {double[].class, int[].class, double[][].class, Frames.class, ForceUpdate.class,
                BlockPartials.class, WaterReport.class, WaterPartitionState.class, WaterPartition.class,
                RunConstants.class, StepCommand.class}) {
            String serializer = KRYO.getRegistration(c).getSerializer().getClass().getName();
            assertFalse(serializer.equals(SerializableSerializer.class.getName()), c + " uses " + serializer);
        }
    }

    @Test
    void withoutTheDecoratorStormRefusesThePayloads() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StormKryo.roundTrip(StormKryo.with(), new Frames(new int[0], new int[0], new double[0])));
        assertTrue(e.getMessage().contains("not registered"), e.getMessage());
    }

    private static void assertBits(double[] expected, double[] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(actual[i]), "element " + i);
        }
    }
}
