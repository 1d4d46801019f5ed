package io.stormsim.nbody;

import java.util.SplittableRandom;

/**
 * Plummer-sphere initial conditions in N-body (Henon) units: G = 1, total mass 1, total energy -1/4,
 * by the recipe of Aarseth, Henon and Wielen (1974). Radii are drawn from the inverse cumulative mass
 * with the outermost 0.1% of the mass cut off, as usual, so that no body starts absurdly far out. The
 * centre of mass is put at rest at the origin. The same seed gives the same bodies bit for bit.
 *
 * <p>In physical units, where G is not 1, the sphere has the same positions and masses (a total mass of one mass
 * unit, a scale of 3 pi / 16 length units) and velocities sqrt(G) times larger, so that it is in virial equilibrium
 * in those units as in N-body units (its energy is then -G / 4). With G = 1 the bits are those of N-body units.
 */
public final class PlummerSphere {
    private static final double MASS_CUTOFF = 0.999;
    private static final double LENGTH_UNIT = 3 * Math.PI / 16;

    private PlummerSphere() {
    }

    /** A sphere in N-body units (G = 1). */
    public static Bodies generate(int n, long seed) {
        return generate(n, seed, 1.0);
    }

    /** A sphere in virial equilibrium in units where G is {@code gravitationalConstant}. */
    public static Bodies generate(int n, long seed, double gravitationalConstant) {
        if (n < 1) {
            throw new IllegalArgumentException("n = " + n + " is not allowed: must be an integer >= 1");
        }
        if (!(gravitationalConstant > 0) || !Double.isFinite(gravitationalConstant)) {
            throw new IllegalArgumentException("G = " + gravitationalConstant + " is not allowed: must be a finite"
                    + " number > 0");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        Bodies b = new Bodies(n);
        double velocityUnit = Math.sqrt(gravitationalConstant) / Math.sqrt(LENGTH_UNIT);
        double[] dir = new double[3];
        for (int i = 0; i < n; i++) {
            b.id[i] = i;
            b.mass[i] = 1.0 / n;
            double r = radius(rnd);
            randomDirection(rnd, dir);
            b.x[i] = dir[0] * r * LENGTH_UNIT;
            b.y[i] = dir[1] * r * LENGTH_UNIT;
            b.z[i] = dir[2] * r * LENGTH_UNIT;
            double q, g;
            do {
                q = rnd.nextDouble();
                g = 0.1 * rnd.nextDouble();
            } while (g >= q * q * Math.pow(1 - q * q, 3.5));
            double v = q * Math.sqrt(2) * Math.pow(1 + r * r, -0.25);
            randomDirection(rnd, dir);
            b.vx[i] = dir[0] * v * velocityUnit;
            b.vy[i] = dir[1] * v * velocityUnit;
            b.vz[i] = dir[2] * v * velocityUnit;
            b.cost[i] = 1;
        }
        toCentreOfMassFrame(b);
        return b;
    }

    /** A radius drawn from the unit-scale Plummer mass profile, without the outermost 0.1% of the mass. */
    static double radius(SplittableRandom rnd) {
        double massFraction;
        do {
            massFraction = rnd.nextDouble();
        } while (massFraction == 0 || massFraction > MASS_CUTOFF);
        return 1 / Math.sqrt(Math.pow(massFraction, -2.0 / 3.0) - 1);
    }

    static void randomDirection(SplittableRandom rnd, double[] out) {
        double z = 1 - 2 * rnd.nextDouble();
        double phi = 2 * Math.PI * rnd.nextDouble();
        double s = Math.sqrt(1 - z * z);
        out[0] = s * Math.cos(phi);
        out[1] = s * Math.sin(phi);
        out[2] = z;
    }

    static void toCentreOfMassFrame(Bodies b) {
        double m = 0, x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0;
        for (int i = 0; i < b.n; i++) {
            m += b.mass[i];
            x += b.mass[i] * b.x[i];
            y += b.mass[i] * b.y[i];
            z += b.mass[i] * b.z[i];
            vx += b.mass[i] * b.vx[i];
            vy += b.mass[i] * b.vy[i];
            vz += b.mass[i] * b.vz[i];
        }
        for (int i = 0; i < b.n; i++) {
            b.x[i] -= x / m;
            b.y[i] -= y / m;
            b.z[i] -= z / m;
            b.vx[i] -= vx / m;
            b.vy[i] -= vy / m;
            b.vz[i] -= vz / m;
        }
    }
}
