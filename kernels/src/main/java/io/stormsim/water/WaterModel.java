package io.stormsim.water;

/**
 * The constants of the SPLASH-2 Water model: a flexible three-site molecule (H1, O, H2) with a quartic
 * intramolecular potential, and the MCY-type intermolecular potential between molecules (charges +q on
 * the hydrogens and -2q on the site M on the bisector, exponential repulsions between O and H sites).
 * Units are Angstrom, femtosecond and atomic mass unit; force constants are scaled by UNITM/UNITT^2.
 * The values are the published ones the original program uses.
 */
public final class WaterModel {
    private WaterModel() {
    }

    /** Atoms of a molecule in storage order. */
    public static final int H1 = 0, O = 1, H2 = 2, ATOMS = 3;
    /** Doubles per molecule for one Gear derivative: three atoms, three components each (atom-major). */
    public static final int PER_MOLECULE = 9;

    public static final double TEMPERATURE = 298.0;
    public static final double DENSITY = 0.9980;

    public static final double BOND = 0.9572;
    public static final double INVERSE_BOND = 1.0 / BOND;
    public static final double INVERSE_BOND_SQUARED = INVERSE_BOND * INVERSE_BOND;
    /** The H-O-H angle at rest, radian. */
    public static final double ANGLE = 1.824218;
    public static final double OXYGEN_MASS = 15.99945;
    public static final double HYDROGEN_MASS = 1.007825;
    public static final double MOLECULE_MASS = OXYGEN_MASS + 2.0 * HYDROGEN_MASS;

    /** Units in c.g.s. */
    public static final double UNIT_TIME = 1.0e-15, UNIT_LENGTH = 1.0e-8, UNIT_MASS = 1.6605655e-24;
    public static final double BOLTZMANN = 1.380662e-16;

    /** Quadratic, cubic and quartic force constants of the bond stretches (1, 2) and the bend (3). */
    public static final double FC11 = 0.512596, FC33 = 0.048098, FC12 = -0.005823, FC13 = 0.016452;
    public static final double FC111 = -0.57191, FC333 = -0.007636, FC112 = -0.001867, FC113 = -0.002047,
            FC123 = -0.03083, FC133 = -0.0094245;
    public static final double FC1111 = 0.8431, FC3333 = -0.00193, FC1112 = -0.0030, FC1122 = 0.0036,
            FC1113 = -0.012, FC1123 = 0.0060, FC1133 = -0.0048, FC1233 = 0.0211, FC1333 = 0.006263;

    /** q^2 of the hydrogen charge; the M site carries -2q. */
    public static final double QQ = 0.07152158;
    public static final double QQ2 = 2.0 * QQ, QQ4 = 2.0 * QQ2;
    /** Repulsions A exp(-B r): O-O (1), H-H (2), O-H (3, minus 4). */
    public static final double A1 = 455.313100, B1 = 5.15271070;
    public static final double A2 = 0.27879839, B2 = 2.76084370;
    public static final double A3 = 0.60895706, B3 = 2.96189550;
    public static final double A4 = 0.11447336, B4 = 2.23326410;
    public static final double AB1 = A1 * B1, AB2 = A2 * B2, AB3 = A3 * B3, AB4 = A4 * B4;
    /** Position of M: C1 times the oxygen plus C2 times each hydrogen. */
    private static final double CM = 0.45682590;
    public static final double C1 = 1.0 - CM, C2 = 0.50 * CM;

    /** The cutoff never exceeds this (Angstrom), whatever the input says. */
    public static final double MAX_CUTOFF = 11.0;
}
