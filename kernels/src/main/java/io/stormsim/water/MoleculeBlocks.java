package io.stormsim.water;

import java.util.Arrays;

/**
 * The fixed cut of the molecules into blocks and of the blocks into partitions. Blocks depend only on
 * the molecule count, never on the partition count: every sum the run makes is accumulated per block
 * and then combined in an order fixed by the blocks alone (forces along a binary tree over the blocks,
 * {@link #pieces}; scalars in block order), which is what makes the results the same bits for any
 * partitioning.
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
     * End (unwrapped, exclusive) of what the rows of blocks [lo, hi) reach: their windows' union is
     * [blockStart(lo), windowEnd(lo, hi)).
     */
    public int windowEnd(int lo, int hi) {
        int end = 0;
        for (int b = lo; b < hi; b++) {
            end = Math.max(end, blockStart(b) + windowLength(b));
        }
        return end;
    }

    /**
     * The nodes of the fixed binary tree over the blocks (node [lo, hi) has children [lo, mid) and
     * [mid, hi), mid = (lo + hi) / 2) that a partition sums and sends: the largest nodes inside its
     * blocks, in block order, as pairs (lo, hi).
     */
    public int[] pieces(int partition, int partitions) {
        int first = firstBlock(partition, partitions);
        int end = partition + 1 == partitions ? blocks : firstBlock(partition + 1, partitions);
        int[] out = new int[4 * (32 - Integer.numberOfLeadingZeros(blocks)) + 4];
        int n = collect(0, blocks, first, end, out, 0);
        return Arrays.copyOf(out, 2 * n);
    }

    private static int collect(int lo, int hi, int first, int end, int[] out, int n) {
        if (hi <= first || lo >= end) {
            return n;
        }
        if (lo >= first && hi <= end) {
            out[2 * n] = lo;
            out[2 * n + 1] = hi;
            return n + 1;
        }
        int mid = (lo + hi) >>> 1;
        return collect(mid, hi, first, end, out, collect(lo, mid, first, end, out, n));
    }

    /** Molecules partition {@code receiver}'s rows reach: its own and the half after them, cyclically. */
    public int reachedLength(int receiver, int partitions) {
        return Math.min(molecules, partitionStart(receiver + 1, partitions) - partitionStart(receiver, partitions) + half);
    }

    /** Whether {@code sender} sends {@code receiver} frames before each pair phase (never to itself). */
    public boolean sendsFrames(int sender, int receiver, int partitions) {
        return sender != receiver && overlap(partitionStart(receiver, partitions), reachedLength(receiver, partitions),
                partitionStart(sender, partitions), partitionStart(sender + 1, partitions), new int[9]) > 0;
    }

    /** Whether {@code sender} sends {@code receiver} a force update after the force phase (never to itself). */
    public boolean sendsForces(int sender, int receiver, int partitions) {
        if (sender == receiver) {
            return false;
        }
        int[] pieces = pieces(sender, partitions);
        for (int k = 0; k < pieces.length; k += 2) {
            if (reaches(pieces[k], pieces[k + 1], receiver, partitions)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the rows of blocks [lo, hi) reach any molecule of the partition. */
    public boolean reaches(int lo, int hi, int partition, int partitions) {
        int start = blockStart(lo);
        return overlap(start, windowEnd(lo, hi) - start, partitionStart(partition, partitions),
                partitionStart(partition + 1, partitions), new int[9]) > 0;
    }

    /**
     * The segments where the unwrapped range {@code [start, start+length)} (start in 0..NMOL-1, length
     * below 2 NMOL, so a molecule may appear twice) meets the molecules {@code [from, to)}: at most three,
     * in range order, written to {@code out} as triples (offset in the range, first molecule, count).
     * Returns how many.
     */
    public int overlap(int start, int length, int from, int to, int[] out) {
        int n = 0, end = start + length;
        for (int wrap = 0; wrap < 3; wrap++) {
            int lo = Math.max(start, from + wrap * molecules), hi = Math.min(end, to + wrap * molecules);
            if (lo < hi) {
                out[3 * n] = lo - start;
                out[3 * n + 1] = lo - wrap * molecules;
                out[3 * n + 2] = hi - lo;
                n++;
            }
        }
        return n;
    }
}
