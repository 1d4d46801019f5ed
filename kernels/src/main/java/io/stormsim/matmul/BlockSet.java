package io.stormsim.matmul;

/**
 * Some bs x bs blocks of one matrix, each with its block row and column, row-major one after another
 * in one flat array (block b at {@code b * bs * bs}). Shared read-only once built (Storm may hand the
 * same instance to several tasks of one worker).
 */
public final class BlockSet {
    public final int bs;
    public final int[] blockRow;
    public final int[] blockCol;
    public final double[] data;

    public BlockSet(int bs, int[] blockRow, int[] blockCol, double[] data) {
        if (blockRow.length != blockCol.length || data.length != (long) blockRow.length * bs * bs) {
            throw new IllegalArgumentException(blockRow.length + " blocks of " + bs + "x" + bs + " need "
                    + (long) blockRow.length * bs * bs + " values, got " + data.length);
        }
        this.bs = bs;
        this.blockRow = blockRow;
        this.blockCol = blockCol;
        this.data = data;
    }

    public static BlockSet empty(int bs) {
        return new BlockSet(bs, new int[0], new int[0], new double[0]);
    }

    public int size() {
        return blockRow.length;
    }

    /** Bytes of matrix values carried (what an exchange moves, headers aside). */
    public long valueBytes() {
        return 8L * data.length;
    }

    /** Writes every block into its place in {@code m}. */
    public void copyInto(DenseMatrix m) {
        for (int b = 0; b < size(); b++) {
            m.setBlock(blockRow[b], blockCol[b], bs, data, b * bs * bs);
        }
    }
}
