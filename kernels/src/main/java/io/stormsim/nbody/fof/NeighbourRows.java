package io.stormsim.nbody.fof;

import java.util.Arrays;

/**
 * The cells of a sorted array of cell keys near each of a series of query cells given in ascending key order.
 * The neighbourhood is a set of rows (offsets in y and z) and a reach along x; within a row the neighbours are
 * one run of keys (x lowest in a key, and indices never leave their 21 bits), found from a cursor per row that
 * only moves forward: a sweep costs O(cells + queries x rows), with no search and no map.
 */
final class NeighbourRows {
    private final long[] keys;
    private final int count;
    private final long[] offsets;
    private final int[] cursor;
    private final int reach;
    private final boolean forwardOnly;
    /** Per row, the larger of its offsets in y and z. */
    private final int[] rowReach;

    /** Rows whose offset in y and z is at most {@code reach}, all of them or (forward) those after the query. */
    NeighbourRows(long[] keys, int count, int reach, boolean forwardOnly) {
        this.keys = keys;
        this.count = count;
        this.reach = reach;
        this.forwardOnly = forwardOnly;
        int side = 2 * reach + 1;
        long[] rows = new long[side * side];
        int[] rowReach = new int[side * side];
        int r = 0;
        for (int dz = -reach; dz <= reach; dz++) {
            for (int dy = -reach; dy <= reach; dy++) {
                long offset = FofGrid.rowOffset(dy, dz);
                if (!forwardOnly || offset >= 0) {
                    rowReach[r] = Math.max(Math.abs(dy), Math.abs(dz));
                    rows[r++] = offset;
                }
            }
        }
        this.offsets = Arrays.copyOf(rows, r);
        this.rowReach = Arrays.copyOf(rowReach, r);
        this.cursor = new int[r];
    }

    int rows() {
        return offsets.length;
    }

    /** The first cell of row {@code r} near {@code query}; the row's cells run while {@link #within} holds. */
    int first(int r, long query) {
        long from = query + offsets[r] - reach;
        int i = cursor[r];
        while (i < count && keys[i] < from) {
            i++;
        }
        cursor[r] = i;
        return i;
    }

    boolean within(int r, long query, int i) {
        return i < count && keys[i] <= query + offsets[r] + reach;
    }

    /** What a sweep does with a query cell and a cell near it (indices into the queries' and the cells' keys). */
    @FunctionalInterface
    interface Meeting {
        void meet(int query, int cell);
    }

    /**
     * Calls {@code meeting} for each query (keys ascending) and each cell near it (with a larger key, when
     * forward only): first for all adjacent pairs, then in a second sweep for the farther ones, so that what the
     * adjacent cells join is known before the farther pairs, the likelier to be far apart, are looked at.
     */
    void sweep(long[] queries, int count, Meeting meeting) {
        for (boolean far : new boolean[] {false, true}) {
            Arrays.fill(cursor, 0);
            for (int c = 0; c < count; c++) {
                long q = queries[c];
                for (int r = 0; r < offsets.length; r++) {
                    boolean farRow = rowReach[r] > 1;
                    if (farRow && !far) {
                        continue;
                    }
                    for (int i = first(r, q); within(r, q, i); i++) {
                        boolean farCell = farRow || Math.abs(FofGrid.axis(keys[i], 0) - FofGrid.axis(q, 0)) > 1;
                        if (farCell == far && (!forwardOnly || keys[i] > q)) {
                            meeting.meet(c, i);
                        }
                    }
                }
            }
        }
    }
}
