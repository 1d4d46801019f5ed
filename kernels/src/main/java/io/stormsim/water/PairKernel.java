package io.stormsim.water;

import static io.stormsim.water.WaterModel.*;

/**
 * The intermolecular potential between pairs of molecules, over the rows of one block: forces (INTERF's
 * work) and energies (POTENG's). Molecules are read from frames, 12 doubles a molecule (H1, O, H2, M),
 * indexed by molecule number.
 *
 * <p>A pair is judged by its nine charge-site distances (M-M, M-H, H-M, H-H), each component taken to its
 * nearest periodic image on its own as the original does: when all nine lie beyond the cutoff the pair
 * contributes nothing; charges within the cutoff interact by a reaction-field Coulomb term; only when all
 * nine are within it do the O-O, H-H and O-H repulsions apply. Arrays are reused; nothing is allocated
 * per pair.
 */
public final class PairKernel {
    /** Doubles per molecule in a frame: H1, O, H2 and M, each x y z. */
    public static final int FRAME = 12;
    private static final int SH1 = 0, SO = 3, SH2 = 6, SM = 9;
    /** Sites of the fourteen distances, on the row molecule and on the partner: the nine charge pairs first. */
    private static final int[] ROW_SITE = {SM, SM, SM, SH1, SH2, SH1, SH1, SH2, SH2, SO, SO, SO, SH1, SH2};
    private static final int[] PARTNER_SITE = {SM, SH1, SH2, SM, SM, SH1, SH2, SH1, SH2, SO, SH1, SH2, SO, SO};
    private static final int CHARGE_PAIRS = 9, DISTANCES = 14;

    private final RunConstants c;
    private final MoleculeBlocks layout;
    private final double[] dx = new double[DISTANCES], dy = new double[DISTANCES], dz = new double[DISTANCES];
    private final double[] rs = new double[DISTANCES], rl = new double[DISTANCES], ff = new double[DISTANCES];

    public PairKernel(RunConstants c, MoleculeBlocks layout) {
        this.c = c;
        this.layout = layout;
    }

    /**
     * Forces between rows [rowFrom, rowTo) and their partners, added to {@code window}: 9 doubles a
     * molecule, molecule {@code rowFrom + w} (modulo NMOL) at w. Returns the pairs' virial, summed in
     * row then partner order.
     */
    public double forces(double[] frames, int rowFrom, int rowTo, double[] window) {
        final int n = layout.molecules;
        final double cut2 = c.cutoffSquared, ref1 = c.ref1, ref2 = c.ref2, ref4 = c.ref4;
        final double[] dx = this.dx, dy = this.dy, dz = this.dz, rs = this.rs, rl = this.rl, ff = this.ff;
        double virial = 0.0;
        for (int i = rowFrom; i < rowTo; i++) {
            int a = FRAME * i;
            int wa = PER_MOLECULE * (i - rowFrom);
            int last = i + layout.partners(i);
            for (int j = i + 1; j <= last; j++) {
                int b = FRAME * (j < n ? j : j - n);
                int outside = chargeDistances(frames, a, b, CHARGE_PAIRS);
                if (outside == CHARGE_PAIRS) {
                    continue;
                }
                for (int k = 0; k < DISTANCES; k++) {
                    ff[k] = 0.0;
                }
                if (rs[0] < cut2) {
                    ff[0] = QQ4 / (rs[0] * Math.sqrt(rs[0])) + ref4;
                    virial = virial + ff[0] * rs[0];
                }
                for (int k = 1; k < 5; k++) {
                    if (rs[k] < cut2) {
                        ff[k] = -QQ2 / (rs[k] * Math.sqrt(rs[k])) - ref2;
                        virial = virial + ff[k] * rs[k];
                    }
                    if (rs[k + 4] <= cut2) {
                        rl[k + 4] = Math.sqrt(rs[k + 4]);
                        ff[k + 4] = QQ / (rs[k + 4] * rl[k + 4]) + ref1;
                        virial = virial + ff[k + 4] * rs[k + 4];
                    }
                }
                if (outside == 0) {
                    distances(frames, a, b, CHARGE_PAIRS, DISTANCES);
                    rl[9] = Math.sqrt(rs[9]);
                    ff[9] = AB1 * Math.exp(-B1 * rl[9]) / rl[9];
                    virial = virial + ff[9] * rs[9];
                    for (int k = 10; k < DISTANCES; k++) {
                        double hh = AB2 * Math.exp(-B2 * rl[k - 5]) / rl[k - 5];
                        ff[k - 5] = ff[k - 5] + hh;
                        virial = virial + hh * rs[k - 5];
                        rl[k] = Math.sqrt(rs[k]);
                        ff[k] = (AB3 * Math.exp(-B3 * rl[k]) - AB4 * Math.exp(-B4 * rl[k])) / rl[k];
                        virial = virial + ff[k] * rs[k];
                    }
                }
                int wb = PER_MOLECULE * (j - rowFrom);
                addForces(ff, dx, window, wa, wb, 0);
                addForces(ff, dy, window, wa, wb, 1);
                addForces(ff, dz, window, wa, wb, 2);
            }
        }
        return virial;
    }

