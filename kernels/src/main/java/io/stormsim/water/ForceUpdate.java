package io.stormsim.water;

/**
 * The one combined force message a partition sends another after the intermolecular phase: for each
 * of the sender's blocks, the block's partial sums of the forces on the receiver's molecules it reached,
 * as segments (source block, first molecule, count) with 9 doubles a molecule concatenated. The
 * receiver adds them in block order ({@link WaterPartition#correct}).
 */
public record ForceUpdate(int[] block, int[] first, int[] count, double[] values) {
    public boolean isEmpty() {
        return block.length == 0;
    }
}
