package io.stormsim.nbody;

import java.util.List;

/**
 * Sizes of locally essential trees without building them (benchmarks only; in this package to reach
 * the acceptance test). {@link #count} mirrors {@code Octree.copySubtree}: a cell is sent, and its
 * subtree left out, when every one of the target boxes accepts it as a whole. With the one bounding box
 * of the target partition this gives the size of {@code PartitionPhases.essentialTree}; with the boxes
 * of the target's top leaves (each walk group lies inside one) it gives what a per-top-leaf pruning
 * would send, which is equally valid for the walks: a cell that no group box can open stays pruned.
 */
public final class EssentialCount {
    public long cells, bodies;

    private EssentialCount() {
    }

    /** Cells and bodies of the essential tree of {@code local}'s {@code subtrees} top subtrees for {@code boxes}. */
    public static EssentialCount count(Octree local, int subtrees, List<double[]> boxes) {
        EssentialCount e = new EssentialCount();
        e.cells = subtrees;
        for (int i = 0; i < subtrees; i++) {
            e.visit(local, i, boxes);
        }
        return e;
    }

    private void visit(Octree t, int c, List<double[]> boxes) {
        if (t.isPruned(c) || acceptedByAll(t.cell, c * Octree.CELL_STRIDE, boxes)) {
            return;
        }
        int children = t.childCount(c);
        if (children == 0) {
            bodies += t.bodyCount(c);
            return;
        }
        cells += children;
        for (int k = 0; k < children; k++) {
            visit(t, t.firstChild(c) + k, boxes);
        }
    }

    private static boolean acceptedByAll(double[] cell, int cb, List<double[]> boxes) {
        for (double[] b : boxes) {
            if (!Gravity.acceptedByBox(cell, cb, b)) {
                return false;
            }
        }
        return true;
    }

    /** The bounding box of the bodies of each of the tree's first {@code subtrees} cells (empty ones skipped). */
    public static List<double[]> subtreeBoxes(Octree t, int subtrees) {
        List<double[]> out = new java.util.ArrayList<>();
        for (int c = 0; c < subtrees; c++) {
            int from = t.firstBody(c), n = t.bodyCount(c);
            if (n == 0) {
                continue;
            }
            double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int i = from; i < from + n; i++) {
                for (int a = 0; a < 3; a++) {
                    double v = t.body[i * Octree.BODY_STRIDE + a];
                    b[a] = Math.min(b[a], v);
                    b[a + 3] = Math.max(b[a + 3], v);
                }
            }
            out.add(b);
        }
        return out;
    }
}
