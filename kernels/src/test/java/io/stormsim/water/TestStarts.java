package io.stormsim.water;

import java.util.SplittableRandom;

/** Lattice starts for tests and benchmarks that do not depend on random.in: uniform numbers in [-4, 4). */
final class TestStarts {
    private TestStarts() {
    }

    static double[] randomNumbers(int molecules, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] out = new double[WaterModel.PER_MOLECULE * molecules];
        for (int i = 0; i < out.length; i++) {
            out[i] = r.nextDouble(-4.0, 4.0);
        }
        return out;
    }

    static WaterRun lattice(int molecules, int printEvery, int partitions) {
        return WaterRun.latticeStart(WaterInput.of(molecules, 10, 0.0, printEvery), randomNumbers(molecules, 15),
                partitions);
    }
}
