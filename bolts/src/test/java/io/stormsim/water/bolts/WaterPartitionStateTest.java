package io.stormsim.water.bolts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which rounds sample the radial distribution functions: the corrector sends boundary frames for them and the
 * potential phase counts pairs only then, so any other step costs nothing extra.
 */
class WaterPartitionStateTest {
    @Test
    void onlyTimeStepsThatAreMultiplesOfTheStrideSampleTheRadialDistributions() {
        assertEquals(List.of(3, 6, 9, 12), samples(12, 3));
        assertEquals(List.of(1, 2, 3, 4, 5), samples(5, 1));
        WaterPartitionState off = new WaterPartitionState(6, WaterPartitionState.Mode.STEP, 6, 0, 0, null);
        assertFalse(off.samplesRdf(0, 3), "rdf.every = 0: off");
        for (WaterPartitionState.Mode mode : new WaterPartitionState.Mode[] {WaterPartitionState.Mode.LATTICE_START,
                WaterPartitionState.Mode.LOADED}) {
            assertFalse(new WaterPartitionState(0, mode, 0, 0, 0, null).samplesRdf(12, 3),
                    mode + ": no step, no sample");
        }
    }

    private static List<Integer> samples(int steps, int stride) {
        List<Integer> sampled = new ArrayList<>();
        for (int step = 1; step <= steps; step++) {
            if (new WaterPartitionState(step, WaterPartitionState.Mode.STEP, step, 0, 0, null).samplesRdf(12, stride)) {
                sampled.add(step);
            }
        }
        return sampled;
    }
}
