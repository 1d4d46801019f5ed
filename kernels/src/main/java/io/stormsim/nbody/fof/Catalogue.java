package io.stormsim.nbody.fof;

import io.stormsim.nbody.ExactSum;
import io.stormsim.nbody.KeyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * The friends-of-friends groups of a run with at least the minimum members (phase 6, in the catalogue task):
 * ordered by length descending, ties by smallest member id; group g has {@code length[g]} members, whose ids
 * are {@code ids[offset[g] .. offset[g] + length[g])}, ascending. Its mass is the exact sum of its members'
 * masses, rounded once; {@code pos} (3 per group) is its centre of mass and {@code vel} its mass-weighted mean
 * velocity, each the correctly rounded sum of m x (m v) over the members, divided by the rounded mass. (GADGET-4
 * also gives the centre of mass as GroupPos when it runs FOF alone; with SUBFIND it gives the potential minimum.)
 * Every value is a function of the groups as sets, so the same bits come out whatever the partitions.
 */
public final class Catalogue {
    public final int[] length;
    public final double[] mass, pos, vel;
    public final long[] offset, ids;

    public Catalogue(int[] length, double[] mass, double[] pos, double[] vel, long[] offset, long[] ids) {
        this.length = length;
        this.mass = mass;
        this.pos = pos;
        this.vel = vel;
        this.offset = offset;
        this.ids = ids;
    }

    /** The catalogue of all partitions' pieces (in any order), each merged group kept whole. */
    public static Catalogue assemble(List<GroupPieces> all, int minMembers) {
        int pieces = 0;
        for (GroupPieces p : all) {
            pieces += p.pieces();
        }
        long[] name = new long[pieces];
        int[] from = new int[pieces], index = new int[pieces], idStart = new int[pieces];
        int at = 0;
        for (int m = 0; m < all.size(); m++) {
            GroupPieces p = all.get(m);
            for (int i = 0, ids = 0; i < p.pieces(); i++, at++) {
                name[at] = p.merged[i];
                from[at] = m;
                index[at] = i;
                idStart[at] = ids;
                ids += p.length[i];
            }
        }
        int[] order = KeyOrder.sortedOrder(name);
        int groups = 0;
        for (int k = 0; k < pieces; k++) {
            if (k == 0 || name[order[k]] != name[order[k - 1]]) {
                groups++;
            }
        }
        int[] runStart = new int[groups + 1];
        long[] negLength = new long[groups], minId = new long[groups];
        for (int k = 0, g = -1; k < pieces; k++) {
            if (k == 0 || name[order[k]] != name[order[k - 1]]) {
                runStart[++g] = k;
                minId[g] = Long.MAX_VALUE;
            }
            GroupPieces p = all.get(from[order[k]]);
            int i = index[order[k]];
            negLength[g] -= p.length[i];
            for (int j = idStart[order[k]]; j < idStart[order[k]] + p.length[i]; j++) {
                minId[g] = Math.min(minId[g], p.ids[j]);
            }
        }
        runStart[groups] = pieces;
        long members = 0;
        for (int g = 0; g < groups; g++) {
            if (-negLength[g] < minMembers || -negLength[g] > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the pieces of group " + name[order[runStart[g]]] + " hold "
                        + -negLength[g] + " members, not from " + minMembers + " (" + FofParameters.MIN_MEMBERS
                        + ") to " + Integer.MAX_VALUE + ": they do not come from one selection");
            }
            members += -negLength[g];
        }
        int[] rank = KeyOrder.sortedOrder(negLength, minId);
        Catalogue c = new Catalogue(new int[groups], new double[groups], new double[3 * groups], new double[3 * groups],
                new long[groups], new long[Math.toIntExact(members)]);
        ExactSum[] sum = new ExactSum[GroupPieces.SUMS];
        int fill = 0;
        for (int out = 0; out < groups; out++) {
            int g = rank[out];
            c.length[out] = (int) -negLength[g];
            c.offset[out] = fill;
            for (int q = 0; q < GroupPieces.SUMS; q++) {
                sum[q] = new ExactSum();
            }
            for (int k = runStart[g]; k < runStart[g + 1]; k++) {
                GroupPieces p = all.get(from[order[k]]);
                int i = index[order[k]];
                System.arraycopy(p.ids, idStart[order[k]], c.ids, fill, p.length[i]);
                fill += p.length[i];
                for (int q = 0; q < GroupPieces.SUMS; q++) {
                    sum[q].addAll(Arrays.copyOfRange(p.partials, p.partialStart[GroupPieces.SUMS * i + q],
                            p.partialStart[GroupPieces.SUMS * i + q + 1]));
                }
            }
            Arrays.sort(c.ids, (int) c.offset[out], fill);
            double m = sum[0].value();
            c.mass[out] = m;
            for (int a = 0; a < 3; a++) {
                c.pos[3 * out + a] = sum[1 + a].value() / m;
                c.vel[3 * out + a] = sum[4 + a].value() / m;
            }
        }
        return c;
    }

    public int groups() {
        return length.length;
    }

    /** True when both catalogues hold the same groups with the same bits in every value. */
    public boolean sameBits(Catalogue o) {
        return Arrays.equals(length, o.length) && Arrays.equals(mass, o.mass) && Arrays.equals(pos, o.pos)
                && Arrays.equals(vel, o.vel) && Arrays.equals(offset, o.offset) && Arrays.equals(ids, o.ids);
    }
}
