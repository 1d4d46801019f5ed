package io.stormsim.water;

import static io.stormsim.water.PairKernel.FRAME;
import static io.stormsim.water.PairKernel.image;

import java.util.ArrayList;
import java.util.List;

/**
 * The O-O, O-H and H-H radial distribution functions of Water states: pair counts in {@code bins} bins of
 * width range/bins on [0, range), and g(r) from counts summed over samples (time steps).
 *
 * <p>What is counted: atoms of different molecules only (a molecule's own O-H bonds would swamp the first
 * bins). A pair of molecules (i, j) gives its O-O pair, four O-H pairs (O of i with each H of j, and O of j
 * with each H of i) and four H-H pairs. Pairs of molecules are visited as the force phase visits them, row i
 * with its partners i+1..i+partners(i) cyclically ({@link MoleculeBlocks#partners}): every pair once over all
 * rows. A partition counts its own rows' pairs, so the partitions' counts add up, in exact integers and in
 * any order, to the same counts at any partition count.
 *
 * <p>Distances are minimum-image: each component taken to its nearest periodic image as the force phase takes
 * it. The range is the cutoff, but at most half the box: within half a box every pair has exactly one image, so
 * each shell is a whole sphere's shell and is counted once.
 *
 * <p>Normalisation: g_ab in bin k = counts / (samples * P_ab * shell_k / V), with r_k = k range/bins, shell_k =
 * 4 pi/3 (r_(k+1)^3 - r_k^3), V = box^3, and P_ab the pairs of that type counted a sample: N(N-1)/2 for O-O
 * (unordered: a == b counts each pair once), 2N(N-1) for O-H, 2N(N-1) for H-H (of the N(2N-1) pairs of 2N
 * hydrogens, less the N within molecules). The denominator is what atoms placed uniformly and independently (an
 * ideal gas) would give on average, so g tends to 1 at large r without the N/(N-1) bias of the textbook
 * V/(N_a N_b), which this is times N/(N-1). Each value is reported at its bin's centre, (k + 1/2) range/bins.
 */
public final class Rdf {
    public static final int OO = 0, OH = 1, HH = 2, TYPES = 3;
    public static final String CSV_HEADER = "r,g_OO,g_OH,g_HH";
    /** Pair type of site a of the row molecule with site b of its partner (H1, O, H2 each): 3 a + b. */
    private static final int[] TYPE = {HH, OH, HH, OH, OO, OH, HH, OH, HH};
    private static final double MARGIN = 1e-6;

    public final int molecules, bins;
    public final double box, range;
    private final double half, rangeSquared, perLength;

    /** The RDF of runs with {@code c}'s molecules, box and cutoff, in {@code bins} bins (at least one). */
    public Rdf(RunConstants c, int bins) {
        if (bins < 1) {
            throw new IllegalArgumentException("bins = " + bins + " is not allowed: must be >= 1");
        }
        if (c.molecules < 2) {
            throw new IllegalArgumentException("molecules = " + c.molecules + ": a radial distribution needs"
                    + " at least two molecules");
        }
        this.molecules = c.molecules;
        this.bins = bins;
        this.box = c.boxLength;
        this.half = c.halfBox;
        this.range = Math.min(c.cutoff, c.halfBox);
        this.rangeSquared = range * range;
        this.perLength = bins / range;
    }

    /** Zero counts: TYPES rows of {@link #bins}, type t's bin k at t bins + k. */
    public long[] newCounts() {
        return new long[TYPES * bins];
    }

    /**
     * The bin of a squared distance, or -1 beyond the range; the square root's rounding may put a distance
     * just short of the range at bins, which counts in the last bin.
     */
    public int bin(double squaredDistance) {
        return squaredDistance < rangeSquared ? Math.min(bins - 1, (int) (Math.sqrt(squaredDistance) * perLength)) : -1;
    }

