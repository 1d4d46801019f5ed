package io.stormsim.nbody.analysis;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.FixedPointSum;
import io.stormsim.nbody.ExactSum;
import io.stormsim.nbody.KeyOrder;
import java.util.Arrays;

/**
 * Lagrangian radii, the radii enclosing given fractions of the mass, with the velocity dispersions of the shells
 * between them, as NBODY6 reports them, about a given centre.
 *
 * <p>Conventions. Bodies are ordered by distance from the centre, equal distances by id. The radius of fraction f
 * is the distance of the first body in that order at which the cumulative mass (an exact sum, rounded once)
 * reaches {@code f * M} (M the exact total, rounded; the product rounded): so fraction 1 is the outermost body.
 * Shell i holds the bodies after the body of fraction i-1 up to and including the body of fraction i (shell 0
 * starts at the centre); two fractions reached at one body leave an empty shell, whose dispersions are NaN.
 * Velocities are taken relative to the centre-of-mass velocity of all the bodies (not each shell's mean, so a
 * shell's expansion or rotation shows as dispersion, as in NBODY6). A shell's dispersions are mass-weighted:
 * {@code sigma_r^2 = sum(m v_r^2) / sum(m)}, {@code sigma_t^2 = sum(m |v_t|^2) / (2 sum(m))}, per tangential
 * dimension so that an isotropic shell has sigma_t = sigma_r (anisotropy {@code beta = 1 - sigma_t^2 /
 * sigma_r^2}); with r the body's offset from the centre, {@code v_r = (r . v) / |r|} and {@code |v_t|^2 =
 * |r x v|^2 / |r|^2}; a body exactly at the centre has no radial direction and counts as wholly tangential. The
 * half-mass radius is the radius of fraction 0.5 by the same rule. Every sum is exact and the order is a total
 * one, so the result is the same bits whatever the order of the bodies.
 */
