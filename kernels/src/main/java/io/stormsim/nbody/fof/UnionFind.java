package io.stormsim.nbody.fof;

/**
 * Disjoint sets of 0..n-1 in one int array: find halves paths, union hangs the larger root under the smaller,
 * so a set's root is always its smallest member (what {@link GroupMerge} names a merged group by).
 */
final class UnionFind {
    private final int[] parent;

    UnionFind(int n) {
        parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
    }

    int size() {
        return parent.length;
    }

    int find(int i) {
        int[] p = parent;
        while (p[i] != i) {
            p[i] = p[p[i]];
            i = p[i];
        }
        return i;
    }

    /** Joins the sets of a and b; returns the root of the joined set. */
    int union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra < rb) {
            parent[rb] = ra;
            return ra;
        }
        parent[ra] = rb;
        return rb;
    }

    /** Puts i, a set of its own that nothing has joined yet, under {@code root} without a search. */
    void attach(int i, int root) {
        parent[i] = root;
    }
}
