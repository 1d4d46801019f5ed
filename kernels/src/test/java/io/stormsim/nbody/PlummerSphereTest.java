package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Initial conditions: reproducible, in the centre of mass frame, in virial equilibrium in Henon units. */
class PlummerSphereTest {
    private static final int N = 4000;

    private static double exact(double[] terms) {
        ExactSum s = new ExactSum();
        s.addAll(terms);
        return s.value();
    }

    /** Sum over bodies of m_i * a_i, exactly summed so that the residual is the generator's, not ours. */
    private static double weighted(Bodies b, double[] a) {
        double[] t = new double[b.n];
        for (int i = 0; i < b.n; i++) {
            t[i] = b.mass[i] * a[i];
        }
        return exact(t);
    }

    @Test
    void sameSeedGivesSameBitsAndOtherSeedDiffers() {
        Bodies a = PlummerSphere.generate(1000, 5), b = PlummerSphere.generate(1000, 5);
        assertTrue(a.sameStateBits(b));
        Bodies c = PlummerSphere.generate(1000, 6);
        assertFalse(a.sameStateBits(c));
        assertFalse(java.util.Arrays.equals(a.x, c.x), "positions should differ, not only velocities");
    }

    @Test
    void idsAreZeroToNMinusOneAndTotalMassIsOne() {
        Bodies b = PlummerSphere.generate(N, 1);
        for (int i = 0; i < N; i++) {
            assertEquals(i, b.id[i]);
            assertTrue(b.mass[i] > 0);
        }
        assertEquals(1.0, exact(b.mass), 1e-12);
    }

    @Test
    void centreOfMassIsAtRestAtTheOrigin() {
        Bodies b = PlummerSphere.generate(N, 2);
        double[][] coords = {b.x, b.y, b.z, b.vx, b.vy, b.vz};
        String[] names = {"x", "y", "z", "vx", "vy", "vz"};
        for (int k = 0; k < coords.length; k++) {
            assertEquals(0.0, weighted(b, coords[k]), 1e-12, "sum of m * " + names[k]);
        }
    }

    /**
     * 2K/|W| = 1 for a system in equilibrium, and E = K + W = -1/4 in Henon units. W is summed over
     * pairs without softening, as the model's definition has none. With 4000 bodies the sampling noise
     * in K and W is a few percent; the 0.1% mass cut-off changes W by less than that.
     */
    @Test
    void isInVirialEquilibriumWithEnergyMinusAQuarter() {
        Bodies b = PlummerSphere.generate(N, 3);
        double[] kinetic = new double[N];
        for (int i = 0; i < N; i++) {
            kinetic[i] = 0.5 * b.mass[i] * (b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
        }
        ExactSum potential = new ExactSum();
        for (int i = 0; i < N; i++) {
            for (int j = i + 1; j < N; j++) {
                double dx = b.x[i] - b.x[j], dy = b.y[i] - b.y[j], dz = b.z[i] - b.z[j];
                potential.add(-b.mass[i] * b.mass[j] / Math.sqrt(dx * dx + dy * dy + dz * dz));
            }
        }
        double k = exact(kinetic), w = potential.value();
        System.out.printf(Locale.ROOT, "PlummerSphereTest: N=%d K=%.5f W=%.5f 2K/|W|=%.4f E=%.5f%n",
                N, k, w, 2 * k / Math.abs(w), k + w);
        assertEquals(1.0, 2 * k / Math.abs(w), 0.1, "virial ratio");
        assertEquals(-0.25, k + w, 0.03, "total energy");
    }

    @Test
    void rejectsNoBodies() {
        assertThrows(IllegalArgumentException.class, () -> PlummerSphere.generate(0, 1));
    }
}
