package io.stormsim.nbody.fof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The oracle: every pair of bodies tested (dx*dx + dy*dy + dz*dz <= l*l, inclusive), a plain union-find over
 * them, groups below the minimum dropped, ordered by length descending then smallest id; sums checked exactly
 * with BigDecimal. Nothing of the kernels is used but the catalogue under test.
 */
final class BruteForceFof {
    private BruteForceFof() {
    }

    /** The groups' member ids (ascending), in catalogue order. */
    static List<long[]> groups(Bodies b, double l, int minMembers) {
        int[] parent = new int[b.n];
        for (int i = 0; i < b.n; i++) {
            parent[i] = i;
        }
        double l2 = l * l;
        for (int i = 0; i < b.n; i++) {
            for (int j = i + 1; j < b.n; j++) {
                double dx = b.x[i] - b.x[j], dy = b.y[i] - b.y[j], dz = b.z[i] - b.z[j];
                if (dx * dx + dy * dy + dz * dz <= l2) {
                    parent[root(parent, i)] = root(parent, j);
                }
            }
        }
        List<List<Long>> byRoot = new ArrayList<>();
        for (int i = 0; i < b.n; i++) {
            byRoot.add(new ArrayList<>());
        }
        for (int i = 0; i < b.n; i++) {
            byRoot.get(root(parent, i)).add(b.id[i]);
        }
        List<long[]> out = new ArrayList<>();
        for (List<Long> g : byRoot) {
            if (g.size() >= minMembers) {
                out.add(g.stream().mapToLong(Long::longValue).sorted().toArray());
            }
        }
        out.sort(Comparator.<long[]>comparingInt(g -> -g.length).thenComparingLong(g -> g[0]));
        return out;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            i = parent[i];
        }
        return i;
    }

    /** Checks the catalogue holds exactly these groups, with exact masses, centres of mass and mean velocities. */
    static void check(List<long[]> expected, Bodies all, Catalogue c) {
        assertEquals(expected.size(), c.groups(), "groups");
        long[] idsInOrder = expected.stream().flatMapToLong(Arrays::stream).toArray();
        assertArrayEquals(idsInOrder, c.ids, "member ids in group order");
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < all.n; i++) {
            index.put(all.id[i], i);
        }
        long offset = 0;
        for (int g = 0; g < expected.size(); g++) {
            long[] ids = expected.get(g);
            assertEquals(ids.length, c.length[g], "length of group " + g);
            assertEquals(offset, c.offset[g], "offset of group " + g);
            offset += ids.length;
            BigDecimal[] sums = new BigDecimal[7];
            Arrays.fill(sums, BigDecimal.ZERO);
            for (long id : ids) {
                int i = index.get(id);
                double m = all.mass[i];
                double[] terms = {m, m * all.x[i], m * all.y[i], m * all.z[i], m * all.vx[i], m * all.vy[i],
                        m * all.vz[i]};
                for (int q = 0; q < 7; q++) {
                    sums[q] = sums[q].add(new BigDecimal(terms[q]));
                }
            }
            double mass = nearest(sums[0]);
            assertEquals(mass, c.mass[g], "mass of group " + g);
            for (int a = 0; a < 3; a++) {
                assertEquals(nearest(sums[1 + a]) / mass, c.pos[3 * g + a], "centre of mass of group " + g);
                assertEquals(nearest(sums[4 + a]) / mass, c.vel[3 * g + a], "mean velocity of group " + g);
            }
        }
    }

    /** The double nearest an exact value, ties to even (not trusting BigDecimal.doubleValue to round right). */
    static double nearest(BigDecimal exact) {
        double d = exact.doubleValue();
        double best = d;
        for (double c : new double[] {Math.nextDown(d), Math.nextUp(d)}) {
            int cmp = new BigDecimal(c).subtract(exact).abs().compareTo(new BigDecimal(best).subtract(exact).abs());
            if (cmp < 0 || cmp == 0 && (Double.doubleToLongBits(c) & 1) == 0) {
                best = c;
            }
        }
        assertTrue(Double.isFinite(best));
        return best;
    }
}
