package io.stormsim.nbody.analysis;

import static io.stormsim.nbody.analysis.LagrangianRadiiTest.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The density profile against direct loops over each bin's bodies, a Plummer sphere's analytic density, its
 * invariance under reordering, its default range and the refusal of ranges it cannot bin.
 */
class DensityProfileTest {
    private static final double PLUMMER_A = 3 * Math.PI / 16;

    @Test
    void everyBinMatchesADirectLoopOverItsBodies() {
        Bodies b = AnalysisFixtures.unequalMasses(3000, 4);
        double[] c = {0.02, -0.01, 0.03};
        double rMin = 0.05, rMax = 2.0, g = 1.5;
        int bins = 10;
        DensityProfile.Profile p = DensityProfile.of(b, c, bins, rMin, rMax, g);
        assertEquals(bins, p.bins());
        assertEquals(rMin, p.radiusInner()[0]);
        assertEquals(rMax, p.radiusOuter()[bins - 1]);
        double ratio = Math.pow(rMax / rMin, 1.0 / bins);
        for (int k = 0; k < bins; k++) {
            assertEquals(ratio, p.radiusOuter()[k] / p.radiusInner()[k], 1e-12, "logarithmic bins");
            if (k > 0) {
                assertEquals(p.radiusOuter()[k - 1], p.radiusInner()[k]);
            }
            double lo = p.radiusInner()[k], hi = p.radiusOuter()[k];
            int count = 0;
            double m = 0, mvx = 0, mvy = 0, mvz = 0, enclosed = 0;
            for (int i = 0; i < b.n; i++) {
                double r = Math.sqrt(AnalysisFixtures.distance2(b, i, c));
                if (r < hi || (k == bins - 1 && r == hi)) {
                    enclosed += b.mass[i];
                }
                if (r >= lo && (r < hi || (k == bins - 1 && r == hi))) {
                    count++;
                    m += b.mass[i];
                    mvx += b.mass[i] * b.vx[i];
                    mvy += b.mass[i] * b.vy[i];
                    mvz += b.mass[i] * b.vz[i];
                }
            }
            double[] vbar = {mvx / m, mvy / m, mvz / m};
            double sr = 0, st = 0;
            for (int i = 0; i < b.n; i++) {
                double r = Math.sqrt(AnalysisFixtures.distance2(b, i, c));
                if (r >= lo && (r < hi || (k == bins - 1 && r == hi))) {
                    double vx = b.vx[i] - vbar[0], vy = b.vy[i] - vbar[1], vz = b.vz[i] - vbar[2];
                    double vr = ((b.x[i] - c[0]) * vx + (b.y[i] - c[1]) * vy + (b.z[i] - c[2]) * vz) / r;
                    sr += b.mass[i] * vr * vr;
                    st += b.mass[i] * (vx * vx + vy * vy + vz * vz);
                }
            }
            String bin = "bin " + k + " [" + lo + ", " + hi + ")";
            assertEquals(count, p.count()[k], bin);
            assertTrue(count > 0, bin + " is not empty, so every quantity is checked");
            assertClose(m, p.mass()[k], bin + " mass");
            assertClose(m / (4.0 / 3.0 * Math.PI * (hi * hi * hi - lo * lo * lo)), p.density()[k], bin + " density");
            assertClose(enclosed, p.enclosedMass()[k], bin + " enclosed mass");
            assertClose(Math.sqrt(g * enclosed / hi), p.circularVelocity()[k], bin + " circular velocity");
            assertClose(Math.sqrt(sr / m), p.sigmaRadial()[k], bin + " sigma_r");
            assertClose(Math.sqrt(st / m), p.sigmaTotal()[k], bin + " sigma_total");
        }
        assertArrayEquals(c, p.centre());
        assertEquals(g, p.gravitationalConstant());
    }

    @Test
    void anEmptyBinHasNoMassAndNoDispersions() {
        Bodies b = PlummerSphere.generate(200, 2);
        DensityProfile.Profile p = DensityProfile.of(b, new double[] {0, 0, 0}, 400, 1e-3, 10, 1);
        int k = 0;
        while (p.count()[k] > 0) {
            k++;
        }
        assertEquals(0.0, p.mass()[k]);
        assertEquals(0.0, p.density()[k]);
        assertTrue(Double.isNaN(p.sigmaRadial()[k]) && Double.isNaN(p.sigmaTotal()[k]));
        assertEquals(k == 0 ? p.enclosedMass()[0] : p.enclosedMass()[k - 1], p.enclosedMass()[k]);
    }

    @Test
    void aPlummerSphereHasTheAnalyticDensityWithinSamplingNoise() {
        int n = 100_000;
        Bodies b = PlummerSphere.generate(n, 77);
        DensityProfile.Profile p = DensityProfile.of(b, new double[] {0, 0, 0}, 20, 0.05, 5.0, 1);
        for (int k = 0; k < p.bins(); k++) {
            double lo = p.radiusInner()[k], hi = p.radiusOuter()[k];
            // the generator cuts the outermost 0.1% of the mass off and gives the rest the whole mass
            double shell = shellMass(lo, hi) / 0.999;
            double rho = shell / (4.0 / 3.0 * Math.PI * (hi * hi * hi - lo * lo * lo));
            double sigma = Math.sqrt(n * shell * (1 - shell));
            String bin = "bin [" + lo + ", " + hi + ")";
            assertEquals(n * shell, p.count()[k], 5 * sigma, bin + " count");
            assertEquals(rho, p.density()[k], 5 * sigma / (n * shell) * rho, bin + " density");
            double inside = plummerMass(hi) / 0.999;
            assertEquals(inside, p.enclosedMass()[k], 5 * Math.sqrt(inside * (1 - inside) / n), bin + " M(<r)");
        }
    }

