package io.stormsim.nbody;

import static io.stormsim.nbody.ForceErrors.quantile;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tree forces against direct summation (same softening) on the clustered systems of {@link ClusteredSystem},
 * 20,000 bodies, epsilon 0.01, theta 0.5, both precisions: the relative force error |a_tree - a_direct| /
 * |a_direct| where a Plummer sphere ({@link ForceAccuracyTest}) does not look, near clumps at and below the
 * softening length. The bounds are the goals of issue 29, not measurements: a 99th percentile of at most
 * 1.5e-3 (a reference quadrupole treecode with its cell-softening correction reached that on the issue's
 * system), and a median no worse than before cells carried the softened expansion's trace term.
 */
class ClusteredForceAccuracyTest {
    private static final int N = 20_000;
    private static final long SEED = 29;
    private static final double EPS = 0.01, THETA = 0.5;
    private static final double P99_GOAL = 1.5e-3;
    private static final ClusteredSystem.Spec[] SYSTEMS = {ClusteredSystem.CLUMPS_DISK_HALO,
            ClusteredSystem.SUBSOFTENING_CLUMPS, ClusteredSystem.HEAVY_CLUMPS};

    private record Measured(Bodies sorted, long[] keys, RootCell root, Gravity.Field direct) {
        Octree tree() {
            return TreeBuilder.build(sorted, keys, root, Parameters.DEFAULT_LEAF_CAPACITY, THETA);
        }

        double[] errors(Octree tree, Precision precision) {
            return ForceErrors.sortedRelative(TreeWalk.field(tree, 0, new int[] {0}, 0, N, EPS,
                    Parameters.DEFAULT_GROUP_SIZE, precision), direct, N);
        }
    }

    private static final Map<String, Measured> MEASURED = new HashMap<>();
    /** Sorted relative force errors by system name and precision. */
    private static final Map<String, double[]> ERRORS = new HashMap<>();

    @BeforeAll
    static void directSummation() {
        for (ClusteredSystem.Spec spec : SYSTEMS) {
            Bodies b = ClusteredSystem.generate(spec, N, SEED);
            RootCell root = RootCell.around(Box.of(b));
            PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
            Measured s = new Measured(kb.bodies(), kb.keys(), root, Gravity.directField(kb.bodies(), 0, N, EPS));
            MEASURED.put(spec.name(), s);
            Octree tree = s.tree();
            for (Precision precision : Precision.values()) {
                double[] err = s.errors(tree, precision);
                ERRORS.put(spec.name() + " " + precision.key(), err);
                System.out.printf(Locale.ROOT, "ClusteredForceAccuracyTest: %s N=%d eps=%.2f theta=%.1f %s"
                        + " relative force error median=%.3e p90=%.3e p99=%.3e max=%.3e%n", spec.name(), N, EPS, THETA,
                        precision.key(), quantile(err, 0.5), quantile(err, 0.9), quantile(err, 0.99), err[N - 1]);
            }
        }
    }

    /**
     * The medians before the trace term, measured for this seed (the same to 3 digits in both precisions):
     * 7.64e-5, 5.34e-5 and 4.11e-5; their 99th percentiles were 9.2e-4, 4.5e-3 and 1.5e-3.
     */
    @ParameterizedTest(name = "{0}, {1}: p99 <= 1.5e-3, median <= {2}")
    @CsvSource({"clumps-disk-halo, double, 7.64e-5", "clumps-disk-halo, mixed, 7.64e-5",
            "subsoftening-clumps, double, 5.34e-5", "subsoftening-clumps, mixed, 5.34e-5",
            "heavy-clumps, double, 4.11e-5", "heavy-clumps, mixed, 4.11e-5"})
    void forceErrorTailMeetsTheGoal(String system, String precision, double medianBefore) {
        double[] err = ERRORS.get(system + " " + precision);
        double median = quantile(err, 0.5), p99 = quantile(err, 0.99);
        assertAll(String.format(Locale.ROOT, "%s, %s: measured median %.3e, p99 %.3e", system, precision, median, p99),
                () -> assertTrue(p99 <= P99_GOAL, String.format(Locale.ROOT, "p99 %.3e > %.1e", p99, P99_GOAL)),
                () -> assertTrue(median <= medianBefore, String.format(Locale.ROOT, "median %.3e > %.2e before",
                        median, medianBefore)));
    }

    /** Float terms from the group's centre must not show here either: mixed within 1.1x of double. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"clumps-disk-halo", "subsoftening-clumps", "heavy-clumps"})
    void mixedPrecisionIsAsAccurateAsDouble(String system) {
        double[] mixed = ERRORS.get(system + " mixed"), dbl = ERRORS.get(system + " double");
        for (double q : new double[] {0.5, 0.99}) {
            double m = quantile(mixed, q), d = quantile(dbl, q);
            assertTrue(m <= 1.1 * d, String.format(Locale.ROOT, "%s, quantile %.2f: mixed %.4e against double %.4e",
                    system, q, m, d));
        }
    }

    /**
     * The systems do catch what the goal is about: with the trace term dropped from every cell (the
     * quadrupole of the unsoftened expansion), clumps below the softening length put the 99th percentile
     * back above the goal (4.5e-3 measured).
     */
    @Test
    void withoutTheTraceTermTheTailMissesTheGoal() {
        Octree tree = MEASURED.get(ClusteredSystem.SUBSOFTENING_CLUMPS.name()).tree();
        for (int c = 0; c < tree.cellCount; c++) {
            tree.cell[c * Octree.CELL_STRIDE + Octree.TRACE] = 0;
        }
        double[] err = MEASURED.get(ClusteredSystem.SUBSOFTENING_CLUMPS.name()).errors(tree, Precision.DOUBLE);
        double p99 = quantile(err, 0.99);
        System.out.printf(Locale.ROOT, "ClusteredForceAccuracyTest: subsoftening-clumps without the trace"
                + " term: median=%.3e p99=%.3e max=%.3e%n", quantile(err, 0.5), p99, err[N - 1]);
        assertTrue(p99 > 2 * P99_GOAL, "p99 without the trace term " + p99);
        
    }
}
