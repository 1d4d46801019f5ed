package io.stormsim.nbody.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.PlummerSphere;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import org.junit.jupiter.api.Test;

/**
 * Lagrangian radii and shell dispersions against a sorted copy summed in plain code (cumulative masses in
 * BigDecimal, so the radii must agree bit for bit), the same bits after shuffling and regathering, and the
 * refusal of fractions that are out of range or out of order.
 */
class LagrangianRadiiTest {
    /** The convention computed the plain way: sort, accumulate exactly, pick the first body reaching f * M. */
    private static void assertMatchesSortedCopy(Bodies b, double[] c, double[] fractions) {
        Integer[] order = new Integer[b.n];
        double[] r2 = new double[b.n];
        BigDecimal total = BigDecimal.ZERO;
        double pxm = 0, pym = 0, pzm = 0, m = 0;
        for (int i = 0; i < b.n; i++) {
            order[i] = i;
            r2[i] = AnalysisFixtures.distance2(b, i, c);
            total = total.add(new BigDecimal(b.mass[i]));
            m += b.mass[i];
            pxm += b.mass[i] * b.vx[i];
            pym += b.mass[i] * b.vy[i];
            pzm += b.mass[i] * b.vz[i];
        }
        double[] v0 = {pxm / m, pym / m, pzm / m};
        Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> r2[i]).thenComparingLong(i -> b.id[i]));
        double[] targets = Arrays.copyOf(fractions, fractions.length + 1);
        targets[fractions.length] = 0.5;
        int[] last = new int[targets.length];
        for (int f = 0; f < targets.length; f++) {
            BigDecimal cumulative = BigDecimal.ZERO;
            int q = 0;
            while (true) {
                cumulative = cumulative.add(new BigDecimal(b.mass[order[q]]));
                if (cumulative.doubleValue() >= targets[f] * total.doubleValue()) {
                    break;
                }
                q++;
            }
            last[f] = q;
        }
        LagrangianRadii.Shells s = LagrangianRadii.about(b, c, fractions);
        assertArrayEquals(v0, s.frameVelocity(), 1e-14);
        for (int f = 0; f < fractions.length; f++) {
            assertEquals(Math.sqrt(r2[order[last[f]]]), s.radius()[f], "radius of fraction " + fractions[f]);
            double sm = 0, svr = 0, svt = 0;
            for (int q = f == 0 ? 0 : last[f - 1] + 1; q <= last[f]; q++) {
                int i = order[q];
                double[] d = {b.x[i] - c[0], b.y[i] - c[1], b.z[i] - c[2]};
                double[] v = {b.vx[i] - v0[0], b.vy[i] - v0[1], b.vz[i] - v0[2]};
                // a body at the centre has no radial direction: wholly tangential, as documented
                double vr = r2[i] == 0 ? 0 : (d[0] * v[0] + d[1] * v[1] + d[2] * v[2]) / Math.sqrt(r2[i]);
                sm += b.mass[i];
                svr += b.mass[i] * vr * vr;
                svt += b.mass[i] * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - vr * vr);
            }
            assertClose(Math.sqrt(svr / sm), s.sigmaRadial()[f], "sigma_r of fraction " + fractions[f]);
            assertClose(Math.sqrt(svt / (2 * sm)), s.sigmaTangential()[f], "sigma_t of fraction " + fractions[f]);
        }
        assertEquals(Math.sqrt(r2[order[last[fractions.length]]]), s.halfMassRadius());
        assertArrayEquals(c, s.centre());
        assertArrayEquals(fractions, s.fractions());
    }

    /** Equal to 1e-12 relative where the sums' order differs; NaN (an empty shell) only where expected. */
    static void assertClose(double expected, double actual, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), what + ": expected NaN, was " + actual);
        } else {
            assertEquals(expected, actual, 1e-12 * Math.abs(expected), what);
        }
    }

    @Test
    void unequalMassesMatchTheSortedCopy() {
        Bodies b = AnalysisFixtures.unequalMasses(3000, 5);
        assertMatchesSortedCopy(b, new double[] {0.01, -0.02, 0.03}, LagrangianRadii.defaultFractions());
        assertMatchesSortedCopy(b, new double[] {0, 0, 0}, new double[] {0.25, 0.5, 0.75, 1.0});
    }

    @Test
    void equalMassesReachTheFractionsExactlyAndMatchTheSortedCopy() {
        Bodies b = PlummerSphere.generate(1000, 9);
        assertMatchesSortedCopy(b, new double[] {0, 0, 0}, LagrangianRadii.defaultFractions());
    }

    @Test
    void radiiThatTieAreOrderedByIdAsTheSortedCopyOrdersThem() {
        Bodies lattice = AnalysisFixtures.lattice(9, 2);
        assertMatchesSortedCopy(lattice, new double[] {0, 0, 0}, LagrangianRadii.defaultFractions());
    }

    @Test
    void theDefaultsAreNbody6Fractions() {
        assertArrayEquals(new double[] {0.001, 0.003, 0.005, 0.01, 0.03, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7,
                0.8, 0.9, 1.0}, LagrangianRadii.defaultFractions());
    }

    @Test
    void theSameBitsWhateverTheOrderOrSplitOfTheBodies() {
        Bodies b = AnalysisFixtures.unequalMasses(4000, 17);
        double[] f = LagrangianRadii.defaultFractions();
        LagrangianRadii.Both r = LagrangianRadii.both(b, f, 6);
        assertSameBits(r, LagrangianRadii.both(AnalysisFixtures.shuffled(b, 3), f, 6));
        assertSameBits(r, LagrangianRadii.both(AnalysisFixtures.regathered(AnalysisFixtures.shuffled(b, 4), 7), f, 6));
    }

    private static void assertSameBits(LagrangianRadii.Both a, LagrangianRadii.Both b) {
        assertEquals(a.densityCentre(), b.densityCentre());
        assertEquals(a.centreOfMass(), b.centreOfMass());
        for (LagrangianRadii.Shells[] s : new LagrangianRadii.Shells[][] {{a.aboutDensityCentre(),
                b.aboutDensityCentre()}, {a.aboutCentreOfMass(), b.aboutCentreOfMass()}}) {
            assertArrayEquals(s[0].centre(), s[1].centre());
            assertArrayEquals(s[0].frameVelocity(), s[1].frameVelocity());
            assertArrayEquals(s[0].radius(), s[1].radius());
            assertArrayEquals(s[0].sigmaRadial(), s[1].sigmaRadial());
            assertArrayEquals(s[0].sigmaTangential(), s[1].sigmaTangential());
            assertEquals(s[0].halfMassRadius(), s[1].halfMassRadius());
        }
    }

    @Test
    void bothCentresAreTheCoresDensityCentreAndTheCentreOfMass() {
        Bodies b = AnalysisFixtures.unequalMasses(2000, 6);
        double[] f = {0.1, 0.5, 1.0};
        LagrangianRadii.Both r = LagrangianRadii.both(b, f, 8);
        assertEquals(DensityCentre.of(b, 8, DensityCentre.CORE_DIVISOR), r.densityCentre());
        assertArrayEquals(r.densityCentre().position(), r.aboutDensityCentre().centre());
        assertArrayEquals(CentreOfMass.of(b).position(), r.aboutCentreOfMass().centre());
        assertArrayEquals(LagrangianRadii.about(b, r.densityCentre().position(), f).radius(),
                r.aboutDensityCentre().radius());
    }

    @Test
    void twoFractionsReachedAtOneBodyLeaveAnEmptyShellWithoutDispersions() {
        Bodies b = PlummerSphere.generate(20, 1);
        LagrangianRadii.Shells s = LagrangianRadii.about(b, new double[] {0, 0, 0}, new double[] {0.01, 0.03, 1.0});
        assertEquals(s.radius()[0], s.radius()[1], "1% and 3% of 20 equal bodies are both the first");
        assertTrue(Double.isNaN(s.sigmaRadial()[1]) && Double.isNaN(s.sigmaTangential()[1]));
        assertTrue(s.sigmaRadial()[0] >= 0 && s.sigmaRadial()[2] > 0);
    }

    @Test
    void fractionsOutOfRangeOrOrderAreRefusedNamingTheValue() {
        Bodies b = PlummerSphere.generate(20, 1);
        double[] c = {0, 0, 0};
        for (double[] bad : new double[][] {{0.0, 0.5}, {0.5, 1.5}, {0.2, Double.NaN}, {-0.1}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LagrangianRadii.about(b, c, bad));
            assertTrue(e.getMessage().contains("in (0, 1]"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LagrangianRadii.about(b, c, new double[] {0.1, 0.5, 0.5}));
        assertTrue(e.getMessage().contains("fraction 0.5 follows 0.5") && e.getMessage().contains("increasing"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LagrangianRadii.about(b, c, new double[] {0.3, 0.2}));
        assertTrue(e.getMessage().contains("fraction 0.2 follows 0.3"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LagrangianRadii.about(b, c, new double[0]));
        assertTrue(e.getMessage().contains("at least one"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LagrangianRadii.both(b, new double[] {2}, 6));
        assertTrue(e.getMessage().contains("fraction 2.0"), e.getMessage());
    }
}
