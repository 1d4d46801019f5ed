package io.stormsim.water;

/**
 * The fixed cut of the molecules into blocks and of the blocks into partitions. Blocks depend only on
 * the molecule count, never on the partition count: every sum the run makes is accumulated per block
 * and then added in block order, which is what makes the results the same bits for any partitioning.
 * Partitions own contiguous runs of whole blocks, so there can be at most {@link #maxPartitions} of them.
 *
 * <p>Molecule i interacts with the molecules that follow it cyclically, up to NMOL/2 of them (the
 * original's split, which visits every pair once). So the rows of a block reach a window of the block's
 * own molecules and the NMOL/2 after them; windows are given as unwrapped index ranges that may run
 * past NMOL and continue at 0.
 */
public final class MoleculeBlocks {
    /** Upper bound on the number of blocks: more blocks allow more partitions but cost more partial sums. */
    public static final int MAX_BLOCKS = 64;

    public final int molecules, blocks, half;

    public MoleculeBlocks(int molecules) {
        if (molecules < 1) {
            throw new IllegalArgumentException("molecules = " + molecules + " is not allowed: must be >= 1");
        }
        this.molecules = molecules;
        this.blocks = maxPartitions(molecules);
        this.half = molecules / 2;
    }

    /** The most partitions a run of {@code molecules} can be split into: one block each at least. */
    public static int maxPartitions(int molecules) {
        return Math.min(molecules, MAX_BLOCKS);
    }

    public int blockStart(int block) {
        return (int) ((long) block * molecules / blocks);
    }

    public int blockSize(int block) {
        return blockStart(block + 1) - blockStart(block);
    }

    /** The partners of molecule i are i+1 .. i+partners(i), cyclically; every pair once over all i. */
    public int partners(int i) {
        int last = i + half;
        if (molecules % 2 == 0) {
            if (half <= i && i % 2 == 0) {
                last--;
            }
            if (i < half && last % 2 == 1) {
                last--;
            }
        }
        return last - i;
    }

    /** Length of block b's window: its molecules and the half after them (never more than all). */
    public int windowLength(int block) {
        return Math.min(molecules, blockSize(block) + half);
    }

    public int firstBlock(int partition, int partitions) {
        checkPartition(partition, partitions);
        return (int) ((long) partition * blocks / partitions);
    }

    public void checkPartition(int partition, int partitions) {
        if (partitions < 1 || partitions > blocks) {
            throw new IllegalArgumentException("partitions = " + partitions + " is not allowed: must be 1.."
                    + blocks + " for " + molecules + " molecules (whole blocks of " + blocks + " per partition)");
        }
        if (partition < 0 || partition >= partitions) {
            throw new IllegalArgumentException("partition = " + partition + " is not allowed: must be 0.."
                    + (partitions - 1));
        }
    }

    /** First molecule of the partition ({@code partition == partitions} gives NMOL). */
    public int partitionStart(int partition, int partitions) {
        return partition == partitions ? molecules : blockStart(firstBlock(partition, partitions));
    }

    /**
     * The segments where the cyclic range {@code [start, start+length)} (unwrapped, length <= NMOL) meets
     * the molecules {@code [from, to)}: at most two, written to {@code out} as triples (offset in the
     * range, first molecule, count). Returns how many.
     */
    public int overlap(int start, int length, int from, int to, int[] out) {
        int n = 0;
        int end = start + length;
        // The range covers [start, min(end, NMOL)) and, when it wraps, [0, end - NMOL).
        n = segment(start, Math.min(end, molecules), 0, from, to, out, n);
        if (end > molecules) {
            n = segment(0, end - molecules, molecules - start, from, to, out, n);
        }
        return n;
    }

    private static int segment(int a, int b, int offsetOfA, int from, int to, int[] out, int n) {
        int lo = Math.max(a, from), hi = Math.min(b, to);
        if (lo < hi) {
            out[3 * n] = offsetOfA + lo - a;
            out[3 * n + 1] = lo;
            out[3 * n + 2] = hi - lo;
            n++;
        }
        return n;
    }
}