public final class LagrangianRadii {
    private static final double[] NBODY6_FRACTIONS = {0.001, 0.003, 0.005, 0.01, 0.03, 0.05, 0.1, 0.2, 0.3, 0.4,
            0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

    private LagrangianRadii() {
    }

    /** NBODY6's fractions: 0.001, 0.003, 0.005, 0.01, 0.03, 0.05, 0.1, 0.2, ..., 0.9, 1.0. */
    public static double[] defaultFractions() {
        return NBODY6_FRACTIONS.clone();
    }

    /**
     * The radius of each fraction and the dispersions of the shell it closes, about {@code centre}, in a frame
     * moving with {@code frameVelocity}.
     */
    public record Shells(double[] centre, double[] frameVelocity, double[] fractions, double[] radius,
                         double[] sigmaRadial, double[] sigmaTangential, double halfMassRadius) {
    }

    /** Both of NBODY6's views: about the density centre of the core ({@link DensityCentre#CORE_DIVISOR}, from k neighbours) and about the centre of mass. */
    public record Both(DensityCentre.Result densityCentre, CentreOfMass centreOfMass, Shells aboutDensityCentre,
                       Shells aboutCentreOfMass) {
    }

    public static Both both(Bodies b, double[] fractions, int k) {
        return both(b, fractions, DensityCentre.of(b, k, DensityCentre.CORE_DIVISOR));
    }

    /** Both views, with the density centre {@code dc} of these bodies already found. */
    public static Both both(Bodies b, double[] fractions, DensityCentre.Result dc) {
        checkFractions(fractions);
        CentreOfMass cm = CentreOfMass.of(b);
        return new Both(dc, cm, about(b, dc.position(), cm, fractions), about(b, cm.position(), cm, fractions));
    }

    /** About {@code centre}, velocities relative to the centre of mass's. */
    public static Shells about(Bodies b, double[] centre, double[] fractions) {
        checkFractions(fractions);
        return about(b, centre, CentreOfMass.of(b), fractions);
    }

    /** Each fraction in (0, 1], strictly increasing, at least one. */
    public static void checkFractions(double[] fractions) {
        if (fractions.length == 0) {
            throw new IllegalArgumentException("no Lagrangian fractions: give at least one, each in (0, 1]");
        }
        for (int f = 0; f < fractions.length; f++) {
            double v = fractions[f];
            if (!(v > 0 && v <= 1)) {
                throw new IllegalArgumentException("Lagrangian fraction " + v + " is not allowed: each fraction"
                        + " must be in (0, 1]");
            }
            if (f > 0 && !(v > fractions[f - 1])) {
                throw new IllegalArgumentException("Lagrangian fraction " + v + " follows " + fractions[f - 1]
                        + ": the fractions must be strictly increasing");
            }
        }
    }

    private static Shells about(Bodies b, double[] centre, CentreOfMass cm, double[] fractions) {
        AnalysisInput.checkCentre(centre);
        int n = b.n;
        double cx = centre[0], cy = centre[1], cz = centre[2];
        double[] r2 = new double[n];
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            double dx = b.x[i] - cx, dy = b.y[i] - cy, dz = b.z[i] - cz;
            r2[i] = dx * dx + dy * dy + dz * dz;
            // a non-negative double's bits order as the double does
            keys[i] = Double.doubleToRawLongBits(r2[i]);
        }
        int[] order = KeyOrder.sortedOrder(keys, b.id);
        // the half-mass radius rides along as one more target of the cumulative walk
        double[] targets = Arrays.copyOf(fractions, fractions.length + 1);
        targets[fractions.length] = 0.5;
        Arrays.sort(targets);
        int[] reached = lastBodies(b.mass, order, cm.mass(), targets);
        int shells = fractions.length;
        int[] last = new int[shells];
        for (int s = 0; s < shells; s++) {
            last[s] = reached[Arrays.binarySearch(targets, fractions[s])];
        }
        int half = reached[Arrays.binarySearch(targets, 0.5)];
        double[] radius = new double[shells];
        // each body's shell from its rank, then one pass in input order: sums are exact, and reading the bodies
        // in radius order would miss the cache at every body
        int[] shellOf = new int[n];
        int from = 0;
        for (int s = 0; s < shells; s++) {
            radius[s] = Math.sqrt(r2[order[last[s]]]);
            for (int q = from; q <= last[s]; q++) {
                shellOf[order[q]] = s;
            }
            from = last[s] + 1;
        }
        for (int q = from; q < n; q++) {
            shellOf[order[q]] = -1;
        }
        FixedPointSum[] m = FixedPointSum.array(shells), mvr2 = FixedPointSum.array(shells);
        FixedPointSum[] mvt2 = FixedPointSum.array(shells);
        for (int i = 0; i < n; i++) {
            int s = shellOf[i];
            if (s < 0) {
                continue;
            }
            double dx = b.x[i] - cx, dy = b.y[i] - cy, dz = b.z[i] - cz;
            double vx = b.vx[i] - cm.vx(), vy = b.vy[i] - cm.vy(), vz = b.vz[i] - cm.vz();
            double mi = b.mass[i];
            m[s].add(mi);
            if (r2[i] == 0) {
                mvt2[s].add(mi * (vx * vx + vy * vy + vz * vz));
                continue;
            }
            double radial = dx * vx + dy * vy + dz * vz;
            double tx = dy * vz - dz * vy, ty = dz * vx - dx * vz, tz = dx * vy - dy * vx;
            mvr2[s].add(mi * (radial * radial / r2[i]));
            mvt2[s].add(mi * ((tx * tx + ty * ty + tz * tz) / r2[i]));
        }
        double[] sigmaR = new double[shells], sigmaT = new double[shells];
        for (int s = 0; s < shells; s++) {
            double shellMass = m[s].value();
            sigmaR[s] = Math.sqrt(mvr2[s].value() / shellMass);
            sigmaT[s] = Math.sqrt(mvt2[s].value() / (2 * shellMass));
        }
        return new Shells(centre.clone(), cm.velocity(), fractions.clone(), radius, sigmaR, sigmaT,
                Math.sqrt(r2[order[half]]));
    }

    /**
     * For each fraction (ascending), the position in {@code order} of the body at which the cumulative mass
     * reaches it; ExactSum, whose running value is there at every step.
     */
    private static int[] lastBodies(double[] mass, int[] order, double total, double[] fractions) {
        int[] last = new int[fractions.length];
        ExactSum cumulative = new ExactSum();
        int f = 0;
        for (int q = 0; q < order.length && f < fractions.length; q++) {
            cumulative.add(mass[order[q]]);
            double reached = cumulative.value();
            while (f < fractions.length && reached >= fractions[f] * total) {
                last[f++] = q;
            }
        }
        return last;
    }
}
