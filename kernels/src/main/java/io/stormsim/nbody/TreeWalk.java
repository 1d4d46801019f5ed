package io.stormsim.nbody;

/**
 * The Barnes-Hut force walk, shared by groups of nearby bodies (Barnes 1990): a group is a maximal cell
 * holding at most {@code groupSize} bodies. One walk per group, with the acceptance test against the
 * group's bounding box, builds interaction lists of cells (monopole plus quadrupole) and bodies; a
 * {@link ListKernel} then sums them for every body of the group, in list order. Since groups are cells
 * of the global tree, a body gets the same lists, in the same order, whichever partition computes it.
 */
public final class TreeWalk {
    private static final int MAX_STACK = 8 * (RootCell.LEVELS + 2);

    private final Octree tree;
    private final int walkRoot;
    private final int groupSize;
    private final double eps2;
    private final ListKernel kernel;
    private final InteractionLists lists;
    private final int[] stack = new int[MAX_STACK];
    private final double[] box = new double[6];

    private TreeWalk(Octree tree, int walkRoot, int groupSize, double softening, ListKernel kernel) {
        this.tree = tree;
        this.walkRoot = walkRoot;
        this.groupSize = groupSize;
        this.eps2 = softening * softening;
        this.kernel = kernel;
        this.lists = new InteractionLists(kernel.precision(), tree.floatMoments);
    }

    /**
     * The field on the bodies of the subtrees {@code targetRoots}, which are tree bodies {@code from..to-1},
     * walking the tree from {@code walkRoot}, summing the lists in {@code precision}. Output index = tree
     * body index - from.
     *
     * @throws IllegalStateException if a walk needs a cell that was pruned (the tree is not essential for these targets)
     */
    public static Gravity.Field field(Octree tree, int walkRoot, int[] targetRoots, int from, int to,
                                      double softening, int groupSize, Precision precision) {
        return field(tree, walkRoot, targetRoots, from, to, softening, groupSize, ListKernel.best(precision));
    }

    static Gravity.Field field(Octree tree, int walkRoot, int[] targetRoots, int from, int to, double softening,
                               int groupSize, ListKernel kernel) {
        Gravity.Field f = new Gravity.Field(to - from);
        TreeWalk walk = new TreeWalk(tree, walkRoot, groupSize, softening, kernel);
        for (int root : targetRoots) {
            walk.groups(root, f, from);
        }
        return f;
    }

    private void groups(int c, Gravity.Field f, int from) {
        if (tree.bodyCount(c) <= groupSize || tree.childCount(c) == 0) {
            int first = tree.firstBody(c);
            lists.startGroup(first, tree.bodyCount(c));
            tree.bodyBounds(first, tree.bodyCount(c), box);
            lists.centreOn(box);
            buildLists();
            kernel.sum(lists, tree.body, eps2, f, first - from);
            return;
        }
        int firstChild = tree.firstChild(c);
        for (int k = 0; k < tree.childCount(c); k++) {
            groups(firstChild + k, f, from);
        }
    }

    private void buildLists() {
        double[] cell = tree.cell;
        int sp = 0;
        stack[sp++] = walkRoot;
        while (sp > 0) {
            int c = stack[--sp];
            if (Gravity.acceptedByBox(cell, c * Octree.CELL_STRIDE, box)) {
                lists.addCell(cell, c, c * Octree.CELL_STRIDE);
            } else if (tree.isPruned(c)) {
                throw new IllegalStateException("a group's walk opened a cell pruned from its essential tree:"
                        + " the pruning region did not contain the group");
            } else if (tree.childCount(c) == 0) {
                lists.addBodies(tree.body, tree.firstBody(c), tree.bodyCount(c));
            } else {
                int firstChild = tree.firstChild(c);
                for (int k = tree.childCount(c) - 1; k >= 0; k--) {
                    stack[sp++] = firstChild + k;
                }
            }
        }
    }
}
