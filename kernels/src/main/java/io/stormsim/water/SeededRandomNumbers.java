package io.stormsim.water;

import java.util.SplittableRandom;

/**
 * Stand-in for random.in when a lattice start has none: 9 NMOL numbers uniform in [-4, 4) from a seed,
 * in the order {@link LatticeStart#readRandomNumbers} returns them. The start shifts and scales them to
 * zero momentum and the temperature per component, so the run starts as the original's would, with
 * other velocities.
 */
public final class SeededRandomNumbers {
    private SeededRandomNumbers() {
    }

    public static double[] generate(int molecules, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] out = new double[WaterModel.PER_MOLECULE * molecules];
        for (int i = 0; i < out.length; i++) {
            out[i] = r.nextDouble(-4.0, 4.0);
        }
        return out;
    }
}
