package io.stormsim.nbody;

import java.util.Arrays;
import java.util.List;

/**
 * Body count and cost per non-empty cell of one fine level of the octree (a sparse histogram over
 * Morton-ordered bins). Partitions build theirs from their bodies; the sum over partitions is exact
 * (integers), so every partition derives the same decomposition from the same histograms.
 */
public final class CostHistogram {
    public final int level;
    public final int size;
    public final long[] bin;
    public final long[] count;
    public final long[] cost;

    public CostHistogram(int level, int size, long[] bin, long[] count, long[] cost) {
        this.level = level;
        this.size = size;
        this.bin = bin;
        this.count = count;
        this.cost = cost;
    }

    /** The histogram of bodies with ascending {@code keys}; a body weighs its cost, at least 1. */
    public static CostHistogram of(long[] keys, long[] bodyCost, int level) {
        int n = keys.length;
        long[] bin = new long[n], count = new long[n], cost = new long[n];
        int size = 0;
        for (int i = 0; i < n; i++) {
            long b = RootCell.prefix(keys[i], level);
            if (size == 0 || bin[size - 1] != b) {
                bin[size++] = b;
            }
            count[size - 1]++;
            cost[size - 1] += Math.max(bodyCost[i], 1);
        }
        return new CostHistogram(level, size, Arrays.copyOf(bin, size), Arrays.copyOf(count, size),
                Arrays.copyOf(cost, size));
    }

    /** The bin-wise sum of histograms of the same level. */
    public static CostHistogram sum(List<CostHistogram> parts) {
        int level = parts.get(0).level;
        int total = 0;
        for (CostHistogram h : parts) {
            if (h.level != level) {
                throw new IllegalArgumentException("histograms of levels " + level + " and " + h.level);
            }
            total += h.size;
        }
        long[] allBins = new long[total];
        int at = 0;
        for (CostHistogram h : parts) {
            System.arraycopy(h.bin, 0, allBins, at, h.size);
            at += h.size;
        }
        int[] order = KeyOrder.sortedOrder(allBins);
        long[] bin = new long[total], count = new long[total], cost = new long[total];
        long[] srcCount = new long[total], srcCost = new long[total];
        at = 0;
        for (CostHistogram h : parts) {
            System.arraycopy(h.count, 0, srcCount, at, h.size);
            System.arraycopy(h.cost, 0, srcCost, at, h.size);
            at += h.size;
        }
        int size = 0;
        for (int k = 0; k < total; k++) {
            int i = order[k];
            if (size == 0 || bin[size - 1] != allBins[i]) {
                bin[size++] = allBins[i];
            }
            count[size - 1] += srcCount[i];
            cost[size - 1] += srcCost[i];
        }
        return new CostHistogram(level, size, Arrays.copyOf(bin, size), Arrays.copyOf(count, size),
                Arrays.copyOf(cost, size));
    }
}
