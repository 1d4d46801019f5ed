package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.FixedPointSum;
import io.stormsim.nbody.KeyOrder;

/**
 * The density centre of Casertano and Hut (1985), as NBODY6 finds the cluster's core: each body's local density
 * from its k nearest neighbours, and the density-weighted mean position.
 *
 * <p>Convention: for body j, let its k nearest other bodies be ordered by distance, equal distances by id, and
 * r_k the distance of the k-th. Then {@code rho_j = M_j / ((4 pi / 3) r_k^3)}, where M_j is the mass of the
 * first k-1 of them (j itself and the k-th excluded: the k-th sits on the sphere's surface, so counting k-1
 * makes the estimate unbiased, Casertano and Hut's choice), summed nearest first and evaluated as
 * {@code M_j / (FOUR_THIRDS_PI * r_k * r_k * r_k)}. The centre is {@code sum(rho_j x_j) / sum(rho_j)}, the
 * density radius {@code sum(rho_j |x_j - x_d|) / sum(rho_j)} (their r_d) and the density
 * {@code sum(rho_j^2) / sum(rho_j)} (their rho_d), every sum exact: with ties broken by id the neighbour sets are
 * unique, so the result is the same bits whatever the order of the bodies.
 *
 * <p>The neighbours come from a k-d tree (O(N log N)); k defaults to 6, NBODY6's value. k nearest neighbours at
 * distance 0 (k other bodies on one point) give no finite density: refused.
 *
 * <p>The analysis stages weigh the core only, NBODY6's economy ({@code core.f}, {@link #CORE_DIVISOR}): the
 * ceil(n / 5) bodies nearest the centre of mass (equal distances by id), each density still from its neighbours
 * among all bodies. A cluster's centre is among them, and the rest, whose densities weigh little, would cost four
 * fifths of the neighbour searches. A dense clump far from the centre of mass (one of two merging clusters) is not;
 * divisor 1 weighs every body.
 */
public final class DensityCentre {
    public static final int DEFAULT_K = 6;
    /** NBODY6 weights the core: one body in this many, those nearest the centre of mass. */
    public static final int CORE_DIVISOR = 5;
    static final double FOUR_THIRDS_PI = 4.0 / 3.0 * Math.PI;

    private DensityCentre() {
    }

    /** The density centre (x, y, z), density radius r_d and density rho_d of Casertano and Hut, from k neighbours. */
    public record Result(double x, double y, double z, double radius, double density, int k) {
        public double[] position() {
            return new double[] {x, y, z};
        }
    }

    /**
     * The density centre from the densities of the ceil(n / {@code divisor}) bodies nearest the centre of mass
     * (equal distances by id): every body for divisor 1, NBODY6's core for {@link #CORE_DIVISOR}.
     */
    public static Result of(Bodies b, int k, int divisor) {
        AnalysisInput.checkBodies(b);
        if (divisor < 1) {
            throw new IllegalArgumentException("divisor = " + divisor + " is not allowed: the density centre weighs"
                    + " one body in divisor >= 1");
        }
        if (divisor == 1) {
            return weighted(b, localDensities(b, k, null), k);
        }
        CentreOfMass cm = CentreOfMass.of(b);
        long[] distance = new long[b.n];
        for (int i = 0; i < b.n; i++) {
            double dx = b.x[i] - cm.x(), dy = b.y[i] - cm.y(), dz = b.z[i] - cm.z();
            // a non-negative double's bits order as the double does
            distance[i] = Double.doubleToRawLongBits(dx * dx + dy * dy + dz * dz);
        }
        int[] order = KeyOrder.sortedOrder(distance, b.id);
        boolean[] core = new boolean[b.n];
        for (int i = 0; i < (b.n + divisor - 1) / divisor; i++) {
            core[order[i]] = true;
        }
        return weighted(b, localDensities(b, k, core), k);
    }

    /** The centre, radius and density from the densities {@code rho} (0 for a body left out). */
    private static Result weighted(Bodies b, double[] rho, int k) {
        FixedPointSum w = new FixedPointSum(), wx = new FixedPointSum(), wy = new FixedPointSum();
        FixedPointSum wz = new FixedPointSum(), w2 = new FixedPointSum();
        for (int i = 0; i < b.n; i++) {
            double r = rho[i];
            w.add(r);
            wx.add(r * b.x[i]);
            wy.add(r * b.y[i]);
            wz.add(r * b.z[i]);
            w2.add(r * r);
        }
        double total = w.value();
        double cx = wx.value() / total, cy = wy.value() / total, cz = wz.value() / total;
        FixedPointSum wr = new FixedPointSum();
        for (int i = 0; i < b.n; i++) {
            double dx = b.x[i] - cx, dy = b.y[i] - cy, dz = b.z[i] - cz;
            wr.add(rho[i] * Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return new Result(cx, cy, cz, wr.value() / total, w2.value() / total, k);
    }

    /**
     * Each body's local density rho_j (the convention above), in the order of the bodies given, for the bodies
     * {@code only} marks (null: all; 0 for the others).
     */
    public static double[] localDensities(Bodies b, int k, boolean[] only) {
        AnalysisInput.checkBodies(b);
        if (k < 2 || k >= b.n) {
            throw new IllegalArgumentException("k = " + k + " is not allowed: the density centre needs 2 <= k < n"
                    + " nearest neighbours, and there are n = " + b.n + " bodies");
        }
        NeighbourTree tree = new NeighbourTree(b);
        double[] rho = new double[b.n];
        tree.forEachNearest(k, only, (p, d2, at) -> {
            double r = Math.sqrt(d2[k - 1]);
            if (r == 0) {
                throw new IllegalArgumentException("body id " + tree.id(p) + " has " + k + " other bodies at its"
                        + " position: its density from k = " + k + " neighbours is infinite; choose a larger k");
            }
            double m = 0;
            for (int i = 0; i < k - 1; i++) {
                m += tree.mass(at[i]);
            }
            rho[tree.inputIndex(p)] = m / (FOUR_THIRDS_PI * r * r * r);
        });
        return rho;
    }
}
