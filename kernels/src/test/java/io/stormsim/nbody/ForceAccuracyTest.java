package io.stormsim.nbody;

import static io.stormsim.nbody.ForceErrors.quantile;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tree forces against direct summation (the oracle, same softening) on a Plummer sphere of 5000 bodies,
 * for both kernel precisions. The bounds on the relative force error, |a_tree - a_direct| / |a_direct|,
 * are 1.5x what this code measured when they were set (issue 19), so that a regression by half shows;
 * they must not be loosened to make the test pass.
 */
class ForceAccuracyTest {
    private static final int N = 5000;
    private static final long SEED = 20240607L;
    /** The same softening in tree and oracle, so that only the multipole approximation differs. */
    private static final double EPS = 0.01;
    /**
     * Bound on the median relative potential error at theta 0.7, the loosest opening angle. Measured
     * 2.77e-5 for this seed in both precisions (leaves of 16, groups of 128); the bound is 1.5x that.
     */
    private static final double POTENTIAL_MEDIAN_BOUND = 4.2e-5;

    private static Bodies sorted;
    private static RootCell root;
    private static long[] keys;
    private static Gravity.Field direct;
    /** Sorted relative force errors per precision and opening angle, measured once for all tests. */
    private static final Map<Precision, Map<Double, double[]>> ERRORS = new EnumMap<>(Precision.class);

    @BeforeAll
    static void directSummation() {
        Bodies b = PlummerSphere.generate(N, SEED);
        root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        sorted = kb.bodies();
        keys = kb.keys();
        // Tree body i is sorted body i, so the oracle is computed on the same order.
        direct = Gravity.directField(sorted, 0, N, EPS);
        for (Precision precision : Precision.values()) {
            for (double theta : new double[] {0.3, 0.5, 0.7}) {
                double[] err = forceErrors(treeField(theta, precision));
                ERRORS.computeIfAbsent(precision, k -> new TreeMap<>()).put(theta, err);
                System.out.printf(Locale.ROOT, "ForceAccuracyTest: N=%d eps=%.2f theta=%.1f %s relative force error"
                        + " median=%.3e p99=%.3e max=%.3e%n", N, EPS, theta, precision.key(), quantile(err, 0.5),
                        quantile(err, 0.99), err[N - 1]);
            }
        }
    }

    private static Octree tree(double theta) {
        return TreeBuilder.build(sorted, keys, root, Parameters.DEFAULT_LEAF_CAPACITY, theta);
    }

    private static Gravity.Field treeField(double theta, Precision precision) {
        return TreeWalk.field(tree(theta), 0, new int[] {0}, 0, N, EPS, Parameters.DEFAULT_GROUP_SIZE, precision);
    }

    /** Sorted relative acceleration errors, one per body. */
    private static double[] forceErrors(Gravity.Field tree) {
        return ForceErrors.sortedRelative(tree, direct, N);
    }

    private static double[] potentialErrors(Gravity.Field tree) {
        double[] err = new double[N];
        for (int i = 0; i < N; i++) {
            err[i] = Math.abs(tree.potential[i] - direct.potential[i]) / Math.abs(direct.potential[i]);
        }
        Arrays.sort(err);
        return err;
    }

    /**
     * Median and 99th percentile of the relative force error, for both precisions. Published values of a C
     * quadrupole treecode at this N were 6e-5 / 2.6e-4, 3.8e-4 / 1.8e-3 and 1.2e-3 / 7.7e-3 (3-4x above
     * what this code measures, so a 3x regression passed them); the bounds are now 1.5x the double
     * kernel's measurement for this seed: 1.59e-5 / 8.52e-5, 1.09e-4 / 5.27e-4 and 3.67e-4 / 2.22e-3 (the
     * mixed kernel's agree to 3 digits).
     */
    @ParameterizedTest(name = "{0}, theta {1}: median <= {2}, p99 <= {3}")
    @CsvSource({"double, 0.3, 2.4e-5, 1.3e-4", "double, 0.5, 1.6e-4, 7.9e-4", "double, 0.7, 5.5e-4, 3.3e-3",
            "mixed, 0.3, 2.4e-5, 1.3e-4", "mixed, 0.5, 1.6e-4, 7.9e-4", "mixed, 0.7, 5.5e-4, 3.3e-3"})
    void forceErrorIsWithinOneAndAHalfTimesTheMeasuredAccuracy(String precision, double theta, double medianBound,
                                                                  double p99Bound) {
        double[] err = ERRORS.get(Precision.of(precision)).get(theta);
        double median = quantile(err, 0.5), p99 = quantile(err, 0.99);
        assertAll(String.format(Locale.ROOT, "%s, theta %.1f: measured median %.3e, p99 %.3e", precision, theta,
                        median, p99),
                () -> assertTrue(median <= medianBound, String.format(Locale.ROOT,
                        "theta %.1f: median %.3e > %.1e", theta, median, medianBound)),
                () -> assertTrue(p99 <= p99Bound, String.format(Locale.ROOT,
                        "theta %.1f: p99 %.3e > %.1e", theta, p99, p99Bound)));
    }

