package io.stormsim.nbody.fof;

import io.stormsim.nbody.KeyOrder;

/**
 * Points sorted into the cells of a {@link FofGrid}: the occupied cells' keys ascending, each cell's run of
 * points (their coordinates copied in cell order, so that pair tests read memory in order) and the tight box of
 * each cell's points, which bounds every pair test between two cells ({@link FofGrid#gap2}) and decides whether a
 * cell's points all link at once. Flat arrays only.
 */
final class CellIndex {
    /** Position in cell order to the index of the point as given. */
    final int[] order;
    final double[] x, y, z;
    final long[] key;
    /** Cell c holds positions start[c] to start[c + 1] - 1. */
    final int[] start;
    final int cells;
    /** Cell c's box at 6c: min x, min y, min z, max x, max y, max z of its points. */
    final double[] box;

    CellIndex(double[] px, double[] py, double[] pz, int n, FofGrid grid) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = grid.key(px[i], py[i], pz[i]);
        }
        order = KeyOrder.sortedOrder(keys);
        x = new double[n];
        y = new double[n];
        z = new double[n];
        int distinct = 0;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            x[s] = px[i];
            y[s] = py[i];
            z[s] = pz[i];
            if (s == 0 || keys[i] != keys[order[s - 1]]) {
                distinct++;
            }
        }
        cells = distinct;
        key = new long[cells];
        start = new int[cells + 1];
        box = new double[6 * cells];
        int c = -1;
        for (int s = 0; s < n; s++) {
            long k = keys[order[s]];
            if (c < 0 || k != key[c]) {
                key[++c] = k;
                start[c] = s;
                box[6 * c] = box[6 * c + 3] = x[s];
                box[6 * c + 1] = box[6 * c + 4] = y[s];
                box[6 * c + 2] = box[6 * c + 5] = z[s];
            } else {
                int b = 6 * c;
                box[b] = Math.min(box[b], x[s]);
                box[b + 1] = Math.min(box[b + 1], y[s]);
                box[b + 2] = Math.min(box[b + 2], z[s]);
                box[b + 3] = Math.max(box[b + 3], x[s]);
                box[b + 4] = Math.max(box[b + 4], y[s]);
                box[b + 5] = Math.max(box[b + 5], z[s]);
            }
        }
        start[cells] = n;
    }

    /** For each cell, the group all its points belong to (given by position), or -1 when they belong to several. */
    int[] wholeGroups(int[] groupAt) {
        int[] whole = new int[cells];
        for (int c = 0; c < cells; c++) {
            int g = groupAt[start[c]];
            for (int s = start[c] + 1; s < start[c + 1] && g >= 0; s++) {
                if (groupAt[s] != g) {
                    g = -1;
                }
            }
            whole[c] = g;
        }
        return whole;
    }

    /**
     * True when every pair of cell c's points passes the friends test: the rounded span of its box, squared and
     * summed as the test does, is at least each pair's rounded left side (rounding is monotone).
     */
    boolean allLinked(int c, double l2) {
        int b = 6 * c;
        double dx = box[b + 3] - box[b], dy = box[b + 4] - box[b + 1], dz = box[b + 5] - box[b + 2];
        return dx * dx + dy * dy + dz * dz <= l2;
    }

    /** True when no point of cell a can link with a point of cell c of {@code other}. */
    boolean apart(int a, CellIndex other, int c, double l2) {
        return FofGrid.gap2(box, 6 * a, other.box, 6 * c) > l2;
    }

    boolean linked(int s, CellIndex other, int t, double l2) {
        return FofGrid.linked(l2, x[s], y[s], z[s], other.x[t], other.y[t], other.z[t]);
    }
}
