package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The float moments the mixed-precision kernel reads are the double moments rounded, however the tree was made. */
class OctreeTest {
    @Test
    void floatMomentsAreTheDoubleMomentsRoundedAfterBuildCopyAndRestore() {
        Bodies b = PlummerSphere.generate(2000, 7);
        RootCell root = RootCell.around(Box.of(b));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(b, root);
        Octree built = TreeBuilder.build(kb.bodies(), kb.keys(), root, 8, 0.5);
        assertRounded(built);

        Octree copied = new Octree(1, 0);
        copied.addCells(1);
        copied.copySubtree(0, built, 0, null);
        assertEquals(built.cellCount, copied.cellCount);
        assertRounded(copied);

        Octree restored = new Octree(built.cellCount, Arrays.copyOf(built.cell, built.cellCount * Octree.CELL_STRIDE),
                built.link, built.bodyCount, built.body, built.bodyId);
        assertRounded(restored);
    }

    private static void assertRounded(Octree t) {
        for (int c = 0; c < t.cellCount; c++) {
            for (int q = Octree.MASS; q <= Octree.TRACE; q++) {
                assertEquals((float) t.cell[c * Octree.CELL_STRIDE + q],
                        t.floatMoments[c * Octree.FLOAT_STRIDE + q - Octree.MASS], "cell " + c + " moment " + q);
            }
        }
    }
}
