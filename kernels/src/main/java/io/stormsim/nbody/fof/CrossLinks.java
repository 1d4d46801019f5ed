package io.stormsim.nbody.fof;

import io.stormsim.nbody.KeyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Phase 3 of friends-of-friends, what partition {@link #partition} sends the catalogue task: the links it found
 * between its local groups and those of the partitions whose {@link Boundary} it received. Link i joins its
 * group {@code group[i]} (of {@code size[i]} bodies) with group {@code otherGroup[i]} (of {@code otherSize[i]})
 * of partition {@code other[i]}; each pair of groups once, sorted by other partition, group, other group. The
 * sizes let the catalogue task add up merged groups without hearing from every partition again.
 *
 * <p>The received bodies are sorted into cells as the partition's own are, and each received cell meets the
 * partition's cells within two, adjacent ones first; a pair of cells each wholly in one group stops at its first
 * link and is skipped when that link is already known. Every skip is exact, so a pair of groups is listed if
 * and only if some pair of their bodies passes {@link FofGrid#linked}.
 */
public final class CrossLinks {
    public final int partition;
    public final int[] group, size, other, otherGroup, otherSize;

    public CrossLinks(int partition, int[] group, int[] size, int[] other, int[] otherGroup, int[] otherSize) {
        this.partition = partition;
        this.group = group;
        this.size = size;
        this.other = other;
        this.otherGroup = otherGroup;
        this.otherSize = otherSize;
    }

    /** The links between {@code own}'s groups and those of the senders of {@code received} (any order). */
    public static CrossLinks find(LocalGroups own, List<Boundary> received) {
        List<Boundary> bySender = new ArrayList<>(received);
        bySender.sort(Comparator.comparingInt(b -> b.from));
        List<EdgeSet> found = new ArrayList<>();
        int total = 0;
        for (int m = 0; m < bySender.size(); m++) {
            Boundary b = bySender.get(m);
            if (b.from == own.partition || (m > 0 && bySender.get(m - 1).from == b.from)) {
                throw new IllegalArgumentException("partition " + own.partition + " received a boundary from partition "
                        + b.from + (b.from == own.partition ? ", itself" : " twice"));
            }
            found.add(links(own, b));
            total += found.get(m).size();
        }
        CrossLinks out = new CrossLinks(own.partition, new int[total], new int[total], new int[total], new int[total],
                new int[total]);
        int at = 0;
        for (int m = 0; m < bySender.size(); m++) {
            EdgeSet edges = found.get(m);
            long[] keys = new long[edges.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = edges.key(i);
            }
            for (int i : KeyOrder.sortedOrder(keys)) {
                out.group[at] = (int) (keys[i] >>> 32);
                out.size[at] = own.groupSize[out.group[at]];
                out.other[at] = bySender.get(m).from;
                out.otherGroup[at] = (int) keys[i];
                out.otherSize[at++] = edges.value(i);
            }
        }
        return out;
    }

    /** Pairs (own group, sender's group) packed as own << 32 | sender's, with the sender's group's size. */
    private static EdgeSet links(LocalGroups own, Boundary b) {
        FofGrid grid = own.grid;
        CellIndex mine = own.cells;
        CellIndex in = new CellIndex(b.x, b.y, b.z, b.size(), grid);
        int[] groupAt = new int[b.size()];
        for (int s = 0; s < groupAt.length; s++) {
            groupAt[s] = b.group[in.order[s]];
        }
        int[] inGroup = in.wholeGroups(groupAt);
        EdgeSet edges = new EdgeSet();
        new NeighbourRows(mine.key, mine.cells, 2, false).sweep(in.key, in.cells, (c, i) -> {
            if (!in.apart(c, mine, i, grid.l2)) {
                linkCells(in, c, inGroup[c], b, own, i, edges);
            }
        });
        return edges;
    }

    private static void linkCells(CellIndex in, int c, int inGroup, Boundary b, LocalGroups own, int i, EdgeSet edges) {
        CellIndex mine = own.cells;
        int myGroup = own.cellGroup[i];
        boolean whole = inGroup >= 0 && myGroup >= 0;
        if (whole && edges.contains((long) myGroup << 32 | inGroup)) {
            return;
        }
        for (int s = in.start[c]; s < in.start[c + 1]; s++) {
            for (int t = mine.start[i]; t < mine.start[i + 1]; t++) {
                if (in.linked(s, mine, t, own.grid.l2)) {
                    int sender = in.order[s];
                    edges.add((long) own.group[t] << 32 | b.group[sender], b.groupSize[sender]);
                    if (whole) {
                        return;
                    }
                }
            }
        }
    }

    public int links() {
        return group.length;
    }
}
