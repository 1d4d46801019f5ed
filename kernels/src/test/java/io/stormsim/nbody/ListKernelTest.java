package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.run.VectorApi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each SIMD kernel gives its scalar twin's bits, so results do not depend on the JVM's vector support;
 * the mixed-precision kernels stay close to the double ones.
 */
class ListKernelTest {
    @ParameterizedTest
    @CsvSource({"double, 0.01, 32", "double, 0.0, 32", "double, 0.05, 13", "double, 0.01, 200",
            "mixed, 0.01, 32", "mixed, 0.0, 32", "mixed, 0.05, 13", "mixed, 0.01, 200", "mixed, 0.01, 1000"})
    void vectorAndScalarKernelsAgreeBitForBit(String precision, double softening, int groupSize) {
        assertTrue(VectorApi.PRESENT, "tests run with --add-modules jdk.incubator.vector (see pom.xml)");
        Octree tree = plummerTree(3000, 11);
        int[] roots = {0};
        boolean mixed = Precision.of(precision) == Precision.MIXED;
        Gravity.Field scalar = TreeWalk.field(tree, 0, roots, 0, tree.bodyCount, softening, groupSize,
                mixed ? new MixedScalarListKernel() : new ScalarListKernel());
        Gravity.Field vector = TreeWalk.field(tree, 0, roots, 0, tree.bodyCount, softening, groupSize,
                mixed ? new MixedVectorListKernel() : new VectorListKernel());
        assertArrayEquals(scalar.ax, vector.ax);
        assertArrayEquals(scalar.ay, vector.ay);
        assertArrayEquals(scalar.az, vector.az);
        assertArrayEquals(scalar.potential, vector.potential);
        assertArrayEquals(scalar.interactions, vector.interactions);
        assertArrayEquals(scalar.cost, vector.cost);
    }

    /**
     * The same lists summed in float from the group's centre: every body's field within 1e-5 of the double
     * kernel's (relative to its magnitude; a float rounds at 6e-8), whereas float positions taken from the
     * origin instead would lose the digits of nearby offsets. Also far from the origin, where absolute
     * coordinates in float would keep only 3 digits of a body's distance to its neighbours.
     */
    @ParameterizedTest
    @CsvSource({"0.0", "1000.0"})
    void mixedKernelStaysCloseToTheDoubleKernel(double offset) {
        Bodies b = PlummerSphere.generate(3000, 11);
        for (int i = 0; i < b.n; i++) {
            b.x[i] += offset;
            b.y[i] -= offset;
        }
        Octree tree = tree(b);
        int[] roots = {0};
        Gravity.Field dbl = TreeWalk.field(tree, 0, roots, 0, b.n, 0.01, 64, new VectorListKernel());
        Gravity.Field mixed = TreeWalk.field(tree, 0, roots, 0, b.n, 0.01, 64, new MixedVectorListKernel());
        double worst = 0;
        for (int i = 0; i < b.n; i++) {
            double dx = mixed.ax[i] - dbl.ax[i], dy = mixed.ay[i] - dbl.ay[i], dz = mixed.az[i] - dbl.az[i];
            double norm = Math.sqrt(dbl.ax[i] * dbl.ax[i] + dbl.ay[i] * dbl.ay[i] + dbl.az[i] * dbl.az[i]);
            worst = Math.max(worst, Math.sqrt(dx * dx + dy * dy + dz * dz) / norm);
            worst = Math.max(worst, Math.abs(mixed.potential[i] - dbl.potential[i]) / Math.abs(dbl.potential[i]));
        }
        assertTrue(worst < 1e-5, "largest relative difference " + worst);
        assertTrue(worst > 0, "the mixed kernel must compute in float, not reuse the double lists");
    }

    private static Octree plummerTree(int n, long seed) {
        return tree(PlummerSphere.generate(n, seed));
    }

    private static Octree tree(Bodies b) {
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        return TreeBuilder.build(kb.bodies(), kb.keys(), root, 8, 0.6);
    }

    /** A body's cost counts each cell term twice (quadrupoles) and each other body once, itself never. */
    @ParameterizedTest
    @CsvSource({"scalar", "vector", "mixed-scalar", "mixed-vector"})
    void costWeighsCellTermsAboveBodyTerms(String name) {
        ListKernel kernel = switch (name) {
            case "scalar" -> new ScalarListKernel();
            case "vector" -> new VectorListKernel();
            case "mixed-scalar" -> new MixedScalarListKernel();
            default -> new MixedVectorListKernel();
        };
        Octree tree = plummerTree(6, 3);
        InteractionLists lists = new InteractionLists(kernel.precision(), tree.floatMoments);
        lists.startGroup(0, 2);
        for (int c = 0; c < 3; c++) {
            lists.addCell(tree.cell, 0, 0);
        }
        lists.addBodies(tree.body, 1, 5); // holds group body 1, not group body 0
        Gravity.Field f = new Gravity.Field(2);
        kernel.sum(lists, tree.body, 1e-4, f, 0);
        assertArrayEquals(new long[] {8, 7}, f.interactions);
        assertArrayEquals(new long[] {3 * 2 + 5, 3 * 2 + 4}, f.cost);
        Bodies owners = PlummerSphere.generate(2, 5);
        Leapfrog.close(owners, f, Parameters.of(1, 0.01, 0.5, 1e-4), 0);
        assertArrayEquals(f.cost, owners.cost, "the field's work becomes the bodies' cost for the next decomposition");
    }
}
