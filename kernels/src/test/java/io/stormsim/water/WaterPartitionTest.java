package io.stormsim.water;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Partitioned phases give the sequential kernel's bits at any partition count. */
class WaterPartitionTest {

    private static List<StepValues> advance(WaterRun run, int steps) {
        List<StepValues> out = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            out.add(run.advance());
        }
        return out;
    }

    private static void assertSameBits(WaterRun expected, List<StepValues> expectedValues, WaterRun actual,
                                       List<StepValues> actualValues) {
        // Records compare doubles by their bits (Double.equals), as arrays do in assertArrayEquals.
        assertEquals(expectedValues, actualValues, actual.partitions() + " partitions");
        WaterState e = expected.state(), a = actual.state();
        for (int k = 0; k < e.derivatives().length; k++) {
            assertArrayEquals(e.derivatives()[k], a.derivatives()[k], "derivative " + k + " at "
                    + actual.partitions() + " partitions");
        }
        assertEquals(Double.doubleToRawLongBits(e.kineticSum()), Double.doubleToRawLongBits(a.kineticSum()));
        assertEquals(Double.doubleToRawLongBits(e.virialSum()), Double.doubleToRawLongBits(a.virialSum()));
    }

    @Test
    void anyPartitionCountGivesTheSequentialBitsAfterTenSteps() {
        WaterRun sequential = TestStarts.lattice(512, 1, 1);
        List<StepValues> expected = advance(sequential, 10);
        assertTrue(expected.get(9).intermolecular() != 0.0 && expected.get(9).temperature() > 0);
        for (int p : new int[]{2, 3, 5, 7}) {
            WaterRun run = TestStarts.lattice(512, 1, p);
            assertSameBits(sequential, expected, run, advance(run, 10));
        }
    }

    @Test
    void oddMoleculeCountAndOneMoleculeABlock() {
        // 27 molecules: odd NMOL (each molecule takes the next 13), 27 blocks of one, up to 27 partitions.
        WaterRun sequential = TestStarts.lattice(27, 2, 1);
        List<StepValues> expected = advance(sequential, 10);
        for (int p : new int[]{2, 4, 27}) {
            WaterRun run = TestStarts.lattice(27, 2, p);
            assertSameBits(sequential, expected, run, advance(run, 10));
        }
    }

    @Test
    void messagesAreSentExactlyWhereTheLayoutSaysSoABoltKnowsWhatToWaitFor() {
        WaterInput in = WaterInput.of(216, 1, 0.0, 1);
        RunConstants c = new RunConstants(in);
        double[][] start = LatticeStart.derivatives(in, c, TestStarts.randomNumbers(216, 3));
        MoleculeBlocks layout = new MoleculeBlocks(216);
        for (int partitions : new int[]{1, 2, 5, 13, layout.blocks}) {
            int framesMessages = 0;
            WaterPartition[] parts = new WaterPartition[partitions];
            for (int p = 0; p < partitions; p++) {
                parts[p] = new WaterPartition(c, p, partitions, start);
                parts[p].intramolecular();
            }
            for (int p = 0; p < partitions; p++) {
                WaterPartition part = parts[p];
                List<Frames> received = new ArrayList<>();
                for (WaterPartition sender : parts) {
                    if (!sender.framesFor(p).isEmpty()) {
                        received.add(sender.framesFor(p));
                    }
                }
                WaterPartition.Intermolecular out = part.intermolecular(received);
                for (int q = 0; q < partitions; q++) {
                    boolean frames = !part.framesFor(q).isEmpty();
                    assertEquals(layout.sendsFrames(p, q, partitions), frames, p + " -> " + q + " frames");
                    assertEquals(layout.sendsForces(p, q, partitions), !out.updates()[q].isEmpty(),
                            p + " -> " + q + " forces");
                    framesMessages += frames ? 1 : 0;
                }
            }
            // Each partition's rows reach about half the molecules: it hears from about half the others.
            assertTrue(framesMessages <= partitions * (partitions / 2 + 2), partitions + ": " + framesMessages);
        }
    }

    @Test
    void missingOrRepeatedMessagesAreRefused() {
        WaterInput in = WaterInput.of(216, 1, 0.0, 1);
        RunConstants c = new RunConstants(in);
        double[][] start = LatticeStart.derivatives(in, c, TestStarts.randomNumbers(216, 3));
        WaterPartition[] parts = new WaterPartition[3];
        for (int p = 0; p < 3; p++) {
            parts[p] = new WaterPartition(c, p, 3, start);
            parts[p].intramolecular();
        }
        Frames from1 = parts[1].framesFor(0), from2 = parts[2].framesFor(0);
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> parts[0].intermolecular(List.of(from1)));
        assertTrue(missing.getMessage().contains("a frames message is missing"), missing.getMessage());
        IllegalArgumentException framesTwice = assertThrows(IllegalArgumentException.class,
                () -> parts[0].intermolecular(List.of(from1, from2, from1)));
        assertTrue(framesTwice.getMessage().contains("twice"), framesTwice.getMessage());

        List<ForceUpdate> toZero = new ArrayList<>();
        for (int p = 1; p < 3; p++) {
            int q = p;
            List<Frames> frames = new ArrayList<>();
            for (int s = 0; s < 3; s++) {
                if (s != q && !parts[s].framesFor(q).isEmpty()) {
                    frames.add(parts[s].framesFor(q));
                }
            }
            toZero.add(parts[q].intermolecular(frames).updates()[0]);
        }
        List<Frames> frames0 = List.of(from1, from2);
        parts[0].intermolecular(frames0);
        IllegalArgumentException lost = assertThrows(IllegalArgumentException.class,
                () -> parts[0].correct(toZero.subList(0, 1)));
        assertTrue(lost.getMessage().contains("a force update is missing"), lost.getMessage());
        List<ForceUpdate> repeated = new ArrayList<>(toZero);
        repeated.add(toZero.get(0));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> parts[0].correct(repeated));
        assertTrue(twice.getMessage().contains("received twice"), twice.getMessage());
        parts[0].correct(toZero);
    }

    @Test
    void partitionsBeyondTheBlockCountAreRefused() {
        assertEquals(64, MoleculeBlocks.maxPartitions(512));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestStarts.lattice(512, 1, 65));
        assertTrue(e.getMessage().contains("partitions = 65") && e.getMessage().contains("1..64"), e.getMessage());
    }
}
