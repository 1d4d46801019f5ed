package io.stormsim.water;

/**
 * The one combined force message a partition sends another after the intermolecular phase: for each
 * tree node of blocks the sender sums ({@link MoleculeBlocks#pieces}), the node's partial sums of the
 * forces on the receiver's molecules its rows reached, as segments (node [lo, hi) of blocks, first
 * unwrapped position, count; a position p is molecule p mod NMOL) with 9 doubles a molecule
 * concatenated. The receiver combines them along the fixed tree ({@link WaterPartition#correct}).
 */
public record ForceUpdate(int[] lo, int[] hi, int[] position, int[] count, double[] values) {
    public boolean isEmpty() {
        return lo.length == 0;
    }

    static ForceUpdate empty() {
        return new ForceUpdate(new int[0], new int[0], new int[0], new int[0], new double[0]);
    }
}
