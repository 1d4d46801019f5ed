package io.stormsim.water;

import static io.stormsim.water.WaterModel.*;

/**
 * The quantities an input derives once for a whole run: the time step in model units, the cubic
 * periodic box sized for the density, the cutoff and its reaction-field terms, and the factors that turn
 * sums into energies and forces into scaled accelerations. Each is computed as the original computes it,
 * so that the run reproduces its printed values. Transcendental functions are StrictMath's, the same
 * bits on every host, so partitions on different machines agree.
 */
public final class RunConstants {
    public final int molecules;
    public final int order;
    /** Time step in femtoseconds. */
    public final double timeStep;
    public final double boxLength, halfBox;
    public final double cutoff, cutoffSquared;
    /** Reaction-field constants: -q^2/rc^3 for H-H pairs, twice that for M-H, four times for M-M. */
    public final double ref1, ref2, ref4;
    /** Sum of squared scaled velocities times mass, to kinetic energy per atom over kT; potential likewise. */
    public final double kineticFactor, potentialFactor;
    /** dt^2/2/m: force to the scaled second derivative, for hydrogen and oxygen. */
    public final double hydrogenStep, oxygenStep;

    public RunConstants(WaterInput in) {
        molecules = in.molecules();
        order = in.order();
        timeStep = in.timeStepSeconds() / UNIT_TIME;
        int atoms = ATOMS * molecules;
        potentialFactor = UNIT_MASS * StrictMath.pow(UNIT_LENGTH / UNIT_TIME, 2.0) / (BOLTZMANN * TEMPERATURE * atoms);
        kineticFactor = potentialFactor * 0.50 / (timeStep * timeStep);
        boxLength = StrictMath.pow(molecules * MOLECULE_MASS * UNIT_MASS / DENSITY, 1.00 / 3.00) / UNIT_LENGTH;
        halfBox = boxLength * 0.50;
        cutoff = defaultedCutoff(in.cutoff(), halfBox);
        ref1 = -QQ / (cutoff * cutoff * cutoff);
        ref2 = 2.00 * ref1;
        ref4 = 2.00 * ref2;
        cutoffSquared = cutoff * cutoff;
        hydrogenStep = timeStep * timeStep * 0.50 / HYDROGEN_MASS;
        oxygenStep = timeStep * timeStep * 0.50 / OXYGEN_MASS;
    }

    /** The cutoff the original uses: 0 means half the box; never more than 11 Angstrom. */
    static double defaultedCutoff(double given, double halfBox) {
        double c = given == 0.0 ? halfBox : given;
        return Math.min(c, MAX_CUTOFF);
    }
}
