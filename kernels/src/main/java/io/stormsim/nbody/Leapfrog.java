package io.stormsim.nbody;

/**
 * Kick-drift-kick leapfrog with a fixed step, arranged in force rounds. Round r has the field at the
 * positions of time r*dt; {@link #close} ends step r-1 with a half kick (r > 0), which synchronises
 * positions and velocities at time r*dt, and measures the conserved quantities there; {@link #open}
 * starts step r with a half kick and a drift (r < steps). A run of n steps therefore has n + 1 rounds.
 * The sequential kernel and the topology's update phase both call these, so they perform the same
 * operations on every body.
 *
 * <p>The field is that of G = 1; a kick scales it by G once, as {@code a * (G * dt/2)} with the product computed
 * once a step, and the potential energy by G, so that in N-body units (G = 1, exact products) the bits are those
 * of a run that knows no G.
 */
public final class Leapfrog {
    private Leapfrog() {
    }

    /**
     * Ends the step before round r and returns the conserved quantities at time r*dt. The field's work
     * ({@link Gravity.Field#cost}) becomes the bodies' cost.
     *
     * @throws NonFiniteStateException if a velocity stops being finite
     */
    public static Conserved close(Bodies b, Gravity.Field f, Parameters p, long round) {
        double g = p.gravitationalConstant(), kick = g * (0.5 * p.dt());
        Conserved conserved = new Conserved();
        for (int i = 0; i < b.n; i++) {
            if (round > 0) {
                b.vx[i] += f.ax[i] * kick;
                b.vy[i] += f.ay[i] * kick;
                b.vz[i] += f.az[i] * kick;
                requireFinite(b, i, round);
            }
            conserved.add(b, i, g * f.potential[i], f.interactions[i]);
            b.cost[i] = f.cost[i];
        }
        return conserved;
    }

    /**
     * Starts step r (if r is not the last round of {@code p.steps()}; 0: unbounded).
     *
     * @throws NonFiniteStateException if a position or velocity stops being finite
     */
    public static void open(Bodies b, Gravity.Field f, Parameters p, long round) {
        if (p.steps() != 0 && round >= p.steps()) {
            return;
        }
        double dt = p.dt(), kick = p.gravitationalConstant() * (0.5 * dt);
        for (int i = 0; i < b.n; i++) {
            b.vx[i] += f.ax[i] * kick;
            b.vy[i] += f.ay[i] * kick;
            b.vz[i] += f.az[i] * kick;
            b.x[i] += b.vx[i] * dt;
            b.y[i] += b.vy[i] * dt;
            b.z[i] += b.vz[i] * dt;
            requireFinite(b, i, round);
        }
    }

    private static void requireFinite(Bodies b, int i, long round) {
        if (!(Double.isFinite(b.x[i]) && Double.isFinite(b.y[i]) && Double.isFinite(b.z[i])
                && Double.isFinite(b.vx[i]) && Double.isFinite(b.vy[i]) && Double.isFinite(b.vz[i]))) {
            throw new NonFiniteStateException(round, b.id[i]);
        }
    }
}
