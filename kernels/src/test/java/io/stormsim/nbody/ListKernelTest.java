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
    }
}
