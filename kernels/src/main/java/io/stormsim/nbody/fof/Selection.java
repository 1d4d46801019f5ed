package io.stormsim.nbody.fof;

/**
 * Phase 4's answer to one partition, from the catalogue task: its local groups that link to other partitions'
 * ({@link #open}, ascending) and, for each, the name of the merged group it belongs to when that group has at
 * least the minimum members, else -1 (the partition drops it). A merged group is named by the smallest
 * (partition << 32 | local group) among its parts. The partition's other local groups are whole groups.
 */
public final class Selection {
    public final int[] open;
    public final long[] merged;

    public Selection(int[] open, long[] merged) {
        this.open = open;
        this.merged = merged;
    }
}
