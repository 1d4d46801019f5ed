package io.stormsim.water;

import java.util.Arrays;

/**
 * Milliseconds per step of the sequential kernel (one partition) from a lattice start, default cutoff,
 * potential energies every step (NPRINT 1), as the original's timings were taken. Arguments: molecule
 * counts (cubes; default 512 1728 4096). Each size runs warm-up steps first, then reports the median of
 * the timed steps. Run it alone (e.g. under flock /tmp/stormsim-bench.lock).
 */
public final class WaterBench {
    private WaterBench() {
    }

    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[]{512, 1728, 4096} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.println("   NMOL   ms/step (median)   min      pairs in cutoff/step   pairs/s (forces)");
        for (int n : sizes) {
            int timed = n <= 512 ? 20 : n <= 1728 ? 8 : 5;
            int warm = n <= 512 ? 20 : n <= 1728 ? 4 : 2;
            WaterInput in = WaterInput.of(n, warm + timed, 0.0, 1);
            WaterRun run = WaterRun.latticeStart(in, TestStarts.randomNumbers(n, 15), 1);
            for (int i = 0; i < warm; i++) {
                run.advance();
            }
            double[] ms = new double[timed];
            long pairs0 = run.interactingPairs();
            for (int i = 0; i < timed; i++) {
                long t0 = System.nanoTime();
                StepValues v = run.advance();
                ms[i] = (System.nanoTime() - t0) / 1e6;
                if (!Double.isFinite(v.total())) {
                    throw new IllegalStateException("non-finite energy at step " + v.step());
                }
            }
            double pairsPerStep = (double) (run.interactingPairs() - pairs0) / timed;
            double[] sorted = ms.clone();
            Arrays.sort(sorted);
            double median = sorted[timed / 2];
            System.out.printf("%7d %14.1f %10.1f %20.0f %18.3g%n", n, median, sorted[0], pairsPerStep,
                    pairsPerStep / (median / 1e3));
        }
    }
}
