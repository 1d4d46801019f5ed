package io.stormsim.water;

import static io.stormsim.water.WaterModel.*;

/**
 * The flexible molecule's own potential: a quartic polynomial in the two O-H stretches (dr1, dr2) and
 * the bend (dt, the angle's change times the bond length), its forces on the three atoms and its energy.
 * Positions are 9 doubles a molecule: H1, O, H2, each x y z.
 */
public final class Intramolecular {
    private Intramolecular() {
    }

    /**
     * Writes the intramolecular forces of molecules [from, to) of {@code x} to the same places of
     * {@code force} (overwriting).
     */
    public static void forces(double[] x, double[] force, int from, int to) {
        for (int m = from; m < to; m++) {
            int p = PER_MOLECULE * m;
            double r1x = x[p + 3] - x[p], r1y = x[p + 4] - x[p + 1], r1z = x[p + 5] - x[p + 2];
            double r2x = x[p + 3] - x[p + 6], r2y = x[p + 4] - x[p + 7], r2z = x[p + 5] - x[p + 8];
            double r1 = Math.sqrt(r1x * r1x + r1y * r1y + r1z * r1z);
            double r2 = Math.sqrt(r2x * r2x + r2y * r2y + r2z * r2z);
            double cos = (r1x * r2x + r1y * r2y + r1z * r2z) / (r1 * r2);
            double sin = Math.sqrt(1.0 - cos * cos);
            double dt = (StrictMath.acos(cos) - ANGLE) * BOND;
            double dr1 = r1 - BOND, dr2 = r2 - BOND;
            double dts = dt * dt, dr1s = dr1 * dr1, dr2s = dr2 * dr2;

            // dV/d(dr1), dV/d(dt), dV/d(dr2): quadratic, cubic (over the bond) and quartic (over its square) terms.
            double g1 = FC11 * dr1 + FC12 * dr2 + FC13 * dt;
            double gt = FC33 * dt + FC13 * (dr1 + dr2);
            double g2 = FC11 * dr2 + FC12 * dr1 + FC13 * dt;
            g1 = g1 + (3.0 * FC111 * dr1s + FC112 * (2.0 * dr1 + dr2) * dr2
                    + 2.0 * FC113 * dr1 * dt + FC123 * dr2 * dt + FC133 * dts) * INVERSE_BOND;
            gt = gt + (3.0 * FC333 * dts + FC113 * (dr1s + dr2s)
                    + FC123 * dr1 * dr2 + 2.0 * FC133 * (dr1 + dr2) * dt) * INVERSE_BOND;
            g2 = g2 + (3.0 * FC111 * dr2s + FC112 * (2.0 * dr2 + dr1) * dr1
                    + 2.0 * FC113 * dr2 * dt + FC123 * dr1 * dt + FC133 * dts) * INVERSE_BOND;
            g1 = g1 + (4.0 * FC1111 * dr1s * dr1 + FC1112 * (3.0 * dr1s + dr2s) * dr2
                    + 2.0 * FC1122 * dr1 * dr2s + 3.0 * FC1113 * dr1s * dt
                    + FC1123 * (2.0 * dr1 + dr2) * dr2 * dt
                    + (2.0 * FC1133 * dr1 + FC1233 * dr2 + FC1333 * dt) * dts) * INVERSE_BOND_SQUARED;
            gt = gt + (4.0 * FC3333 * dts * dt + FC1113 * (dr1s * dr1 + dr2s * dr2)
                    + FC1123 * (dr1 + dr2) * dr1 * dr2 + 2.0 * FC1133 * (dr1s + dr2s) * dt
                    + 2.0 * FC1233 * dr1 * dr2 * dt + 3.0 * FC1333 * (dr1 + dr2) * dts) * INVERSE_BOND_SQUARED;
            g2 = g2 + (4.0 * FC1111 * dr2s * dr2 + FC1112 * (3.0 * dr2s + dr1s) * dr1
                    + 2.0 * FC1122 * dr1s * dr2 + 3.0 * FC1113 * dr2s * dt
                    + FC1123 * (2.0 * dr2 + dr1) * dr1 * dt
                    + (2.0 * FC1133 * dr2 + FC1233 * dr1 + FC1333 * dt) * dts) * INVERSE_BOND_SQUARED;

            // Unit bond vectors and the bend's gradients at each hydrogen (scaled by the bond length).
            double bend1 = BOND / (r1 * sin), bend2 = BOND / (r2 * sin);
            for (int d = 0; d < 3; d++) {
                double u1 = (d == 0 ? r1x : d == 1 ? r1y : r1z) / r1;
                double u2 = (d == 0 ? r2x : d == 1 ? r2y : r2z) / r2;
                double t1 = (-u2 + u1 * cos) * bend1;
                double t2 = (-u1 + u2 * cos) * bend2;
                double h1 = g1 * u1 + gt * t1;
                double h2 = g2 * u2 + gt * t2;
                force[p + d] = h1;
                force[p + 6 + d] = h2;
                force[p + 3 + d] = -(h1 + h2);
            }
        }
    }

