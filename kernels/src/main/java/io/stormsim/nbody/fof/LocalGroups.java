package io.stormsim.nbody.fof;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.KeyOrder;
import java.util.Arrays;

/**
 * Phase 1 of friends-of-friends, in one partition: its own bodies linked into local groups, which later phases
 * join across partitions. This state stays in the partition; what it tells the others is
 * {@link #occupiedCells()}, the cells (of twice the grid's width) it holds bodies in.
 *
 * <p>Linking works on the cells of the {@link FofGrid} with a union-find over the bodies in cell order. A cell
 * whose box is within the linking length links its bodies at once (others test each pair); then each cell meets
 * the occupied cells after it in key order within two cells, first the 26 adjacent ones, then the farther ones,
 * and pairs of cells are skipped when their boxes are farther apart than l or when both are wholly linked and
 * already joined. A dense region is thus linked by its adjacent cells before the far ones are looked at, and
 * costs one find per pair of cells instead of a test per pair of bodies; every skip is exact, so the groups are
 * the components of {@link FofGrid#linked} over the partition's bodies.
 */
public final class LocalGroups {
    public final int partition;
    final Bodies bodies;
    final FofGrid grid;
    final CellIndex cells;
    /** The local group of the body at each position in cell order; groups are numbered in that order. */
    final int[] group;
    final int[] groupSize;
    /** The group all of a cell's bodies belong to, or -1 when they belong to several. */
    final int[] cellGroup;
    /** The coarse cells (of {@link FofGrid#coarse}) holding bodies, ascending, and each cell's among them. */
    final long[] occupied;
    final int[] coarseOf;

    private LocalGroups(int partition, Bodies bodies, FofGrid grid) {
        this.partition = partition;
        this.bodies = bodies;
        this.grid = grid;
        this.cells = new CellIndex(bodies.x, bodies.y, bodies.z, bodies.n, grid);
        this.group = labels(link());
        this.groupSize = sizes(group);
        this.cellGroup = cells.wholeGroups(group);
        long[] coarse = new long[cells.cells];
        for (int c = 0; c < cells.cells; c++) {
            coarse[c] = FofGrid.coarse(cells.key[c]);
        }
        coarseOf = new int[cells.cells];
        long[] distinct = new long[cells.cells];
        int k = -1;
        for (int c : KeyOrder.sortedOrder(coarse)) {
            if (k < 0 || coarse[c] != distinct[k]) {
                distinct[++k] = coarse[c];
            }
            coarseOf[c] = k;
        }
        occupied = Arrays.copyOf(distinct, k + 1);
    }

    private UnionFind link() {
        UnionFind sets = new UnionFind(bodies.n);
        boolean[] united = new boolean[cells.cells];
        for (int c = 0; c < cells.cells; c++) {
            united[c] = linkWithin(c, sets);
        }
        new NeighbourRows(cells.key, cells.cells, 2, true).sweep(cells.key, cells.cells,
                (c, i) -> linkCells(c, i, united, sets));
        return sets;
    }

    /** Numbers the sets 0, 1, ... in cell order of their first member. */
    private static int[] labels(UnionFind sets) {
        int n = sets.size();
        int[] label = new int[n];
        int[] labelOfRoot = new int[n];
        Arrays.fill(labelOfRoot, -1);
        int groups = 0;
        for (int s = 0; s < n; s++) {
            int root = sets.find(s);
            if (labelOfRoot[root] < 0) {
                labelOfRoot[root] = groups++;
            }
            label[s] = labelOfRoot[root];
        }
        return label;
    }

    private static int[] sizes(int[] label) {
        int groups = 0;
        for (int g : label) {
            groups = Math.max(groups, g + 1);
        }
        int[] size = new int[groups];
        for (int g : label) {
            size[g]++;
        }
        return size;
    }

    /** Links the partition's bodies (as partition {@code partition} of the run whose grid is given). */
    public static LocalGroups link(int partition, Bodies bodies, FofGrid grid) {
        return new LocalGroups(partition, bodies, grid);
    }

    /**
     * The coarse cells this partition holds bodies in, ascending: what it sends to each partition p with
     * {@link Boundary#flows}(p, this partition), for p to choose the bodies it sends back. Not to be modified.
     */
    public long[] occupiedCells() {
        return occupied;
    }

    /** How many local groups (single bodies included) the partition's bodies form. */
    public int groups() {
        return groupSize.length;
    }

    /** Links cell c's bodies among themselves; true when they all linked at once. */
    private boolean linkWithin(int c, UnionFind sets) {
        int from = cells.start[c], to = cells.start[c + 1];
        if (cells.allLinked(c, grid.l2)) {
            for (int s = from + 1; s < to; s++) {
                sets.attach(s, from);
            }
            return true;
        }
        for (int s = from; s < to; s++) {
            for (int t = s + 1; t < to; t++) {
                if (cells.linked(s, cells, t, grid.l2)) {
                    sets.union(s, t);
                }
            }
        }
        return false;
    }

    private void linkCells(int a, int b, boolean[] united, UnionFind sets) {
        if (cells.apart(a, cells, b, grid.l2)) {
            return;
        }
        int aFrom = cells.start[a], aTo = cells.start[a + 1], bFrom = cells.start[b], bTo = cells.start[b + 1];
        boolean whole = united[a] && united[b];
        if (whole && sets.find(aFrom) == sets.find(bFrom)) {
            return;
        }
        for (int s = aFrom; s < aTo; s++) {
            for (int t = bFrom; t < bTo; t++) {
                if (cells.linked(s, cells, t, grid.l2)) {
                    sets.union(s, t);
                    if (whole) {
                        return;
                    }
                }
            }
        }
    }
}
