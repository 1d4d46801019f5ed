package io.stormsim.baselines;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * EJML's single-threaded C = A B on n x n random matrices, after warm-up: prints one line per n,
 * "ejml n best-seconds GFLOP/s" (2 n^3 flops). Usage: EjmlDgemm N [N ...]
 */
public final class EjmlDgemm {
    private EjmlDgemm() {
    }

    public static void main(String[] args) {
        for (String arg : args) {
            int n = Integer.parseInt(arg);
            SplittableRandom random = new SplittableRandom(n);
            DMatrixRMaj a = new DMatrixRMaj(n, n), b = new DMatrixRMaj(n, n), c = new DMatrixRMaj(n, n);
            for (int i = 0; i < n * n; i++) {
                a.data[i] = random.nextDouble(-1, 1);
                b.data[i] = random.nextDouble(-1, 1);
            }
            int timed = n >= 2048 ? 2 : 3;
            long warmUntil = System.nanoTime() + 3_000_000_000L;
            do {
                CommonOps_DDRM.mult(a, b, c);
            } while (System.nanoTime() < warmUntil);
            double best = Double.MAX_VALUE;
            for (int r = 0; r < timed; r++) {
                long t = System.nanoTime();
                CommonOps_DDRM.mult(a, b, c);
                best = Math.min(best, (System.nanoTime() - t) / 1e9);
            }
            System.out.printf("ejml %d %.4f %.2f%n", n, best, 2.0 * n * n * n / best / 1e9);
        }
    }
}
