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
 * nine are within it do the O-O, H-H and O-H repulsions apply.
 *
 * <p>Most pairs lie beyond the cutoff, so a pair is first judged by its M-M distance alone: if that
 * exceeds the cutoff plus both molecules' reach (the farthest site from M) by a margin, all nine
 * distances exceed the cutoff, and the pair is skipped as the full test would skip it. Why that is
 * exact: per component, the nearest-image difference is the distance to the nearest multiple of the
 * box whenever the raw difference is within 1.5 boxes, and that distance moves by at most the change of
 * the difference, so each site distance is at least the M-M distance less the two reaches. The
 * shortcut is used only when every site coordinate in the frames lies within a span of 1.5 boxes
 * ({@link #prepare}); the margin (1e-6 Angstrom) dwarfs the rounding of the computed distances.
 *
 * <p>The pair loop keeps every distance in a local variable (no scratch arrays, which the compiler
 * must assume may alias the force window) and the row molecule's forces in locals for the whole row;
 * a row's window entries receive no other writes during the row, so the additions are the same.
 */
public final class PairKernel {
    /** Doubles per molecule in a frame: H1, O, H2 and M, each x y z. */
    public static final int FRAME = 12;
    /** Offset of M in a frame (H1, O, H2 are at 0, 3, 6). */
    private static final int SM = 9;
    private static final double MARGIN = 1e-6;

    private final RunConstants c;
    private final MoleculeBlocks layout;
    /** Per molecule of the frames: the largest distance of H1, O or H2 from M, Angstrom. */
    private final double[] reach;
    private boolean shortcut;
    private long interacting;

    public PairKernel(RunConstants c, MoleculeBlocks layout) {
        this.c = c;
        this.layout = layout;
        this.reach = new double[layout.molecules];
    }

    /** Pairs {@link #forces} found with a charge-site distance inside the cutoff, since construction. */
    public long interactingPairs() {
        return interacting;
    }

    /**
     * Readies the M-M shortcut for the frames the next passes read: each molecule's reach, and whether
     * all site coordinates lie within 1.5 boxes of each other (else the shortcut is off).
     */
    public void prepare(double[] frames) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int m = 0; m < reach.length; m++) {
            int f = FRAME * m;
            double r2 = 0.0;
            for (int s = 0; s < 4; s++) {
                for (int d = 0; d < 3; d++) {
                    double v = frames[f + 3 * s + d];
                    lo[d] = Math.min(lo[d], v);
                    hi[d] = Math.max(hi[d], v);
                }
                double ex = frames[f + 3 * s] - frames[f + SM], ey = frames[f + 3 * s + 1] - frames[f + SM + 1];
                double ez = frames[f + 3 * s + 2] - frames[f + SM + 2];
                r2 = Math.max(r2, ex * ex + ey * ey + ez * ez);
            }
            reach[m] = Math.sqrt(r2);
        }
        double limit = 1.5 * c.boxLength * (1 - 1e-12);
        // NaN spans (a broken state) fail the test too, turning the shortcut off.
        shortcut = hi[0] - lo[0] <= limit && hi[1] - lo[1] <= limit && hi[2] - lo[2] <= limit;
    }

    /**
     * Forces between rows [rowFrom, rowTo) and their partners, added to {@code window}: 9 doubles a
     * molecule, molecule {@code rowFrom + w} (modulo NMOL) at w. Returns the pairs' virial, summed in
     * row then partner order.
     */
    public double forces(double[] frames, int rowFrom, int rowTo, double[] window) {
        return pairs(frames, rowFrom, rowTo, window, null);
    }

    /**
     * Adds the intermolecular potential energy of rows [rowFrom, rowTo) with their partners to
     * {@code sums}: [0] the Coulomb and repulsion terms, [1] the reaction-field term. Distances beyond
     * the cutoff count as at the cutoff, so the energy is continuous there.
     */
    public void energies(double[] frames, int rowFrom, int rowTo, double[] sums) {
        pairs(frames, rowFrom, rowTo, null, sums);
    }

    /** The pair loop of both passes: forces into window when sums is null, else energies into sums. */
    private double pairs(double[] frames, int rowFrom, int rowTo, double[] window, double[] sums) {
        final boolean energy = sums != null;
        final int n = layout.molecules;
        final double h = c.halfBox, box = c.boxLength, cutoff = c.cutoff, cut2 = c.cutoffSquared;
        final double ref1 = c.ref1, ref2 = c.ref2, ref4 = c.ref4;
        final boolean shortcut = this.shortcut;
        double virial = 0.0, pot = energy ? sums[0] : 0.0, field = energy ? sums[1] : 0.0;
        long interacting = 0;
        for (int i = rowFrom; i < rowTo; i++) {
            int a = FRAME * i, wa = PER_MOLECULE * (i - rowFrom);
            double ah1x = frames[a], ah1y = frames[a + 1], ah1z = frames[a + 2];
            double aox = frames[a + 3], aoy = frames[a + 4], aoz = frames[a + 5];
            double ah2x = frames[a + 6], ah2y = frames[a + 7], ah2z = frames[a + 8];
            double amx = frames[a + 9], amy = frames[a + 10], amz = frames[a + 11];
            double reachA = cutoff + reach[i] + MARGIN;
            // The row molecule's forces, H1 O H2 by x y z.
            double fh1x = 0, fh1y = 0, fh1z = 0, fox = 0, foy = 0, foz = 0, fh2x = 0, fh2y = 0, fh2z = 0;
            if (!energy) {
                fh1x = window[wa];
                fh1y = window[wa + 1];
                fh1z = window[wa + 2];
                fox = window[wa + 3];
                foy = window[wa + 4];
                foz = window[wa + 5];
                fh2x = window[wa + 6];
                fh2y = window[wa + 7];
                fh2z = window[wa + 8];
            }
            int last = i + layout.partners(i);
            for (int j = i + 1; j <= last; j++) {
                int mb = j < n ? j : j - n;
                int b = FRAME * mb;
                double bmx = frames[b + 9], bmy = frames[b + 10], bmz = frames[b + 11];
                // Row site less partner site, each component at its nearest image: M-M first.
                double x0 = image(amx - bmx, h, box), y0 = image(amy - bmy, h, box), z0 = image(amz - bmz, h, box);
                double r0 = x0 * x0 + y0 * y0 + z0 * z0;
                double bound = reachA + reach[mb];
                if (shortcut && r0 > bound * bound) {
                    continue;
                }
                double bh1x = frames[b], bh1y = frames[b + 1], bh1z = frames[b + 2];
                double bh2x = frames[b + 6], bh2y = frames[b + 7], bh2z = frames[b + 8];
                // M-H1, M-H2, H1-M, H2-M
                double x1 = image(amx - bh1x, h, box), y1 = image(amy - bh1y, h, box), z1 = image(amz - bh1z, h, box);
                double x2 = image(amx - bh2x, h, box), y2 = image(amy - bh2y, h, box), z2 = image(amz - bh2z, h, box);
                double x3 = image(ah1x - bmx, h, box), y3 = image(ah1y - bmy, h, box), z3 = image(ah1z - bmz, h, box);
                double x4 = image(ah2x - bmx, h, box), y4 = image(ah2y - bmy, h, box), z4 = image(ah2z - bmz, h, box);
                // H1-H1, H1-H2, H2-H1, H2-H2
                double x5 = image(ah1x - bh1x, h, box), y5 = image(ah1y - bh1y, h, box), z5 = image(ah1z - bh1z, h, box);
                double x6 = image(ah1x - bh2x, h, box), y6 = image(ah1y - bh2y, h, box), z6 = image(ah1z - bh2z, h, box);
                double x7 = image(ah2x - bh1x, h, box), y7 = image(ah2y - bh1y, h, box), z7 = image(ah2z - bh1z, h, box);
                double x8 = image(ah2x - bh2x, h, box), y8 = image(ah2y - bh2y, h, box), z8 = image(ah2z - bh2z, h, box);
                double r1 = x1 * x1 + y1 * y1 + z1 * z1, r2 = x2 * x2 + y2 * y2 + z2 * z2;
                double r3 = x3 * x3 + y3 * y3 + z3 * z3, r4 = x4 * x4 + y4 * y4 + z4 * z4;
                double r5 = x5 * x5 + y5 * y5 + z5 * z5, r6 = x6 * x6 + y6 * y6 + z6 * z6;
                double r7 = x7 * x7 + y7 * y7 + z7 * z7, r8 = x8 * x8 + y8 * y8 + z8 * z8;
                int outside = (r0 > cut2 ? 1 : 0) + (r1 > cut2 ? 1 : 0) + (r2 > cut2 ? 1 : 0) + (r3 > cut2 ? 1 : 0)
                        + (r4 > cut2 ? 1 : 0) + (r5 > cut2 ? 1 : 0) + (r6 > cut2 ? 1 : 0) + (r7 > cut2 ? 1 : 0)
                        + (r8 > cut2 ? 1 : 0);
                if (outside == 9) {
                    continue;
                }
                // O-O, O-H1, O-H2, H1-O, H2-O: needed only when all nine charge distances are inside.
                boolean all = outside == 0;
                double x9 = 0, y9 = 0, z9 = 0, x10 = 0, y10 = 0, z10 = 0, x11 = 0, y11 = 0, z11 = 0;
                double x12 = 0, y12 = 0, z12 = 0, x13 = 0, y13 = 0, z13 = 0, l9 = 0, l10 = 0, l11 = 0, l12 = 0, l13 = 0;
                if (all) {
                    double box1 = frames[b + 3], boy = frames[b + 4], boz = frames[b + 5];
                    x9 = image(aox - box1, h, box);
                    y9 = image(aoy - boy, h, box);
                    z9 = image(aoz - boz, h, box);
                    x10 = image(aox - bh1x, h, box);
                    y10 = image(aoy - bh1y, h, box);
                    z10 = image(aoz - bh1z, h, box);
                    x11 = image(aox - bh2x, h, box);
                    y11 = image(aoy - bh2y, h, box);
                    z11 = image(aoz - bh2z, h, box);
                    x12 = image(ah1x - box1, h, box);
                    y12 = image(ah1y - boy, h, box);
                    z12 = image(ah1z - boz, h, box);
                    x13 = image(ah2x - box1, h, box);
                    y13 = image(ah2y - boy, h, box);
                    z13 = image(ah2z - boz, h, box);
                    l9 = Math.sqrt(x9 * x9 + y9 * y9 + z9 * z9);
                    l10 = Math.sqrt(x10 * x10 + y10 * y10 + z10 * z10);
                    l11 = Math.sqrt(x11 * x11 + y11 * y11 + z11 * z11);
                    l12 = Math.sqrt(x12 * x12 + y12 * y12 + z12 * z12);
                    l13 = Math.sqrt(x13 * x13 + y13 * y13 + z13 * z13);
                }
                if (energy) {
                    // Beyond the cutoff a charge pair counts as at the cutoff.
                    double l0 = r0 <= cut2 ? Math.sqrt(r0) : cutoff, s0 = Math.min(r0, cut2);
                    double l1 = r1 <= cut2 ? Math.sqrt(r1) : cutoff, s1 = Math.min(r1, cut2);
                    double l2 = r2 <= cut2 ? Math.sqrt(r2) : cutoff, s2 = Math.min(r2, cut2);
                    double l3 = r3 <= cut2 ? Math.sqrt(r3) : cutoff, s3 = Math.min(r3, cut2);
                    double l4 = r4 <= cut2 ? Math.sqrt(r4) : cutoff, s4 = Math.min(r4, cut2);
                    double l5 = r5 <= cut2 ? Math.sqrt(r5) : cutoff, s5 = Math.min(r5, cut2);
                    double l6 = r6 <= cut2 ? Math.sqrt(r6) : cutoff, s6 = Math.min(r6, cut2);
                    double l7 = r7 <= cut2 ? Math.sqrt(r7) : cutoff, s7 = Math.min(r7, cut2);
                    double l8 = r8 <= cut2 ? Math.sqrt(r8) : cutoff, s8 = Math.min(r8, cut2);
                    pot = pot - QQ2 / l1 - QQ2 / l2 - QQ2 / l3 - QQ2 / l4
                            + QQ / l5 + QQ / l6 + QQ / l7 + QQ / l8 + QQ4 / l0;
                    field = field - ref2 * s0 - ref1 * ((s5 + s6 + s7 + s8) * 0.5 - s1 - s2 - s3 - s4);
                    if (all) {
                        pot = pot + A1 * PortableExp.exp(-B1 * l9)
                                + A2 * (PortableExp.exp(-B2 * l5) + PortableExp.exp(-B2 * l6) + PortableExp.exp(-B2 * l7) + PortableExp.exp(-B2 * l8))
                                + A3 * (PortableExp.exp(-B3 * l10) + PortableExp.exp(-B3 * l11) + PortableExp.exp(-B3 * l12) + PortableExp.exp(-B3 * l13))
                                - A4 * (PortableExp.exp(-B4 * l10) + PortableExp.exp(-B4 * l11) + PortableExp.exp(-B4 * l12) + PortableExp.exp(-B4 * l13));
                    }
                    continue;
                }
                interacting++;
                // Force over distance for each site pair: reaction-field Coulomb between charges inside the
                // cutoff (M carries -2q, H +q), then the repulsions when all nine are inside.
                double f0 = r0 < cut2 ? QQ4 / (r0 * Math.sqrt(r0)) + ref4 : 0.0;
                double f1 = r1 < cut2 ? -QQ2 / (r1 * Math.sqrt(r1)) - ref2 : 0.0;
                double f2 = r2 < cut2 ? -QQ2 / (r2 * Math.sqrt(r2)) - ref2 : 0.0;
                double f3 = r3 < cut2 ? -QQ2 / (r3 * Math.sqrt(r3)) - ref2 : 0.0;
                double f4 = r4 < cut2 ? -QQ2 / (r4 * Math.sqrt(r4)) - ref2 : 0.0;
                double l5 = Math.sqrt(r5), l6 = Math.sqrt(r6), l7 = Math.sqrt(r7), l8 = Math.sqrt(r8);
                double f5 = r5 <= cut2 ? QQ / (r5 * l5) + ref1 : 0.0;
                double f6 = r6 <= cut2 ? QQ / (r6 * l6) + ref1 : 0.0;
                double f7 = r7 <= cut2 ? QQ / (r7 * l7) + ref1 : 0.0;
                double f8 = r8 <= cut2 ? QQ / (r8 * l8) + ref1 : 0.0;
                virial = virial + f0 * r0 + f1 * r1 + f5 * r5 + f2 * r2 + f6 * r6 + f3 * r3 + f7 * r7
                        + f4 * r4 + f8 * r8;
                double f9 = 0, f10 = 0, f11 = 0, f12 = 0, f13 = 0;
                if (all) {
                    f9 = AB1 * PortableExp.exp(-B1 * l9) / l9;
                    double hh5 = AB2 * PortableExp.exp(-B2 * l5) / l5, hh6 = AB2 * PortableExp.exp(-B2 * l6) / l6;
                    double hh7 = AB2 * PortableExp.exp(-B2 * l7) / l7, hh8 = AB2 * PortableExp.exp(-B2 * l8) / l8;
                    f5 = f5 + hh5;
                    f6 = f6 + hh6;
                    f7 = f7 + hh7;
                    f8 = f8 + hh8;
                    f10 = (AB3 * PortableExp.exp(-B3 * l10) - AB4 * PortableExp.exp(-B4 * l10)) / l10;
                    f11 = (AB3 * PortableExp.exp(-B3 * l11) - AB4 * PortableExp.exp(-B4 * l11)) / l11;
                    f12 = (AB3 * PortableExp.exp(-B3 * l12) - AB4 * PortableExp.exp(-B4 * l12)) / l12;
                    f13 = (AB3 * PortableExp.exp(-B3 * l13) - AB4 * PortableExp.exp(-B4 * l13)) / l13;
                    virial = virial + f9 * (l9 * l9) + hh5 * r5 + f10 * (l10 * l10) + hh6 * r6 + f11 * (l11 * l11)
                            + hh7 * r7 + f12 * (l12 * l12) + hh8 * r8 + f13 * (l13 * l13);
                }
                // Each term f*d pushes its row site and pulls its partner site; a force on M goes to O and
                // the hydrogens in M's proportions. Component x, then y, then z.
                int wb = PER_MOLECULE * (j - rowFrom);
                double g0 = f0 * x0, g1 = f1 * x1, g2 = f2 * x2, g3 = f3 * x3, g4 = f4 * x4, g5 = f5 * x5;
                double g6 = f6 * x6, g7 = f7 * x7, g8 = f8 * x8, g9 = f9 * x9, g10 = f10 * x10, g11 = f11 * x11;
                double g12 = f12 * x12, g13 = f13 * x13;
                double rowM = g0 + g1 + g2, partnerM = g0 + g3 + g4;
                fh1x += g3 + g5 + g6 + g12 + C2 * rowM;
                fox += g9 + g10 + g11 + C1 * rowM;
                fh2x += g4 + g7 + g8 + g13 + C2 * rowM;
                window[wb] -= g1 + g5 + g7 + g10 + C2 * partnerM;
                window[wb + 3] -= g9 + g12 + g13 + C1 * partnerM;
                window[wb + 6] -= g2 + g6 + g8 + g11 + C2 * partnerM;
                g0 = f0 * y0; g1 = f1 * y1; g2 = f2 * y2; g3 = f3 * y3; g4 = f4 * y4; g5 = f5 * y5;
                g6 = f6 * y6; g7 = f7 * y7; g8 = f8 * y8; g9 = f9 * y9; g10 = f10 * y10; g11 = f11 * y11;
                g12 = f12 * y12; g13 = f13 * y13;
                rowM = g0 + g1 + g2;
                partnerM = g0 + g3 + g4;
                fh1y += g3 + g5 + g6 + g12 + C2 * rowM;
                foy += g9 + g10 + g11 + C1 * rowM;
                fh2y += g4 + g7 + g8 + g13 + C2 * rowM;
                window[wb + 1] -= g1 + g5 + g7 + g10 + C2 * partnerM;
                window[wb + 4] -= g9 + g12 + g13 + C1 * partnerM;
                window[wb + 7] -= g2 + g6 + g8 + g11 + C2 * partnerM;
                g0 = f0 * z0; g1 = f1 * z1; g2 = f2 * z2; g3 = f3 * z3; g4 = f4 * z4; g5 = f5 * z5;
                g6 = f6 * z6; g7 = f7 * z7; g8 = f8 * z8; g9 = f9 * z9; g10 = f10 * z10; g11 = f11 * z11;
                g12 = f12 * z12; g13 = f13 * z13;
                rowM = g0 + g1 + g2;
                partnerM = g0 + g3 + g4;
                fh1z += g3 + g5 + g6 + g12 + C2 * rowM;
                foz += g9 + g10 + g11 + C1 * rowM;
                fh2z += g4 + g7 + g8 + g13 + C2 * rowM;
                window[wb + 2] -= g1 + g5 + g7 + g10 + C2 * partnerM;
                window[wb + 5] -= g9 + g12 + g13 + C1 * partnerM;
                window[wb + 8] -= g2 + g6 + g8 + g11 + C2 * partnerM;
            }
            if (!energy) {
                window[wa] = fh1x;
                window[wa + 1] = fh1y;
                window[wa + 2] = fh1z;
                window[wa + 3] = fox;
                window[wa + 4] = foy;
                window[wa + 5] = foz;
                window[wa + 6] = fh2x;
                window[wa + 7] = fh2y;
                window[wa + 8] = fh2z;
            }
        }
        this.interacting += interacting;
        if (energy) {
            sums[0] = pot;
            sums[1] = field;
        }
        return virial;
    }

    /** The original's nearest image of one component: a box length off when beyond half a box. */
    static double image(double d, double half, double box) {
        if (d > half) {
            return d - box;
        }
        if (d < -half) {
            return d + box;
        }
        return d;
    }
}