    /**
     * Float terms from the group's centre must not show in the error: the mixed kernel's median and 99th
     * percentile within 1.1x of the double kernel's (issue 19), while its fields do differ from them.
     */
    @ParameterizedTest(name = "theta {0}")
    @CsvSource({"0.3", "0.5", "0.7"})
    void mixedPrecisionIsAsAccurateAsDouble(double theta) {
        double[] mixed = ERRORS.get(Precision.MIXED).get(theta), dbl = ERRORS.get(Precision.DOUBLE).get(theta);
        for (double q : new double[] {0.5, 0.99}) {
            double m = quantile(mixed, q), d = quantile(dbl, q);
            assertTrue(m <= 1.1 * d, String.format(Locale.ROOT, "theta %.1f, quantile %.2f: mixed %.4e against"
                    + " double %.4e", theta, q, m, d));
        }
        assertFalse(Arrays.equals(mixed, dbl), "the mixed kernel gave the double kernel's errors exactly");
    }

    @ParameterizedTest
    @CsvSource({"double", "mixed"})
    void forceErrorGrowsWithTheOpeningAngle(String precision) {
        Map<Double, double[]> errors = ERRORS.get(Precision.of(precision));
        double m3 = quantile(errors.get(0.3), 0.5), m5 = quantile(errors.get(0.5), 0.5),
                m7 = quantile(errors.get(0.7), 0.5);
        assertTrue(m3 < m5 && m5 < m7, "medians at theta 0.3, 0.5, 0.7: " + m3 + ", " + m5 + ", " + m7);
    }

    @ParameterizedTest
    @CsvSource({"double", "mixed"})
    void potentialErrorIsSmall(String precision) {
        double[] err = potentialErrors(treeField(0.7, Precision.of(precision)));
        double median = quantile(err, 0.5);
        System.out.printf(Locale.ROOT, "ForceAccuracyTest: theta=0.7 %s relative potential error median=%.3e"
                + " p99=%.3e (bound on median %.1e)%n", precision, median, quantile(err, 0.99), POTENTIAL_MEDIAN_BOUND);
        assertTrue(median <= POTENTIAL_MEDIAN_BOUND, "median relative potential error " + median);
    }

    @Test
    void treeUsesFewerInteractionsThanDirectSummation() {
        // The accuracy above would be trivial if the walk opened everything down to single bodies.
        // Measured 1311 of 4999 (groups of up to 128 bodies share a walk, leaves hold up to 16, so at this
        // small N a good part of each list is bodies); the bound is a third of direct summation. Groups of
        // 128, not the default 384 (chosen for N >= 1e5), which are 8% of this N: their walks list 1693.
        Gravity.Field f = TreeWalk.field(tree(0.7), 0, new int[] {0}, 0, N, EPS, 128, Parameters.DEFAULT_PRECISION);
        long total = 0;
        for (long c : f.interactions) {
            total += c;
        }
        double mean = (double) total / N;
        System.out.printf(Locale.ROOT, "ForceAccuracyTest: theta=0.7 mean interactions per body %.0f of %d%n",
                mean, N - 1);
        assertTrue(mean < (N - 1) / 3.0, "mean interactions per body " + mean);
    }

    /**
     * The quadrupole term must pay for itself: the same tree with its quadrupoles zeroed (monopole only)
     * has a median force error 3.5x larger at theta 0.5 (1.5e-3 against 4.3e-4, similar for other seeds).
     * A quadrupole with a wrong sign or factor would not reduce the error, or would increase it.
     */
    @Test
    void quadrupoleTermReducesTheForceError() {
        Octree monopoleOnly = tree(0.5);
        for (int c = 0; c < monopoleOnly.cellCount; c++) {
            Arrays.fill(monopoleOnly.cell, c * Octree.CELL_STRIDE + Octree.Q_XX,
                    c * Octree.CELL_STRIDE + Octree.TRACE + 1, 0.0);
        }
        double monopoleMedian = quantile(forceErrors(
                TreeWalk.field(monopoleOnly, 0, new int[] {0}, 0, N, EPS, Parameters.DEFAULT_GROUP_SIZE,
                        Precision.DOUBLE)), 0.5);
        double quadrupoleMedian = quantile(ERRORS.get(Precision.DOUBLE).get(0.5), 0.5);
        System.out.printf(Locale.ROOT, "ForceAccuracyTest: theta=0.5 median force error monopole only %.3e,"
                + " with quadrupole %.3e%n", monopoleMedian, quadrupoleMedian);
        assertTrue(quadrupoleMedian < monopoleMedian / 2.5,
                "quadrupole " + quadrupoleMedian + " against monopole only " + monopoleMedian);
    }
}
