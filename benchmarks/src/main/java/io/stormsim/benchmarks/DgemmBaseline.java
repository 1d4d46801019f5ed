package io.stormsim.benchmarks;

import dev.ludovic.netlib.blas.NativeBLAS;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * One library's dense C = A B on n x n random matrices, one thread, in a JVM of its own (started by
 * {@link MatmulBench}): the best time after 3 s of warm-up, printed as lines "LIBRARY n best-seconds GFLOP/s"
 * (2 n^3 flops). EJML is Java; OpenBLAS is the system's {@code libopenblas.so.0} through netlib's JNI shim,
 * run with OPENBLAS_NUM_THREADS=1 set by the caller. Without that library it prints "LIBRARY unavailable: why".
 */
@Command(name = DgemmBaseline.NAME, hidden = true)
final class DgemmBaseline implements Callable<Integer> {
    static final String NAME = "dgemm-baseline";
    /** What netlib's JNI shim loads instead of its default libblas.so.3 (which may be the slow reference BLAS). */
    static final String OPENBLAS_LIBRARY = "libopenblas.so.0";
    /** Follows the library's name on the line that says why it was not measured. */
    static final String UNAVAILABLE = "unavailable:";
    private static final long WARM_UP_NANOS = 3_000_000_000L;

    enum Library {
        ejml, openblas
    }

    @Parameters(index = "0")
    private Library library;
    @Parameters(index = "1..*", arity = "1..*")
    private int[] sizes;

    @Override
    public Integer call() {
        NativeBLAS blas = null;
        if (library == Library.openblas) {
            System.setProperty("dev.ludovic.netlib.blas.nativeLib", OPENBLAS_LIBRARY);
            try {
                blas = NativeBLAS.getInstance();
            } catch (RuntimeException | LinkageError e) {
                System.out.println(library + " " + UNAVAILABLE + " " + OPENBLAS_LIBRARY + " cannot be loaded (" + e.getMessage()
                        + "); on Debian/Ubuntu: apt-get install libopenblas0");
                return 0;
            }
        }
        for (int n : sizes) {
            SplittableRandom random = new SplittableRandom(n);
            double[] a = new double[n * n], b = new double[n * n], c = new double[n * n];
            for (int i = 0; i < n * n; i++) {
                a[i] = random.nextDouble(-1, 1);
                b[i] = random.nextDouble(-1, 1);
            }
            Runnable multiply;
            int timed;
            if (blas == null) {
                DMatrixRMaj ma = DMatrixRMaj.wrap(n, n, a), mb = DMatrixRMaj.wrap(n, n, b), mc = DMatrixRMaj.wrap(n, n, c);
                multiply = () -> CommonOps_DDRM.mult(ma, mb, mc);
                // as in every EJML column so far: at large n one multiply takes seconds
                timed = n >= 2048 ? 2 : 3;
            } else {
                NativeBLAS lib = blas;
                multiply = () -> lib.dgemm("N", "N", n, n, n, 1.0, a, n, b, n, 0.0, c, n);
                timed = 10;
            }
            long warmUntil = System.nanoTime() + WARM_UP_NANOS;
            do {
                multiply.run();
            } while (System.nanoTime() < warmUntil);
            double best = Double.MAX_VALUE;
            for (int r = 0; r < timed; r++) {
                long t = System.nanoTime();
                multiply.run();
                best = Math.min(best, (System.nanoTime() - t) / 1e9);
            }
            System.out.printf("%s %d %.4f %.2f%n", library, n, best, 2.0 * n * n * n / best / 1e9);
        }
        return 0;
    }
}
