package io.stormsim.nbody.fof;

import io.stormsim.nbody.KeyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * Phase 4 of friends-of-friends, in the catalogue task: the local groups that link across partitions, joined by
 * a union-find over (partition, local group) into the run's groups, and what each partition is to report. Only
 * groups that link across partitions take part, so a partition's closed groups never leave it unless they are
 * large enough to be catalogued; member ids are sent (phase 5) only for groups that are catalogued. The price
 * is this round trip: one more message to each partition and back, instead of every open group's ids.
 */
public final class GroupMerge {
    private GroupMerge() {
    }

    /** The selection of each of the {@code partitions} partitions, from all partitions' links (any order). */
    public static Selection[] select(List<CrossLinks> links, int partitions, int minMembers) {
        int ends = 0;
        for (CrossLinks l : links) {
            ends += 2 * l.links();
        }
        long[] end = new long[ends];
        int[] endSize = new int[ends];
        int at = 0;
        for (CrossLinks l : links) {
            for (int i = 0; i < l.links(); i++) {
                end[at] = checkedNode(l.partition, l.group[i], partitions);
                endSize[at++] = l.size[i];
                end[at] = checkedNode(l.other[i], l.otherGroup[i], partitions);
                endSize[at++] = l.otherSize[i];
            }
        }
        int[] order = KeyOrder.sortedOrder(end);
        long[] node = new long[ends];
        int[] size = new int[ends];
        int nodes = 0;
        for (int i : order) {
            if (nodes > 0 && node[nodes - 1] == end[i]) {
                if (size[nodes - 1] != endSize[i]) {
                    throw new IllegalArgumentException("local group " + (end[i] & 0xffffffffL) + " of partition "
                            + (end[i] >>> 32) + " is said to have " + size[nodes - 1] + " and " + endSize[i]
                            + " bodies: the links do not come from one run of the phases");
                }
            } else {
                node[nodes] = end[i];
                size[nodes++] = endSize[i];
            }
        }
        UnionFind sets = new UnionFind(nodes);
        for (int i = 0; i < ends; i += 2) {
            sets.union(Arrays.binarySearch(node, 0, nodes, end[i]), Arrays.binarySearch(node, 0, nodes, end[i + 1]));
        }
        long[] total = new long[nodes];
        for (int i = 0; i < nodes; i++) {
            total[sets.find(i)] += size[i];
        }
        Selection[] out = new Selection[partitions];
        int from = 0;
        for (int p = 0; p < partitions; p++) {
            int to = from;
            while (to < nodes && node[to] >>> 32 == p) {
                to++;
            }
            int[] open = new int[to - from];
            long[] merged = new long[to - from];
            for (int i = from; i < to; i++) {
                int root = sets.find(i);
                open[i - from] = (int) node[i];
                merged[i - from] = total[root] >= minMembers ? node[root] : -1;
            }
            out[p] = new Selection(open, merged);
            from = to;
        }
        return out;
    }

    /** A local group's name: partition << 32 | group, ascending by partition then group. */
    static long node(int partition, int group) {
        return (long) partition << 32 | group;
    }

    private static long checkedNode(int partition, int group, int partitions) {
        if (partition < 0 || partition >= partitions || group < 0) {
            throw new IllegalArgumentException("a link names local group " + group + " of partition " + partition
                    + ", but there are " + partitions + " partitions");
        }
        return node(partition, group);
    }
}
