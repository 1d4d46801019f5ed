package io.stormsim.nbody.analysis.bolts;

/** Phase 1's message to a partition that sends this one its boundary: the coarse cells this one occupies. */
public final class FofCells {
    public static final FofCells NONE = new FofCells(new long[0]);
    public final long[] cells;

    public FofCells(long[] cells) {
        this.cells = cells;
    }
}
