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
    void partitionsBeyondTheBlockCountAreRefused() {
        assertEquals(64, MoleculeBlocks.maxPartitions(512));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestStarts.lattice(512, 1, 65));
        assertTrue(e.getMessage().contains("partitions = 65") && e.getMessage().contains("1..64"), e.getMessage());
    }
}
