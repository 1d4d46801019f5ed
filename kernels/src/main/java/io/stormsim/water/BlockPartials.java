package io.stormsim.water;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A partition's partial sums of some quantities ({@code width} per block), one row per block it owns
 * from {@code firstBlock} on. {@link #fold} adds all partitions' rows in block order, so a total is
 * the same bits however the blocks were spread over partitions.
 */
public record BlockPartials(int firstBlock, int width, double[] values) {

    public int blockCount() {
        return values.length / width;
    }

    /** Totals over all blocks 0..blocks-1, added in block order; the partials must cover each block once. */
    public static double[] fold(List<BlockPartials> parts, int blocks) {
        List<BlockPartials> sorted = new ArrayList<>(parts);
        sorted.sort(Comparator.comparingInt(BlockPartials::firstBlock));
        int width = sorted.get(0).width();
        double[] total = new double[width];
        int next = 0;
        for (BlockPartials p : sorted) {
            if (p.firstBlock() != next || p.width() != width) {
                throw new IllegalArgumentException("block partials start at block " + p.firstBlock()
                        + " (width " + p.width() + "), expected block " + next + " (width " + width + ")");
            }
            for (int b = 0; b < p.blockCount(); b++) {
                for (int k = 0; k < width; k++) {
                    total[k] = total[k] + p.values()[b * width + k];
                }
            }
            next += p.blockCount();
        }
        if (next != blocks) {
            throw new IllegalArgumentException("block partials cover blocks 0.." + (next - 1) + ", expected 0.."
                    + (blocks - 1));
        }
        return total;
    }
}
