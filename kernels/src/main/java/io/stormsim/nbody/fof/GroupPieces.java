package io.stormsim.nbody.fof;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.ExactSum;
import io.stormsim.nbody.FixedPointSum;

/**
 * Phase 5 of friends-of-friends, what partition {@link #partition} sends the catalogue task: its parts of the
 * groups to be catalogued, the local groups its {@link Selection} keeps and the closed ones with at least the
 * minimum members. Piece i belongs to the group named {@code merged[i]} (a closed group's own name,
 * partition << 32 | local group) and has {@code length[i]} members, whose ids follow those of the pieces before
 * it in {@link #ids}. Its sums are exact ({@link ExactSum} partials), so that merging pieces gives the same bits
 * however the bodies were split: sum q of piece i (q = 0..6: m, m x, m y, m z, m vx, m vy, m vz, each product
 * rounded once) is {@code partials[partialStart[7 i + q] .. partialStart[7 i + q + 1])}.
 */
public final class GroupPieces {
    /** The sums a piece carries, in their order. */
    public static final int SUMS = 7;

    public final int partition;
    public final long[] merged;
    public final int[] length;
    public final long[] ids;
    public final double[] partials;
    public final int[] partialStart;

    public GroupPieces(int partition, long[] merged, int[] length, long[] ids, double[] partials, int[] partialStart) {
        this.partition = partition;
        this.merged = merged;
        this.length = length;
        this.ids = ids;
        this.partials = partials;
        this.partialStart = partialStart;
    }

    /** The pieces {@code own} reports under its selection. */
    public static GroupPieces of(LocalGroups own, Selection selection, int minMembers) {
        int groups = own.groups();
        int last = selection.open.length - 1;
        if (last >= 0 && (selection.open[last] >= groups || selection.open[0] < 0)) {
            throw new IllegalArgumentException("the selection for partition " + own.partition + " names local groups "
                    + selection.open[0] + " to " + selection.open[last] + ", but it has " + groups);
        }
        long[] name = new long[groups];
        int pieces = 0, members = 0;
        for (int g = 0, k = 0; g < groups; g++) {
            while (k < selection.open.length && selection.open[k] < g) {
                k++;
            }
            boolean open = k < selection.open.length && selection.open[k] == g;
            name[g] = open ? selection.merged[k]
                    : own.groupSize[g] >= minMembers ? GroupMerge.node(own.partition, g) : -1;
            if (name[g] >= 0) {
                pieces++;
                members += own.groupSize[g];
            }
        }
        int[] pieceOf = new int[groups];
        long[] merged = new long[pieces];
        int[] length = new int[pieces];
        int[] idStart = new int[pieces + 1];
        for (int g = 0, p = 0; g < groups; g++) {
            pieceOf[g] = name[g] >= 0 ? p : -1;
            if (name[g] >= 0) {
                merged[p] = name[g];
                length[p] = own.groupSize[g];
                idStart[p + 1] = idStart[p] + length[p];
                p++;
            }
        }
        long[] ids = new long[members];
        int[] member = new int[members];
        int[] fill = idStart.clone();
        Bodies b = own.bodies;
        for (int s = 0; s < b.n; s++) {
            int p = pieceOf[own.group[s]];
            if (p >= 0) {
                int i = own.cells.order[s];
                ids[fill[p]] = b.id[i];
                member[fill[p]++] = i;
            }
        }
        return withSums(own.partition, merged, length, ids, member, idStart, b);
    }

    private static GroupPieces withSums(int partition, long[] merged, int[] length, long[] ids, int[] member,
                                        int[] idStart, Bodies b) {
        int pieces = merged.length;
        double[][] sums = new double[SUMS * pieces][];
        int[] partialStart = new int[SUMS * pieces + 1];
        FixedPointSum[] sum = FixedPointSum.array(SUMS);
        for (int p = 0; p < pieces; p++) {
            for (FixedPointSum s : sum) {
                s.clear();
            }
            for (int j = idStart[p]; j < idStart[p + 1]; j++) {
                int i = member[j];
                double m = b.mass[i];
                sum[0].add(m);
                sum[1].add(m * b.x[i]);
                sum[2].add(m * b.y[i]);
                sum[3].add(m * b.z[i]);
                sum[4].add(m * b.vx[i]);
                sum[5].add(m * b.vy[i]);
                sum[6].add(m * b.vz[i]);
            }
            for (int q = 0; q < SUMS; q++) {
                int k = SUMS * p + q;
                sums[k] = sum[q].partials();
                partialStart[k + 1] = partialStart[k] + sums[k].length;
            }
        }
        double[] partials = new double[partialStart[SUMS * pieces]];
        for (int k = 0; k < sums.length; k++) {
            System.arraycopy(sums[k], 0, partials, partialStart[k], sums[k].length);
        }
        return new GroupPieces(partition, merged, length, ids, partials, partialStart);
    }

    public int pieces() {
        return merged.length;
    }
}
