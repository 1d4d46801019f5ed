package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A cell term is the Taylor expansion of the softened potential of the cell's bodies to second order, the
 * softening included: checked against direct summation over those bodies (the oracle) for a cell whose odd
 * moments vanish (pairs of equal masses at +d and -d), where the next term is fourth order. Halving the
 * cell's size must then cut the error 16-fold. A quadrupole without the trace term of the softened
 * expansion leaves an error of second order in the size (epsilon^2 sum m |d|^2 / (r^2 + epsilon^2)^(5/2)),
 * which halving only cuts 4-fold: the test tells the two apart.
 */
class CellExpansionTest {
    private static final double EPS = 0.01;
    /** The target, 3 softening lengths from the cell's centre, where cells of size ~epsilon are accepted. */
    private static final double[] TARGET = {0.021, -0.017, 0.012, 1.0};

    @ParameterizedTest(name = "{0}")
    @CsvSource({"scalar", "vector", "mixed-scalar", "mixed-vector"})
    void cellTermIsExactToSecondOrderInTheCellSize(String name) {
        double[] large = errors(name, 0.8 * EPS, false), small = errors(name, 0.4 * EPS, false);
        System.out.printf(Locale.ROOT, "CellExpansionTest: %s force %.3e -> %.3e, potential %.3e -> %.3e%n", name,
                large[0], small[0], large[1], small[1]);
        for (int q = 0; q < 2; q++) {
            String what = q == 0 ? "force" : "potential";
            assertTrue(small[q] < large[q] / 10, String.format(Locale.ROOT, "%s: relative %s error %.3e at size"
                    + " 0.8 eps, %.3e at 0.4 eps: not fourth order", name, what, large[q], small[q]));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"scalar", "mixed-vector"})
    void withoutTheTraceTermTheErrorIsSecondOrder(String name) {
        double large = errors(name, 0.8 * EPS, true)[0], small = errors(name, 0.4 * EPS, true)[0];
        System.out.printf(Locale.ROOT, "CellExpansionTest: %s without trace force %.3e -> %.3e%n", name, large, small);
        assertTrue(small > large / 6, String.format(Locale.ROOT, "%s without the trace: relative force error"
                + " %.3e at size 0.8 eps, %.3e at 0.4 eps", name, large, small));
    }

    /** Relative force and potential errors of the cell term at the target, the cell's bodies at most {@code size} out. */
    private static double[] errors(String kernelName, double size, boolean dropTrace) {
        ListKernel kernel = switch (kernelName) {
            case "scalar" -> new ScalarListKernel();
            case "vector" -> new VectorListKernel();
            case "mixed-scalar" -> new MixedScalarListKernel();
            default -> new MixedVectorListKernel();
        };
        Bodies b = symmetricCell(size);
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        Octree cell = TreeBuilder.build(kb.bodies(), kb.keys(), root, b.n, 0.5);
        if (dropTrace) {
            cell.cell[Octree.TRACE] = 0;
            cell.floatMoments[Octree.TRACE - Octree.MASS] = 0;
        }
        InteractionLists lists = new InteractionLists(kernel.precision(), cell.floatMoments);
        lists.startGroup(0, 1);
        lists.centreOn(new double[] {TARGET[0], TARGET[1], TARGET[2], TARGET[0], TARGET[1], TARGET[2]});
        lists.addCell(cell.cell, 0, 0);
        Gravity.Field f = new Gravity.Field(1);
        kernel.sum(lists, TARGET, EPS * EPS, f, 0);

        Bodies withTarget = new Bodies(b.n + 1);
        withTarget.x[0] = TARGET[0];
        withTarget.y[0] = TARGET[1];
        withTarget.z[0] = TARGET[2];
        withTarget.mass[0] = TARGET[3];
        for (int i = 0; i < b.n; i++) {
            withTarget.x[i + 1] = b.x[i];
            withTarget.y[i + 1] = b.y[i];
            withTarget.z[i + 1] = b.z[i];
            withTarget.mass[i + 1] = b.mass[i];
        }
        Gravity.Field direct = Gravity.directField(withTarget, 0, 1, EPS);
        double dx = f.ax[0] - direct.ax[0], dy = f.ay[0] - direct.ay[0], dz = f.az[0] - direct.az[0];
        double norm = Math.sqrt(direct.ax[0] * direct.ax[0] + direct.ay[0] * direct.ay[0]
                + direct.az[0] * direct.az[0]);
        return new double[] {Math.sqrt(dx * dx + dy * dy + dz * dz) / norm,
                Math.abs(f.potential[0] - direct.potential[0]) / Math.abs(direct.potential[0])};
    }

    /** Four pairs of equal masses at +d and -d around the origin, |d| <= size, the same directions for any size. */
    private static Bodies symmetricCell(double size) {
        SplittableRandom rnd = new SplittableRandom(29);
        Bodies b = new Bodies(8);
        for (int p = 0; p < 4; p++) {
            double m = 0.5 + rnd.nextDouble();
            double dx = size * (2 * rnd.nextDouble() - 1), dy = size * (2 * rnd.nextDouble() - 1),
                    dz = size * (2 * rnd.nextDouble() - 1);
            double norm = Math.sqrt(dx * dx + dy * dy + dz * dz) / size;
            for (int s = 0; s < 2; s++) {
                int i = 2 * p + s;
                double sign = s == 0 ? 1 : -1;
                b.id[i] = i;
                b.mass[i] = m;
                b.x[i] = sign * dx / Math.max(norm, 1);
                b.y[i] = sign * dy / Math.max(norm, 1);
                b.z[i] = sign * dz / Math.max(norm, 1);
            }
        }
        return b;
    }
}
