package io.stormsim.nbody.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The density centre against a brute-force O(N^2) neighbour search (the same densities bit for bit, including
 * where distances tie), its invariance under reordering, and that it finds a dense clump where the centre of mass
 * would not.
 */
class DensityCentreTest {
    /** Each body's density by sorting every other body by (squared distance, id): the documented convention. */
    private static double[] bruteForceDensities(Bodies b, int k) {
        double[] rho = new double[b.n];
        for (int j = 0; j < b.n; j++) {
            double[] d2 = new double[b.n];
            Integer[] others = new Integer[b.n - 1];
            for (int i = 0, o = 0; i < b.n; i++) {
                double dx = b.x[i] - b.x[j], dy = b.y[i] - b.y[j], dz = b.z[i] - b.z[j];
                d2[i] = dx * dx + dy * dy + dz * dz;
                if (i != j) {
                    others[o++] = i;
                }
            }
            Arrays.sort(others, Comparator.<Integer>comparingDouble(i -> d2[i]).thenComparingLong(i -> b.id[i]));
            double m = 0;
            for (int q = 0; q < k - 1; q++) {
                m += b.mass[others[q]];
            }
            double r = Math.sqrt(d2[others[k - 1]]);
            rho[j] = m / (4.0 / 3.0 * Math.PI * r * r * r);
        }
        return rho;
    }

    @Test
    void densitiesMatchTheBruteForceSearchBitForBit() {
        Bodies plummer = AnalysisFixtures.unequalMasses(400, 3);
        // an escaper far out, whose neighbours are all far
        plummer.x[7] = 1e6;
        for (int k : new int[] {2, 6, 11}) {
            assertArrayEquals(bruteForceDensities(plummer, k), DensityCentre.localDensities(plummer, k, null), "k = " + k);
        }
    }

    @Test
    void tiesBetweenEqualDistancesAreBrokenByIdAsTheBruteForceSearchDoes() {
        Bodies lattice = AnalysisFixtures.lattice(7, 5);
        // two bodies on one point: a zero distance among the neighbours is fine while the k-th is farther
        lattice.x[10] = lattice.x[11];
        lattice.y[10] = lattice.y[11];
        lattice.z[10] = lattice.z[11];
        for (int k : new int[] {2, 4, 6, 9}) {
            assertArrayEquals(bruteForceDensities(lattice, k), DensityCentre.localDensities(lattice, k, null), "k = " + k);
        }
    }

    /**
     * NBODY6's economy: the densities of the ceil(n / 5) bodies nearest the centre of mass (by sorting a copy by
     * distance, then id), each the brute-force one among all bodies, weight the centre; the others are left out.
     */
    @Test
    void theCoreCentreWeighsTheFifthNearestTheCentreOfMass() {
        Bodies b = AnalysisFixtures.unequalMasses(500, 12);
        b.x[3] = 400;
        int k = DensityCentre.DEFAULT_K;
        double[] cm = CentreOfMass.of(b).position();
        Integer[] byDistance = new Integer[b.n];
        double[] d2 = new double[b.n];
        for (int i = 0; i < b.n; i++) {
            byDistance[i] = i;
            double dx = b.x[i] - cm[0], dy = b.y[i] - cm[1], dz = b.z[i] - cm[2];
            d2[i] = dx * dx + dy * dy + dz * dz;
        }
        Arrays.sort(byDistance, Comparator.<Integer>comparingDouble(i -> d2[i]).thenComparingLong(i -> b.id[i]));
        boolean[] core = new boolean[b.n];
        for (int i = 0; i < 100; i++) {
            core[byDistance[i]] = true;
        }
        double[] rho = bruteForceDensities(b, k);
        double[] masked = DensityCentre.localDensities(b, k, core);
        double w = 0, wx = 0, wy = 0, wz = 0;
        for (int i = 0; i < b.n; i++) {
            assertEquals(core[i] ? rho[i] : 0.0, masked[i], "body " + i);
            if (core[i]) {
                w += rho[i];
                wx += rho[i] * b.x[i];
                wy += rho[i] * b.y[i];
                wz += rho[i] * b.z[i];
            }
        }
        DensityCentre.Result c = DensityCentre.of(b, k, DensityCentre.CORE_DIVISOR);
        assertEquals(wx / w, c.x(), 1e-12 * Math.abs(wx / w) + 1e-15);
        assertEquals(wy / w, c.y(), 1e-12 * Math.abs(wy / w) + 1e-15);
        assertEquals(wz / w, c.z(), 1e-12 * Math.abs(wz / w) + 1e-15);
        Bodies shuffled = AnalysisFixtures.shuffled(b, 5);
        assertEquals(c, DensityCentre.of(shuffled, k, DensityCentre.CORE_DIVISOR), "the same bits in another order");
    }

