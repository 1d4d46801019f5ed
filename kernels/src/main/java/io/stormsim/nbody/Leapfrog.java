package io.stormsim.nbody;

/**
 * Kick-drift-kick leapfrog with a fixed step, arranged in force rounds. Round r has the field at the
 * positions of time r*dt; it closes step r-1 with a half kick (r > 0), takes the diagnostics at the
 * synchronised time r*dt, and opens step r with a half kick and a drift (r < steps). A run of n steps
 * therefore has n + 1 rounds. The sequential kernel and the topology's update phase both call
 * {@link #completeRound}, so they perform the same operations on every body.
 */
public final class Leapfrog {
    private Leapfrog() {
    }

    /**
     * Finishes round {@code round} of {@code steps} for the bodies, given their field (same order),
     * and returns the conserved quantities at time round*dt. Interaction counts become the bodies' cost.
     *
     * @throws NonFiniteStateException if a position or velocity stops being finite
     */
    public static Conserved completeRound(Bodies b, Gravity.Field f, double dt, long round, long steps) {
        double halfDt = 0.5 * dt;
        Conserved conserved = new Conserved();
        boolean closing = round > 0, opening = round < steps;
        for (int i = 0; i < b.n; i++) {
            if (closing) {
                b.vx[i] += f.ax[i] * halfDt;
                b.vy[i] += f.ay[i] * halfDt;
                b.vz[i] += f.az[i] * halfDt;
            }
            conserved.add(b, i, f.potential[i], f.interactions[i]);
            b.cost[i] = f.interactions[i];
            if (opening) {
                b.vx[i] += f.ax[i] * halfDt;
                b.vy[i] += f.ay[i] * halfDt;
                b.vz[i] += f.az[i] * halfDt;
                b.x[i] += b.vx[i] * dt;
                b.y[i] += b.vy[i] * dt;
                b.z[i] += b.vz[i] * dt;
            }
            if (!Double.isFinite(b.x[i] + b.y[i] + b.z[i] + b.vx[i] + b.vy[i] + b.vz[i])) {
                throw new NonFiniteStateException(round, b.id[i]);
            }
        }
        return conserved;
    }
}
