package io.stormsim.nbody;

/**
 * What one code unit of length, mass and velocity is in cgs, as GADGET-4's {@code UnitLength_in_cm}, {@code
 * UnitMass_in_g} and {@code UnitVelocity_in_cm_per_s} say it; time is length / velocity. {@link #NBODY} is the
 * default: N-body units with G = 1 and no physical scale (its cgs fields are NaN), so a file declares no units.
 *
 * <p>Readers of initial conditions return the units a file states, or null when it states none; writers of
 * snapshots state the run's.
 */
public record UnitSystem(double lengthCm, double massG, double velocityCmPerS) {
    /** Newton's G in cgs (CODATA 2018), from which {@link #gravitationalConstant()} is derived. */
    public static final double G_CGS = 6.67430e-8;
    public static final UnitSystem NBODY = new UnitSystem(Double.NaN, Double.NaN, Double.NaN);

    public UnitSystem {
        boolean nbody = Double.isNaN(lengthCm) && Double.isNaN(massG) && Double.isNaN(velocityCmPerS);
        if (!nbody && !(positive(lengthCm) && positive(massG) && positive(velocityCmPerS))) {
            throw new IllegalArgumentException("units: length " + lengthCm + " cm, mass " + massG + " g, velocity "
                    + velocityCmPerS + " cm/s: each must be a finite number > 0 (or all unset, for N-body units)");
        }
    }

    private static boolean positive(double v) {
        return v > 0 && Double.isFinite(v);
    }

    /** Whether these are physical units (false for N-body units). */
    public boolean physical() {
        return !Double.isNaN(lengthCm);
    }

    /** G in these units: 1 in N-body units. */
    public double gravitationalConstant() {
        return physical() ? G_CGS * massG / (lengthCm * velocityCmPerS * velocityCmPerS) : 1.0;
    }

    /** Seconds in one time unit (length / velocity); NaN in N-body units. */
    public double timeS() {
        return lengthCm / velocityCmPerS;
    }
}