    /**
     * One component of a pair's forces: each distance's term ff*d pushes its row site and pulls its
     * partner site; what lands on M goes to O and the hydrogens in M's proportions.
     */
    private static void addForces(double[] ff, double[] d, double[] window, int wa, int wb, int comp) {
        double g0 = ff[0] * d[0], g1 = ff[1] * d[1], g2 = ff[2] * d[2], g3 = ff[3] * d[3], g4 = ff[4] * d[4];
        double g5 = ff[5] * d[5], g6 = ff[6] * d[6], g7 = ff[7] * d[7], g8 = ff[8] * d[8], g9 = ff[9] * d[9];
        double g10 = ff[10] * d[10], g11 = ff[11] * d[11], g12 = ff[12] * d[12], g13 = ff[13] * d[13];
        double rowM = g0 + g1 + g2;
        window[wa + comp] += g3 + g5 + g6 + g12 + C2 * rowM;
        window[wa + 3 + comp] += g9 + g10 + g11 + C1 * rowM;
        window[wa + 6 + comp] += g4 + g7 + g8 + g13 + C2 * rowM;
        double partnerM = g0 + g3 + g4;
        window[wb + comp] -= g1 + g5 + g7 + g10 + C2 * partnerM;
        window[wb + 3 + comp] -= g9 + g12 + g13 + C1 * partnerM;
        window[wb + 6 + comp] -= g2 + g6 + g8 + g11 + C2 * partnerM;
    }

    /**
     * Adds the intermolecular potential energy of rows [rowFrom, rowTo) with their partners to
     * {@code sums}: [0] the Coulomb and repulsion terms, [1] the reaction-field term. Distances beyond
     * the cutoff count as at the cutoff, so the energy is continuous there.
     */
    public void energies(double[] frames, int rowFrom, int rowTo, double[] sums) {
        final int n = layout.molecules;
        final double cut2 = c.cutoffSquared, cutoff = c.cutoff, ref1 = c.ref1, ref2 = c.ref2;
        final double[] rs = this.rs, rl = this.rl;
        double pot = sums[0], field = sums[1];
        for (int i = rowFrom; i < rowTo; i++) {
            int a = FRAME * i;
            int last = i + layout.partners(i);
            for (int j = i + 1; j <= last; j++) {
                int b = FRAME * (j < n ? j : j - n);
                int outside = chargeDistances(frames, a, b, CHARGE_PAIRS);
                if (outside == CHARGE_PAIRS) {
                    continue;
                }
                for (int k = 0; k < CHARGE_PAIRS; k++) {
                    if (rs[k] <= cut2) {
                        rl[k] = Math.sqrt(rs[k]);
                    } else {
                        rl[k] = cutoff;
                        rs[k] = cut2;
                    }
                }
                pot = pot - QQ2 / rl[1] - QQ2 / rl[2] - QQ2 / rl[3] - QQ2 / rl[4]
                        + QQ / rl[5] + QQ / rl[6] + QQ / rl[7] + QQ / rl[8] + QQ4 / rl[0];
                field = field - ref2 * rs[0] - ref1 * ((rs[5] + rs[6] + rs[7] + rs[8]) * 0.5
                        - rs[1] - rs[2] - rs[3] - rs[4]);
                if (outside == 0) {
                    distances(frames, a, b, CHARGE_PAIRS, DISTANCES);
                    for (int k = CHARGE_PAIRS; k < DISTANCES; k++) {
                        rl[k] = Math.sqrt(rs[k]);
                    }
                    pot = pot + A1 * Math.exp(-B1 * rl[9])
                            + A2 * (Math.exp(-B2 * rl[5]) + Math.exp(-B2 * rl[6])
                            + Math.exp(-B2 * rl[7]) + Math.exp(-B2 * rl[8]))
                            + A3 * (Math.exp(-B3 * rl[10]) + Math.exp(-B3 * rl[11])
                            + Math.exp(-B3 * rl[12]) + Math.exp(-B3 * rl[13]))
                            - A4 * (Math.exp(-B4 * rl[10]) + Math.exp(-B4 * rl[11])
                            + Math.exp(-B4 * rl[12]) + Math.exp(-B4 * rl[13]));
                }
            }
        }
        sums[0] = pot;
        sums[1] = field;
    }

    /** The first {@code count} distances of a pair; returns how many lie beyond the cutoff. */
    private int chargeDistances(double[] frames, int a, int b, int count) {
        distances(frames, a, b, 0, count);
        double cut2 = c.cutoffSquared;
        int outside = 0;
        for (int k = 0; k < count; k++) {
            if (rs[k] > cut2) {
                outside++;
            }
        }
        return outside;
    }

    /** Distances [from, to) between row frame a and partner frame b, each component at its nearest image. */
    private void distances(double[] frames, int a, int b, int from, int to) {
        double half = c.halfBox, box = c.boxLength;
        for (int k = from; k < to; k++) {
            int p = a + ROW_SITE[k], q = b + PARTNER_SITE[k];
            double x = image(frames[p] - frames[q], half, box);
            double y = image(frames[p + 1] - frames[q + 1], half, box);
            double z = image(frames[p + 2] - frames[q + 2], half, box);
            dx[k] = x;
            dy[k] = y;
            dz[k] = z;
            rs[k] = x * x + y * y + z * z;
        }
    }

    private static double image(double d, double half, double box) {
        if (d > half) {
            return d - box;
        }
        if (d < -half) {
            return d + box;
        }
        return d;
    }
}