    /** Sum over molecules [from, to), components and atoms of position times force. */
    public static double virial(double[] x, double[] force, int from, int to) {
        double sum = 0.0;
        for (int m = from; m < to; m++) {
            int p = PER_MOLECULE * m;
            for (int d = 0; d < 3; d++) {
                for (int a = 0; a < ATOMS; a++) {
                    sum += x[p + 3 * a + d] * force[p + 3 * a + d];
                }
            }
        }
        return sum;
    }

    /** The intramolecular potential energy of molecules [from, to), summed in molecule order. */
    public static double energy(double[] x, int from, int to) {
        double sum = 0.0;
        for (int m = from; m < to; m++) {
            int p = PER_MOLECULE * m;
            double r1x = x[p + 3] - x[p], r1y = x[p + 4] - x[p + 1], r1z = x[p + 5] - x[p + 2];
            double r2x = x[p + 3] - x[p + 6], r2y = x[p + 4] - x[p + 7], r2z = x[p + 5] - x[p + 8];
            double r1 = Math.sqrt(r1x * r1x + r1y * r1y + r1z * r1z);
            double r2 = Math.sqrt(r2x * r2x + r2y * r2y + r2z * r2z);
            double cos = (r1x * r2x + r1y * r2y + r1z * r2z) / (r1 * r2);
            double dt = (StrictMath.acos(cos) - ANGLE) * BOND;
            double dr1 = r1 - BOND, dr2 = r2 - BOND;
            double dr1s = dr1 * dr1, dr2s = dr2 * dr2, drp = dr1 + dr2, dts = dt * dt;
            sum += (FC11 * (dr1s + dr2s) + FC33 * dts) * 0.5
                    + FC12 * dr1 * dr2 + FC13 * drp * dt
                    + (FC111 * (dr1s * dr1 + dr2s * dr2) + FC333 * dts * dt + FC112 * drp * dr1 * dr2
                    + FC113 * (dr1s + dr2s) * dt + FC123 * dr1 * dr2 * dt + FC133 * drp * dts) * INVERSE_BOND;
            sum += (FC1111 * (dr1s * dr1s + dr2s * dr2s) + FC3333 * dts * dts
                    + FC1112 * (dr1s + dr2s) * dr1 * dr2 + FC1122 * dr1s * dr2s
                    + FC1113 * (dr1s * dr1 + dr2s * dr2) * dt + FC1123 * drp * dr1 * dr2 * dt
                    + FC1133 * (dr1s + dr2s) * dts + FC1233 * dr1 * dr2 * dts
                    + FC1333 * drp * dts * dt) * INVERSE_BOND_SQUARED;
        }
        return sum;
    }

    /** Frames (H1, O, H2 and the charge site M, 12 doubles a molecule) of molecules [from, to) of x. */
    public static void frames(double[] x, int from, int to, double[] frames, int frameOffset) {
        for (int m = from; m < to; m++) {
            int p = PER_MOLECULE * m, q = frameOffset + PairKernel.FRAME * (m - from);
            System.arraycopy(x, p, frames, q, PER_MOLECULE);
            for (int d = 0; d < 3; d++) {
                frames[q + 9 + d] = C1 * x[p + 3 + d] + C2 * (x[p + d] + x[p + 6 + d]);
            }
        }
    }
}
