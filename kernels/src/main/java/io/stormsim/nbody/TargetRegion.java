package io.stormsim.nbody;

/**
 * Where a partition's bodies are, as the pruning of the essential trees sent to it sees them: the
 * bounding box of the bodies under each of its top leaves, and their union. Every walk group lies
 * inside one top leaf, so a cell that every top leaf's box accepts as a whole is never opened by any of
 * the partition's walks and can be sent without its subtree. Pruning for the top leaves instead of the
 * one box around all of them sends less whenever a partition's zones are spread out.
 */
public final class TargetRegion {
    public final Box extent;
    public final Box[] leaves;

    public TargetRegion(Box extent, Box[] leaves) {
        this.extent = extent;
        this.leaves = leaves;
    }

    /** The region of the bodies in subtrees {@code 0..subtrees-1} of a partition's local tree. */
    public static TargetRegion of(Octree local, int subtrees) {
        Box extent = Box.empty();
        Box[] leaves = new Box[subtrees];
        for (int i = 0; i < subtrees; i++) {
            double[] bounds = new double[6];
            local.bodyBounds(local.firstBody(i), local.bodyCount(i), bounds);
            leaves[i] = Box.of(bounds);
            extent.include(leaves[i]);
        }
        return new TargetRegion(extent, leaves);
    }

    /** True when every point of every top leaf's box accepts the cell at {@code cb} as a whole. */
    boolean accepts(double[] cell, int cb) {
        // the union's test is stricter, and usually decides
        if (Gravity.acceptedByBox(cell, cb, extent.bounds)) {
            return true;
        }
        for (Box leaf : leaves) {
            if (!Gravity.acceptedByBox(cell, cb, leaf.bounds)) {
                return false;
            }
        }
        return true;
    }
}