    /** The analytic density 3M/(4 pi a^3) (1 + r^2/a^2)^(-5/2) integrated over the shell (Simpson's rule). */
    private static double shellMass(double lo, double hi) {
        int steps = 1000;
        double h = (hi - lo) / steps, sum = 0;
        for (int s = 0; s <= steps; s++) {
            double r = lo + s * h;
            double f = 4 * Math.PI * r * r * 3 / (4 * Math.PI * Math.pow(PLUMMER_A, 3))
                    * Math.pow(1 + r * r / (PLUMMER_A * PLUMMER_A), -2.5);
            sum += (s == 0 || s == steps ? 1 : s % 2 == 1 ? 4 : 2) * f;
        }
        return sum * h / 3;
    }

    /** The mass inside r of a Plummer sphere of mass 1 and scale a = 3 pi / 16 (Henon units). */
    private static double plummerMass(double r) {
        return Math.pow(r * r / (r * r + PLUMMER_A * PLUMMER_A), 1.5);
    }

    @Test
    void theSameBitsWhateverTheOrderOrSplitOfTheBodies() {
        Bodies b = AnalysisFixtures.unequalMasses(5000, 31);
        double[] c = {0.01, 0.02, -0.03};
        DensityProfile.Profile p = DensityProfile.of(b, c, 16, 1);
        for (Bodies other : new Bodies[] {AnalysisFixtures.shuffled(b, 8),
                AnalysisFixtures.regathered(AnalysisFixtures.shuffled(b, 9), 6)}) {
            DensityProfile.Profile q = DensityProfile.of(other, c, 16, 1);
            assertArrayEquals(p.radiusInner(), q.radiusInner());
            assertArrayEquals(p.radiusOuter(), q.radiusOuter());
            assertArrayEquals(p.count(), q.count());
            assertArrayEquals(p.mass(), q.mass());
            assertArrayEquals(p.density(), q.density());
            assertArrayEquals(p.enclosedMass(), q.enclosedMass());
            assertArrayEquals(p.circularVelocity(), q.circularVelocity());
            assertArrayEquals(p.sigmaRadial(), q.sigmaRadial());
            assertArrayEquals(p.sigmaTotal(), q.sigmaTotal());
        }
    }

    @Test
    void theDefaultRangeRunsFromTheInnermostPercentToTheFarthestBody() {
        Bodies b = AnalysisFixtures.unequalMasses(1234, 3);
        double[] c = {0, 0, 0};
        double[] r = new double[b.n];
        for (int i = 0; i < b.n; i++) {
            r[i] = Math.sqrt(AnalysisFixtures.distance2(b, i, c));
        }
        Arrays.sort(r);
        DensityProfile.Profile p = DensityProfile.of(b, c, 8, 1);
        assertEquals(r[12], p.radiusInner()[0], "the 13th of 1234 bodies: ceil(1%)");
        assertEquals(r[b.n - 1], p.radiusOuter()[7]);
        int binned = 0;
        for (int k = 0; k < 8; k++) {
            binned += p.count()[k];
        }
        assertEquals(b.n - 12, binned, "every body from the 13th out is in a bin");
        assertEquals(CentreOfMass.of(b).mass(), p.enclosedMass()[7]);
    }

    @Test
    void rangesAndBinsThatCannotBeBinnedAreRefused() {
        Bodies b = PlummerSphere.generate(100, 1);
        double[] c = {0, 0, 0};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DensityProfile.of(b, c, 0, 0.1, 1, 1));
        assertTrue(e.getMessage().startsWith("bins = 0 is not allowed"), e.getMessage());
        for (double[] range : new double[][] {{0, 1}, {1, 1}, {2, 1}, {-1, 1}, {0.1, Double.POSITIVE_INFINITY}}) {
            e = assertThrows(IllegalArgumentException.class, () -> DensityProfile.of(b, c, 4, range[0], range[1], 1));
            assertTrue(e.getMessage().startsWith("rMin = " + range[0] + ", rMax = " + range[1]), e.getMessage());
        }
        e = assertThrows(IllegalArgumentException.class, () -> DensityProfile.of(b, c, 4, 0.1, 1, 0));
        assertTrue(e.getMessage().startsWith("G = 0.0 is not allowed"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DensityProfile.of(b, new double[] {0, 0}, 4, 1));
        assertTrue(e.getMessage().startsWith("centre [0.0, 0.0] is not allowed"), e.getMessage());
        Bodies one = PlummerSphere.generate(1, 1);
        e = assertThrows(IllegalArgumentException.class, () -> DensityProfile.of(one, c, 4, 1));
        assertTrue(e.getMessage().contains("give rMin and rMax"), e.getMessage());
    }
}
