package io.stormsim.nbody;

import static io.stormsim.nbody.ForceErrors.quantile;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mixed-precision kernel at N = 10^5, where float positions have the most digits to lose: relative
 * force errors against direct summation on a sample of targets (every 8th body of a subtree of ~10^4,
 * centre to outskirts), median and 99th percentile within 1.1x of the double kernel's (issue 19).
 */
class MixedPrecisionSampleTest {
    private static final int N = 100_000, SAMPLE_EVERY = 8;
    private static final double EPS = 0.01;

    private static Bodies sorted;
    private static RootCell root;
    private static long[] keys;
    private static int subtree, from, to;
    private static Gravity.Field direct;

    @BeforeAll
    static void directSummationOnTheSample() {
        Bodies b = PlummerSphere.generate(N, 7);
        root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        sorted = kb.bodies();
        keys = kb.keys();
        Octree tree = tree(0.5);
        subtree = 0;
        while (tree.bodyCount(subtree) > 15_000) {
            int best = tree.firstChild(subtree);
            for (int k = 1; k < tree.childCount(subtree); k++) {
                int c = tree.firstChild(subtree) + k;
                best = tree.bodyCount(c) > tree.bodyCount(best) ? c : best;
            }
            subtree = best;
        }
        from = tree.firstBody(subtree);
        to = from + tree.bodyCount(subtree);
        direct = new Gravity.Field((to - from + SAMPLE_EVERY - 1) / SAMPLE_EVERY);
        for (int i = from, s = 0; i < to; i += SAMPLE_EVERY, s++) {
            Gravity.Field one = Gravity.directField(sorted, i, i + 1, EPS);
            direct.ax[s] = one.ax[0];
            direct.ay[s] = one.ay[0];
            direct.az[s] = one.az[0];
        }
    }

    private static Octree tree(double theta) {
        return TreeBuilder.build(sorted, keys, root, Parameters.DEFAULT_LEAF_CAPACITY, theta);
    }

    /** Sorted relative force errors of the sampled targets. */
    private static double[] errors(double theta, Precision precision) {
        Gravity.Field f = TreeWalk.field(tree(theta), 0, new int[] {subtree}, from, to, EPS,
                Parameters.DEFAULT_GROUP_SIZE, precision);
        double[] err = new double[direct.ax.length];
        for (int s = 0; s < err.length; s++) {
            int o = s * SAMPLE_EVERY;
            double dx = f.ax[o] - direct.ax[s], dy = f.ay[o] - direct.ay[s], dz = f.az[o] - direct.az[s];
            double norm = Math.sqrt(direct.ax[s] * direct.ax[s] + direct.ay[s] * direct.ay[s]
                    + direct.az[s] * direct.az[s]);
            err[s] = Math.sqrt(dx * dx + dy * dy + dz * dz) / norm;
        }
        Arrays.sort(err);
        return err;
    }

    @ParameterizedTest(name = "theta {0}")
    @CsvSource({"0.3", "0.5", "0.7"})
    void mixedPrecisionIsAsAccurateAsDouble(double theta) {
        double[] dbl = errors(theta, Precision.DOUBLE), mixed = errors(theta, Precision.MIXED);
        for (double q : new double[] {0.5, 0.99}) {
            double d = quantile(dbl, q), m = quantile(mixed, q);
            System.out.printf(Locale.ROOT, "MixedPrecisionSampleTest: N=%d, %d sampled targets, theta=%.1f,"
                    + " quantile %.2f: double %.3e, mixed %.3e (%.3fx)%n", N, dbl.length, theta, q, d, m, m / d);
            assertTrue(m <= 1.1 * d, String.format(Locale.ROOT, "theta %.1f, quantile %.2f: mixed %.4e against"
                    + " double %.4e", theta, q, m, d));
        }
    }
}