    /**
     * Adds to {@code counts} the pairs of rows [rowFrom, rowTo) with their partners, read from {@code frames}
     * (12 doubles a molecule, H1 O H2 M, indexed by molecule number: those of the rows and all their partners).
     *
     * <p>Most pairs of molecules lie beyond the range, so a pair is first judged by its O-O distance: beyond the
     * range plus twice the largest O-H distance of the molecules read (and a margin, 1e-6 A, far above the
     * distances' rounding), no atom pair is within the range, for the reason {@link PairKernel} gives for its
     * M-M test, which holds while every coordinate read lies within 1.5 boxes of the others (else every pair is
     * judged in full). Without it the pass cost more than the step's forces at 4096 molecules.
     */
    public void count(double[] frames, MoleculeBlocks layout, int rowFrom, int rowTo, long[] counts) {
        int n = layout.molecules;
        double skip = skipBeyond(frames, n, rowFrom, Math.min(rowFrom + n, rowTo + layout.half));
        for (int i = rowFrom; i < rowTo; i++) {
            int a = FRAME * i, last = i + layout.partners(i);
            double aox = frames[a + 3], aoy = frames[a + 4], aoz = frames[a + 5];
            for (int j = i + 1; j <= last; j++) {
                int b = FRAME * (j < n ? j : j - n);
                double x = image(aox - frames[b + 3], half, box), y = image(aoy - frames[b + 4], half, box);
                double z = image(aoz - frames[b + 5], half, box);
                double oo = x * x + y * y + z * z;
                if (oo > skip) {
                    continue;
                }
                for (int sa = 0; sa < 3; sa++) {
                    double ax = frames[a + 3 * sa], ay = frames[a + 3 * sa + 1], az = frames[a + 3 * sa + 2];
                    for (int sb = 0; sb < 3; sb++) {
                        x = image(ax - frames[b + 3 * sb], half, box);
                        y = image(ay - frames[b + 3 * sb + 1], half, box);
                        z = image(az - frames[b + 3 * sb + 2], half, box);
                        int k = bin(x * x + y * y + z * z);
                        if (k >= 0) {
                            counts[TYPE[3 * sa + sb] * bins + k]++;
                        }
                    }
                }
            }
        }
    }

    /**
     * The squared O-O distance beyond which a pair of molecules [from, end) (unwrapped: past NMOL from 0 again)
     * has no atom pair within the range, or infinity when the coordinates span more than 1.5 boxes.
     */
    private double skipBeyond(double[] frames, int n, int from, int end) {
        double reach = 0.0;
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int u = from; u < end; u++) {
            int f = FRAME * (u < n ? u : u - n);
            for (int s = 0; s < 3; s++) {
                double ex = frames[f + 3 * s] - frames[f + 3], ey = frames[f + 3 * s + 1] - frames[f + 4];
                double ez = frames[f + 3 * s + 2] - frames[f + 5];
                reach = Math.max(reach, ex * ex + ey * ey + ez * ez);
                for (int d = 0; d < 3; d++) {
                    lo[d] = Math.min(lo[d], frames[f + 3 * s + d]);
                    hi[d] = Math.max(hi[d], frames[f + 3 * s + d]);
                }
            }
        }
        double limit = 1.5 * box * (1 - 1e-12), bound = range + 2 * Math.sqrt(reach) + MARGIN;
        // NaN spans (a broken state) fail the test too, turning the shortcut off.
        return hi[0] - lo[0] <= limit && hi[1] - lo[1] <= limit && hi[2] - lo[2] <= limit ? bound * bound
                : Double.POSITIVE_INFINITY;
    }

    /** The centre of bin k. */
    public double radius(int k) {
        return (k + 0.5) * range / bins;
    }

    /** g of {@code counts} summed over {@code samples} states: type t's bin k at t bins + k. */
    public double[] g(long[] counts, long samples) {
        if (counts.length != TYPES * bins || samples < 1) {
            throw new IllegalArgumentException(counts.length + " counts over " + samples + " samples: must be "
                    + TYPES * bins + " counts (" + bins + " bins of " + TYPES + " types) over at least one sample");
        }
        double n = molecules, volume = box * box * box, width = range / bins;
        double[] pairs = {n * (n - 1) / 2, 2 * n * (n - 1), 2 * n * (n - 1)};
        double[] g = new double[counts.length];
        for (int k = 0; k < bins; k++) {
            double lo = k * width, hi = (k + 1) * width;
            double shell = 4.0 * Math.PI / 3.0 * (hi * hi * hi - lo * lo * lo);
            for (int t = 0; t < TYPES; t++) {
                g[t * bins + k] = counts[t * bins + k] / (samples * pairs[t] * shell / volume);
            }
        }
        return g;
    }

    /**
     * g as CSV lines: the header {@value #CSV_HEADER}, then a row per bin (its centre, then g of each type, at
     * full precision: Java's shortest decimal that reads back to the same double).
     */
    public List<String> csv(long[] counts, long samples) {
        double[] g = g(counts, samples);
        List<String> lines = new ArrayList<>(bins + 1);
        lines.add(CSV_HEADER);
        for (int k = 0; k < bins; k++) {
            lines.add(radius(k) + "," + g[OO * bins + k] + "," + g[OH * bins + k] + "," + g[HH * bins + k]);
        }
        return lines;
    }
}
