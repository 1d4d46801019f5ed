package io.stormsim.nbody.fof;

/**
 * Phase 2 of friends-of-friends, a message from partition {@link #from} to one other partition: those of its
 * bodies that might link with the other's, with their positions, local groups and those groups' sizes. They
 * are the bodies in coarse cells (twice the grid's width, so at least l) within one coarse cell of a coarse cell
 * the receiver occupies: a body farther from all the receiver's bodies is more than two grid cells from each of
 * them, beyond the linking length ({@link FofGrid}). Ids and masses stay home; only links are found from this.
 *
 * <p>A link between two partitions needs to be found once, so of each pair only one sends ({@link #flows}): the
 * lower to the higher when their sum is even, else the higher to the lower, which leaves each partition sending
 * to about half the others and receiving from the rest. This halves the bodies and the cell lists exchanged.
 */
public final class Boundary {
    public final int from;
    public final double[] x, y, z;
    public final int[] group, groupSize;

    public Boundary(int from, double[] x, double[] y, double[] z, int[] group, int[] groupSize) {
        this.from = from;
        this.x = x;
        this.y = y;
        this.z = z;
        this.group = group;
        this.groupSize = groupSize;
    }

    /** True when partition {@code from} sends its boundary to partition {@code to} (and {@code to} its cells back). */
    public static boolean flows(int from, int to) {
        return from != to && (from < to) == (((from + to) & 1) == 0);
    }

    /** The bodies of {@code own} that may link with a partition occupying {@code cellsOfTarget} (its occupied cells). */
    public static Boundary of(LocalGroups own, long[] cellsOfTarget) {
        long[] occupied = own.occupied;
        boolean[] near = new boolean[occupied.length];
        NeighbourRows rows = new NeighbourRows(cellsOfTarget, cellsOfTarget.length, 1, false);
        for (int k = 0; k < occupied.length; k++) {
            for (int r = 0; r < rows.rows() && !near[k]; r++) {
                near[k] = rows.within(r, occupied[k], rows.first(r, occupied[k]));
            }
        }
        CellIndex cells = own.cells;
        int n = 0;
        for (int c = 0; c < cells.cells; c++) {
            if (near[own.coarseOf[c]]) {
                n += cells.start[c + 1] - cells.start[c];
            }
        }
        Boundary b = new Boundary(own.partition, new double[n], new double[n], new double[n], new int[n], new int[n]);
        int at = 0;
        for (int c = 0; c < cells.cells; c++) {
            if (near[own.coarseOf[c]]) {
                for (int s = cells.start[c]; s < cells.start[c + 1]; s++, at++) {
                    b.x[at] = cells.x[s];
                    b.y[at] = cells.y[s];
                    b.z[at] = cells.z[s];
                    b.group[at] = own.group[s];
                    b.groupSize[at] = own.groupSize[own.group[s]];
                }
            }
        }
        return b;
    }

    public int size() {
        return x.length;
    }
}
