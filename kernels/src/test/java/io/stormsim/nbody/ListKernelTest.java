package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SIMD kernel gives the scalar kernel's bits, so results do not depend on the JVM's vector support. */
class ListKernelTest {
    @ParameterizedTest
    @CsvSource({"0.01, 32", "0.0, 32", "0.05, 13", "0.01, 200"})
    void vectorAndScalarKernelsAgreeBitForBit(double softening, int groupSize) {
        assertTrue(ListKernel.VECTOR_API, "tests run with --add-modules jdk.incubator.vector (see pom.xml)");
        Bodies b = PlummerSphere.generate(3000, 11);
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        Octree tree = TreeBuilder.build(kb.bodies(), kb.keys(), root, 8, 0.6);
        int[] roots = {0};
        Gravity.Field scalar = TreeWalk.field(tree, 0, roots, 0, b.n, softening, groupSize, new ScalarListKernel());
        Gravity.Field vector = TreeWalk.field(tree, 0, roots, 0, b.n, softening, groupSize, new VectorListKernel());
        assertArrayEquals(scalar.ax, vector.ax);
        assertArrayEquals(scalar.ay, vector.ay);
        assertArrayEquals(scalar.az, vector.az);
        assertArrayEquals(scalar.potential, vector.potential);
        assertArrayEquals(scalar.interactions, vector.interactions);
        assertArrayEquals(scalar.cost, vector.cost);
    }

    /** A body's cost counts each cell term twice (quadrupoles) and each other body once, itself never. */
    @ParameterizedTest
    @CsvSource({"scalar", "vector"})
    void costWeighsCellTermsAboveBodyTerms(String kernel) {
        Bodies b = PlummerSphere.generate(6, 3);
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        Octree tree = TreeBuilder.build(kb.bodies(), kb.keys(), root, 8, 0.6);
        InteractionLists lists = new InteractionLists();
        lists.startGroup(0, 2);
        for (int c = 0; c < 3; c++) {
            lists.addCell(tree.cell, 0);
        }
        lists.addBodies(tree.body, 1, 5); // holds group body 1, not group body 0
        Gravity.Field f = new Gravity.Field(2);
        (kernel.equals("scalar") ? new ScalarListKernel() : new VectorListKernel()).sum(lists, tree.body, 1e-4, f, 0);
        assertArrayEquals(new long[] {8, 7}, f.interactions);
        assertArrayEquals(new long[] {3 * 2 + 5, 3 * 2 + 4}, f.cost);
        Bodies owners = PlummerSphere.generate(2, 5);
        Leapfrog.close(owners, f, 0.01, 0);
        assertArrayEquals(f.cost, owners.cost, "the field's work becomes the bodies' cost for the next decomposition");
    }
}