    @Test
    void theCentreIsTheDensityWeightedMeanPosition() {
        Bodies b = AnalysisFixtures.unequalMasses(300, 8);
        double[] rho = bruteForceDensities(b, DensityCentre.DEFAULT_K);
        double w = 0, wx = 0, wy = 0, wz = 0, w2 = 0;
        for (int i = 0; i < b.n; i++) {
            w += rho[i];
            wx += rho[i] * b.x[i];
            wy += rho[i] * b.y[i];
            wz += rho[i] * b.z[i];
            w2 += rho[i] * rho[i];
        }
        double[] c = {wx / w, wy / w, wz / w};
        double wr = 0;
        for (int i = 0; i < b.n; i++) {
            wr += rho[i] * Math.sqrt(AnalysisFixtures.distance2(b, i, c));
        }
        DensityCentre.Result r = DensityCentre.of(b, DensityCentre.DEFAULT_K, 1);
        assertEquals(c[0], r.x(), 1e-12);
        assertEquals(c[1], r.y(), 1e-12);
        assertEquals(c[2], r.z(), 1e-12);
        assertEquals(wr / w, r.radius(), 1e-12 * (wr / w));
        assertEquals(w2 / w, r.density(), 1e-12 * (w2 / w));
        assertEquals(DensityCentre.DEFAULT_K, r.k());
    }

    @Test
    void theSameBitsWhateverTheOrderOfTheBodies() {
        Bodies b = AnalysisFixtures.unequalMasses(5000, 12);
        DensityCentre.Result r = DensityCentre.of(b, 6, 1);
        assertEquals(r, DensityCentre.of(AnalysisFixtures.shuffled(b, 1), 6, 1));
        assertEquals(r, DensityCentre.of(AnalysisFixtures.regathered(AnalysisFixtures.shuffled(b, 2), 5), 6, 1));
    }

    @Test
    void aDisplacedDenseClumpIsFoundWhereTheCentreOfMassIsNot() {
        Bodies b = PlummerSphere.generate(10_000, 21);
        DensityCentre.Result plain = DensityCentre.of(b, 6, 1);
        assertTrue(Math.hypot(plain.x(), Math.hypot(plain.y(), plain.z())) < 0.1, "a Plummer sphere's density centre"
                + " is near its centre: " + plain);
        double[] clump = {0.9, 0.4, -0.5};
        SplittableRandom rnd = new SplittableRandom(4);
        for (int i = 0; i < 200; i++) {
            double dx, dy, dz;
            do {
                dx = 2 * rnd.nextDouble() - 1;
                dy = 2 * rnd.nextDouble() - 1;
                dz = 2 * rnd.nextDouble() - 1;
            } while (dx * dx + dy * dy + dz * dz > 1);
            b.x[i] = clump[0] + 1e-3 * dx;
            b.y[i] = clump[1] + 1e-3 * dy;
            b.z[i] = clump[2] + 1e-3 * dz;
        }
        DensityCentre.Result r = DensityCentre.of(b, 6, 1);
        double miss = Math.sqrt(square(r.x() - clump[0])
                + square(r.y() - clump[1]) + square(r.z() - clump[2]));
        assertTrue(miss < 2e-4, "density centre " + r + " is " + miss + " from the clump at " + Arrays.toString(clump));
        assertTrue(r.radius() < 0.05, "the clump dominates the density radius: " + r.radius());
        CentreOfMass cm = CentreOfMass.of(b);
        assertTrue(Math.hypot(cm.x() - clump[0], cm.y() - clump[1]) > 0.5, "the centre of mass stays away: " + cm);
    }

    private static double square(double v) {
        return v * v;
    }

    @Test
    void kOutsideTwoToNIsRefusedNamingK() {
        Bodies b = AnalysisFixtures.unequalMasses(10, 1);
        for (int k : new int[] {1, 10, 0}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DensityCentre.of(b, k, 1));
            assertTrue(e.getMessage().startsWith("k = " + k + " is not allowed") && e.getMessage().contains("n = 10"),
                    e.getMessage());
        }
    }

    @Test
    void kOtherBodiesOnOnePointAreRefusedNamingTheBody() {
        Bodies b = AnalysisFixtures.unequalMasses(50, 1);
        for (int i = 1; i < 4; i++) {
            b.x[i] = b.x[0];
            b.y[i] = b.y[0];
            b.z[i] = b.z[0];
        }
        assertEquals(50, DensityCentre.localDensities(b, 4, null).length, "3 others on the point, the 4th is farther");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DensityCentre.of(b, 3, 1));
        assertTrue(e.getMessage().contains("k = 3") && e.getMessage().contains("body id "), e.getMessage());
    }

    @Test
    void aBodyWithoutAFiniteMassOrPositionIsRefusedNamingIt() {
        Bodies b = AnalysisFixtures.unequalMasses(20, 1);
        b.y[3] = Double.NaN;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DensityCentre.of(b, 6, 1));
        assertTrue(e.getMessage().startsWith("body id " + b.id[3]), e.getMessage());
        b.y[3] = 0;
        b.mass[4] = 0;
        e = assertThrows(IllegalArgumentException.class, () -> DensityCentre.of(b, 6, 1));
        assertTrue(e.getMessage().contains("mass 0.0 is not allowed"), e.getMessage());
    }
}
