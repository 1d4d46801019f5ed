package io.stormsim.nbody;

import java.util.SplittableRandom;

/**
 * Clustered test systems for the tree's force accuracy, where a Plummer sphere is too kind: dense Plummer
 * clumps a few tenths apart, a cold thin disk and a uniform halo, with unequal masses. Bodies near a
 * clump feel large forces from cells of size comparable to the softening length, which is where the
 * multipole expansion and the opening criterion are tested hardest.
 *
 * <p>Positions and masses only (velocities zero: these systems are for one force evaluation against
 * direct summation, not for running). Total mass 1, centre of mass at the origin. The same spec and seed
 * give the same bodies bit for bit.
 */
public final class ClusteredSystem {
    /**
     * What to draw. Bodies are split by count: {@code clumpFraction} into {@code clumps} Plummer clumps whose
     * scale radii are log-uniform in [{@code minScale}, {@code maxScale}] and whose centres are uniform in a
     * sphere of radius {@code spread}; {@code diskFraction} into an exponential disk in the x-y plane (scale
     * length {@code diskScale}, Gaussian thickness {@code diskHeight}); the rest uniform in a sphere of radius
     * 1 (the halo). Each body's mass is log-uniform over a range of {@code massRatio}, clump bodies' masses
     * then multiplied by {@code clumpMassFactor}.
     */
    public record Spec(String name, int clumps, double minScale, double maxScale, double spread,
                       double clumpFraction, double diskFraction, double diskScale, double diskHeight,
                       double massRatio, double clumpMassFactor) {
        public Spec {
            if (clumps < 1 || !(minScale > 0) || !(maxScale >= minScale) || !(spread > 0)
                    || !(clumpFraction >= 0) || !(diskFraction >= 0) || !(clumpFraction + diskFraction <= 1)
                    || !(diskScale > 0) || !(diskHeight > 0) || !(massRatio >= 1) || !(clumpMassFactor > 0)) {
                throw new IllegalArgumentException("clustered system spec " + name + " not allowed: needs clumps >= 1,"
                        + " 0 < minScale <= maxScale, spread, diskScale, diskHeight, clumpMassFactor > 0,"
                        + " clump and disk fractions >= 0 summing to <= 1, massRatio >= 1");
            }
        }
    }

    /**
     * The system of issue 29: clumps of scale 0.02-0.1 (2-10 softening lengths at epsilon 0.01) a few tenths
     * apart, a disk half a softening length thick, a halo, masses over a range of 10.
     */
    public static final Spec CLUMPS_DISK_HALO = new Spec("clumps-disk-halo", 12, 0.02, 0.1, 0.5, 0.5, 0.3, 0.3,
            0.005, 10, 1);
    /** Clumps at and below the softening length (scales 0.002-0.01 at epsilon 0.01). */
    public static final Spec SUBSOFTENING_CLUMPS = new Spec("subsoftening-clumps", 20, 0.002, 0.01, 0.5, 0.6, 0.2,
            0.3, 0.005, 10, 1);
    /** Clumps of bodies 30 times heavier than the disk and halo bodies around them, masses over a range of 100. */
    public static final Spec HEAVY_CLUMPS = new Spec("heavy-clumps", 8, 0.005, 0.05, 0.4, 0.3, 0.4, 0.2, 0.003,
            100, 30);

    private ClusteredSystem() {
    }

    /** n bodies of the system {@code spec} drawn from {@code seed}, ids 0..n-1. */
    public static Bodies generate(Spec spec, int n, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("n = " + n + " is not allowed: must be an integer >= 1");
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] centres = new double[3 * spec.clumps()], scales = new double[spec.clumps()];
        double[] dir = new double[3];
        for (int k = 0; k < spec.clumps(); k++) {
            PlummerSphere.randomDirection(rnd, dir);
            double r = spec.spread() * Math.cbrt(rnd.nextDouble());
            for (int a = 0; a < 3; a++) {
                centres[3 * k + a] = r * dir[a];
            }
            scales[k] = spec.minScale() * Math.pow(spec.maxScale() / spec.minScale(), rnd.nextDouble());
        }
        int clumpBodies = (int) Math.round(spec.clumpFraction() * n);
        int diskBodies = Math.min(n - clumpBodies, (int) Math.round(spec.diskFraction() * n));
        Bodies b = new Bodies(n);
        for (int i = 0; i < n; i++) {
            b.id[i] = i;
            b.cost[i] = 1;
            b.mass[i] = Math.pow(spec.massRatio(), rnd.nextDouble());
            if (i < clumpBodies) {
                int k = rnd.nextInt(spec.clumps());
                double r = scales[k] * PlummerSphere.radius(rnd);
                PlummerSphere.randomDirection(rnd, dir);
                b.x[i] = centres[3 * k] + r * dir[0];
                b.y[i] = centres[3 * k + 1] + r * dir[1];
                b.z[i] = centres[3 * k + 2] + r * dir[2];
                b.mass[i] *= spec.clumpMassFactor();
            } else if (i < clumpBodies + diskBodies) {
                // surface density exp(-r / scale): radii follow a gamma distribution of shape 2
                double u = Math.log1p(-rnd.nextDouble()) + Math.log1p(-rnd.nextDouble());
                double r = Math.min(-spec.diskScale() * u, 1.0);
                double phi = 2 * Math.PI * rnd.nextDouble();
                b.x[i] = r * Math.cos(phi);
                b.y[i] = r * Math.sin(phi);
                b.z[i] = spec.diskHeight() * rnd.nextGaussian();
            } else {
                PlummerSphere.randomDirection(rnd, dir);
                double r = Math.cbrt(rnd.nextDouble());
                b.x[i] = r * dir[0];
                b.y[i] = r * dir[1];
                b.z[i] = r * dir[2];
            }
        }
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += b.mass[i];
        }
        for (int i = 0; i < n; i++) {
            b.mass[i] /= total;
        }
        PlummerSphere.toCentreOfMassFrame(b);
        return b;
    }
}
