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
    /** Per row, the larger of its offsets in y and z. */
    private final int[] rowReach;

    /** Rows whose offset in y and z is at most {@code reach}, all of them or (forward) those after the query. */
    NeighbourRows(long[] keys, int count, int reach, boolean forwardOnly) {
        this.keys = keys;
        this.count = count;
        this.reach = reach;
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

    /** Starts a new sweep: queries start again from the smallest key. */
    void rewind() {
        Arrays.fill(cursor, 0);
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

    /** The larger of row r's offsets in y and z. */
    int rowReach(int r) {
        return rowReach[r];
    }
}
