package io.stormsim.water;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.stormsim.water.WaterModel.*;

/**
 * One partition of a Water run: the Gear state of its molecules (a contiguous run of whole blocks) and
 * the phases of a step as seen by it, each the work of one phase bolt between two exchanges, without
 * Storm. A step is: {@link #predict}, {@link #intramolecular}, exchange of {@link #framesFor},
 * {@link #intermolecular}, exchange of the force updates, {@link #correct}, {@link #boundary},
 * {@link #kinetic}, and on printing steps (or RDF samples) another exchange of frames ({@link #receiveFrames}) and
 * {@link #potential} (or {@link #countPairs}).
 *
 * <p>Why the results do not depend on the partitioning: every pair is computed once, by the owner of
 * its row molecule, and its forces go into the partial sums of the row's block (rows and partners in a
 * fixed order). Blocks depend only on NMOL ({@link MoleculeBlocks}), and block partials are combined
 * along a fixed binary tree over the blocks: a node's sum is its children's, added where both reach a
 * molecule. A partition sums the largest tree nodes inside its blocks and sends each destination those
 * node sums on its molecules; the destination finishes the same tree. So every force is the same
 * sequence of additions whichever partition makes them, and a destination receives one partial per
 * molecule and piece, O(log blocks) pieces, about what plain per-molecule forces would cost (a fold in
 * block order would send one partial per sending block: 16 times the volume at 4096 molecules on two
 * partitions). Scalar sums (virial, kinetic and potential energies) are per block, folded in block
 * order by {@link BlockPartials#fold}. Exact summation of each pair's 18 force terms was the
 * alternative; it would cost more in the pair loop than the pairs' own arithmetic.
 */
public final class WaterPartition {
    public final RunConstants constants;
    public final MoleculeBlocks layout;
    public final int partition, partitions;
    /** Own blocks [firstBlock, endBlock) and molecules [from, to). */
    public final int firstBlock, endBlock, from, to;
    private final int count;
    /** Gear derivatives of own molecules: x[k][9 (m - from) + 3 atom + component]. */
    private final double[][] x;
    /** Intramolecular forces, then the scaled accelerations the corrector uses. */
    private final double[] force;
    private final double[] inter;
    /** Frames of every molecule this partition sees, indexed by molecule number. */
    private final double[] frames;
    /** Per own block: the partial force sums of its window (9 doubles a molecule). */
    private final double[][] windows;
    private final PairKernel kernel;
    private final int[] overlap = new int[9];
    /** The tree nodes this partition sums, pairs (lo, hi), and their sums of the current step. */
    private final int[] pieces;
    private final double[][] pieceSums;
    /** Marks of the molecules whose frames arrived in the current exchange. */
    private final int[] seen;
    private int stamp;
    /** Whether the frames of others' molecules are those of the positions own frames hold (received since). */
    private boolean framesCurrent;

    /**
     * A partition holding its slice of the global derivatives {@code all} ([order+1][9 NMOL]).
     */
    public WaterPartition(RunConstants constants, int partition, int partitions, double[][] all) {
        this.constants = constants;
        this.layout = new MoleculeBlocks(constants.molecules);
        layout.checkPartition(partition, partitions);
        this.partition = partition;
        this.partitions = partitions;
        this.firstBlock = layout.firstBlock(partition, partitions);
        this.endBlock = partition + 1 == partitions ? layout.blocks : layout.firstBlock(partition + 1, partitions);
        this.from = layout.blockStart(firstBlock);
        this.to = layout.blockStart(endBlock);
        this.count = to - from;
        if (all.length != constants.order + 1) {
            throw new IllegalArgumentException("derivatives: " + all.length + " orders given, NORDER = "
                    + constants.order + " needs " + (constants.order + 1));
        }
        x = new double[all.length][];
        for (int k = 0; k < all.length; k++) {
            x[k] = Arrays.copyOfRange(all[k], PER_MOLECULE * from, PER_MOLECULE * to);
        }
        force = new double[PER_MOLECULE * count];
        inter = new double[PER_MOLECULE * count];
        frames = new double[PairKernel.FRAME * constants.molecules];
        windows = new double[endBlock - firstBlock][];
        for (int b = firstBlock; b < endBlock; b++) {
            windows[b - firstBlock] = new double[PER_MOLECULE * layout.windowLength(b)];
        }
        kernel = new PairKernel(constants, layout);
        seen = new int[constants.molecules];
        pieces = layout.pieces(partition, partitions);
        pieceSums = new double[pieces.length / 2][];
    }

    /** Copies this partition's derivatives into their places in {@code all} ([order+1][9 NMOL]). */
    public void copyDerivativesTo(double[][] all) {
        for (int k = 0; k < x.length; k++) {
            System.arraycopy(x[k], 0, all[k], PER_MOLECULE * from, x[k].length);
        }
    }

    /** Pairs the intermolecular phases of this partition found within the cutoff, since it was made. */
    public long interactingPairs() {
        return kernel.interactingPairs();
    }

    /** Predictor phase. */
    public void predict() {
        Gear.predict(x, constants.order, 0, PER_MOLECULE * count);
    }

    /**
     * Intramolecular phase: forces within each own molecule at the predicted positions, and the frames
     * the pair phase needs. Returns the intramolecular virial per own block.
     */
    public BlockPartials intramolecular() {
        Intramolecular.forces(x[0], force, 0, count);
        updateFrames();
        double[] virial = new double[endBlock - firstBlock];
        for (int b = firstBlock; b < endBlock; b++) {
            virial[b - firstBlock] = Intramolecular.virial(x[0], force, layout.blockStart(b) - from,
                    layout.blockStart(b + 1) - from);
        }
        return new BlockPartials(firstBlock, 1, virial);
    }

    /**
     * The frames of own molecules that partition {@code receiver}'s rows reach (none for itself); empty
     * exactly when {@link MoleculeBlocks#sendsFrames} says this partition sends the receiver nothing.
     */
    public Frames framesFor(int receiver) {
        if (receiver == partition) {
            return new Frames(new int[0], new int[0], new double[0]);
        }
        int segments = layout.overlap(layout.partitionStart(receiver, partitions),
                layout.reachedLength(receiver, partitions), from, to, overlap);
        int[] first = new int[segments], n = new int[segments];
        int total = 0;
        for (int s = 0; s < segments; s++) {
            first[s] = overlap[3 * s + 1];
            n[s] = overlap[3 * s + 2];
            total += n[s];
        }
        double[] values = new double[PairKernel.FRAME * total];
        int v = 0;
        for (int s = 0; s < segments; s++) {
            System.arraycopy(frames, PairKernel.FRAME * first[s], values, v, PairKernel.FRAME * n[s]);
            v += PairKernel.FRAME * n[s];
        }
        return new Frames(first, n, values);
    }

    /**
     * Copies received frames into place, checking that they are exactly the molecules this partition's
     * rows reach beyond its own, each once: a missing or repeated message is an error, not a wrong force.
     */
    private void receive(List<Frames> received) {
        int n = layout.molecules, reached = layout.reachedLength(partition, partitions);
        stamp++;
        int molecules = 0;
        for (Frames f : received) {
            int v = 0;
            for (int s = 0; s < f.first().length; s++) {
                for (int m = f.first()[s]; m < f.first()[s] + f.count()[s]; m++) {
                    int offset = m - from < 0 ? m - from + n : m - from;
                    if (m < 0 || m >= n || offset < count || offset >= reached || seen[m] == stamp) {
                        throw new IllegalArgumentException("frames of molecule " + m + " received by partition "
                                + partition + (m >= 0 && m < n && seen[m] == stamp ? " twice" : ", whose rows reach "
                                + "molecules " + from + ".." + (from + reached - 1) + " (mod " + n + ") of which "
                                + from + ".." + (to - 1) + " are its own"));
                    }
                    seen[m] = stamp;
                }
                molecules += f.count()[s];
                System.arraycopy(f.values(), v, frames, PairKernel.FRAME * f.first()[s],
                        PairKernel.FRAME * f.count()[s]);
                v += PairKernel.FRAME * f.count()[s];
            }
        }
        if (molecules != reached - count) {
            throw new IllegalArgumentException("partition " + partition + " received frames of " + molecules
                    + " molecules, its rows need " + (reached - count) + ": a frames message is missing");
        }
        framesCurrent = true;
    }

    /**
     * After {@link #boundary} (or the start): the frames the other partitions sent of their molecules this
     * partition's rows reach ({@link #framesFor}), which {@link #potential} and {@link #countPairs} read.
     */
    public void receiveFrames(List<Frames> received) {
        receive(received);
    }

    private void requireCurrentFrames(String phase) {
        if (!framesCurrent) {
            throw new IllegalStateException(phase + " of partition " + partition + " needs the other partitions'"
                    + " frames of the current positions: receiveFrames first");
        }
    }

    /** What the intermolecular phase sends: a force update per destination partition, and the virial. */
    public record Intermolecular(ForceUpdate[] updates, BlockPartials virial) {
    }

    /**
     * Intermolecular phase: every pair whose row molecule is own, given the frames received from the
     * partitions holding the partners. Returns one force update per other partition (indexed by
     * partition; empty for this one, whose own share stays here for {@link #correct}, and for those
     * {@link MoleculeBlocks#sendsForces} excludes) and the pairs' virial per own block.
     */
    public Intermolecular intermolecular(List<Frames> received) {
        receive(received);
        kernel.prepare(frames);
        double[] virial = new double[endBlock - firstBlock];
        for (int b = firstBlock; b < endBlock; b++) {
            double[] w = windows[b - firstBlock];
            Arrays.fill(w, 0.0);
            virial[b - firstBlock] = kernel.forces(frames, layout.blockStart(b), layout.blockStart(b + 1), w);
        }
        for (int k = 0; k < pieceSums.length; k++) {
            pieceSums[k] = nodeSum(pieces[2 * k], pieces[2 * k + 1]);
        }
        ForceUpdate[] updates = new ForceUpdate[partitions];
        for (int q = 0; q < partitions; q++) {
            updates[q] = q == partition ? ForceUpdate.empty() : updateFor(q);
        }
        return new Intermolecular(updates, new BlockPartials(firstBlock, 1, virial));
    }

    /**
     * The sum of own blocks [lo, hi) along the tree, over their window [blockStart(lo), windowEnd): a
     * leaf is its block's window; a node adds its children where both reach and takes the one that
     * reaches elsewhere.
     */
    private double[] nodeSum(int lo, int hi) {
        if (hi - lo == 1) {
            return windows[lo - firstBlock];
        }
        int mid = (lo + hi) >>> 1;
        double[] left = nodeSum(lo, mid), right = nodeSum(mid, hi);
        int start = layout.blockStart(lo), rightStart = layout.blockStart(mid);
        int leftEnd = layout.windowEnd(lo, mid), rightEnd = layout.windowEnd(mid, hi);
        double[] sum = new double[PER_MOLECULE * (Math.max(leftEnd, rightEnd) - start)];
        System.arraycopy(left, 0, sum, 0, left.length);
        int shift = PER_MOLECULE * (rightStart - start), both = PER_MOLECULE * (leftEnd - rightStart);
        for (int e = 0; e < right.length; e++) {
            sum[shift + e] = e < both ? sum[shift + e] + right[e] : right[e];
        }
        return sum;
    }

    private ForceUpdate updateFor(int q) {
        int qf = layout.partitionStart(q, partitions), qt = layout.partitionStart(q + 1, partitions);
        int segments = 0, molecules = 0;
        for (int k = 0; k < pieceSums.length; k++) {
            int start = layout.blockStart(pieces[2 * k]);
            int s = layout.overlap(start, pieceSums[k].length / PER_MOLECULE, qf, qt, overlap);
            segments += s;
            for (int t = 0; t < s; t++) {
                molecules += overlap[3 * t + 2];
            }
        }
        int[] lo = new int[segments], hi = new int[segments], position = new int[segments], n = new int[segments];
        double[] values = new double[PER_MOLECULE * molecules];
        int seg = 0, v = 0;
        for (int k = 0; k < pieceSums.length; k++) {
            int start = layout.blockStart(pieces[2 * k]);
            int s = layout.overlap(start, pieceSums[k].length / PER_MOLECULE, qf, qt, overlap);
            for (int t = 0; t < s; t++) {
                lo[seg] = pieces[2 * k];
                hi[seg] = pieces[2 * k + 1];
                position[seg] = start + overlap[3 * t];
                n[seg] = overlap[3 * t + 2];
                System.arraycopy(pieceSums[k], PER_MOLECULE * overlap[3 * t], values, v, PER_MOLECULE * n[seg]);
                v += PER_MOLECULE * n[seg];
                seg++;
            }
        }
        return new ForceUpdate(lo, hi, position, n, values);
    }

    /**
     * The intermolecular forces on own molecules into {@link #inter}: the tree's root sum, combined from
     * this partition's pieces and the received ones, at each unwrapped position of an own molecule
     * (molecule m at m and m + NMOL), those two then added in that order. The tree and the windows
     * depend only on NMOL, so the additions are the same whatever the partitioning.
     */
    private void sumUpdates(List<ForceUpdate> received) {
        Map<Long, double[]> parts = new HashMap<>();
        for (ForceUpdate u : received) {
            int v = 0;
            for (int s = 0; s < u.lo().length; s++) {
                int lo = u.lo()[s], hi = u.hi()[s];
                if (lo < 0 || hi > layout.blocks || lo >= hi || (lo < endBlock && hi > firstBlock)) {
                    throw new IllegalArgumentException("force update from blocks " + lo + ".." + (hi - 1)
                            + " received by partition " + partition + ", which owns blocks " + firstBlock + ".."
                            + (endBlock - 1) + " of " + layout.blocks);
                }
                double[] atOwn = parts.computeIfAbsent(node(lo, hi), k -> newOwnPositions());
                for (int e = 0; e < u.count()[s]; e++) {
                    int p = u.position()[s] + e, copy = p / layout.molecules, m = p - copy * layout.molecules;
                    if (m < from || m >= to || copy > 1) {
                        throw new IllegalArgumentException("force update for molecule " + m + " (position " + p
                                + ") sent to partition " + partition + " which holds " + from + ".." + (to - 1));
                    }
                    int into = PER_MOLECULE * (copy * count + m - from);
                    if (!Double.isNaN(atOwn[into])) {
                        throw new IllegalArgumentException("force partials of blocks " + lo + ".." + (hi - 1)
                                + " for position " + p + " received twice by partition " + partition);
                    }
                    System.arraycopy(u.values(), v + PER_MOLECULE * e, atOwn, into, PER_MOLECULE);
                }
                v += PER_MOLECULE * u.count()[s];
            }
        }
        for (int k = 0; k < pieceSums.length; k++) {
            int lo = pieces[2 * k], start = layout.blockStart(lo);
            double[] atOwn = newOwnPositions();
            for (int copy = 0; copy < 2; copy++) {
                for (int m = from; m < to; m++) {
                    int w = m + copy * layout.molecules - start;
                    if (w >= 0 && w < pieceSums[k].length / PER_MOLECULE) {
                        System.arraycopy(pieceSums[k], PER_MOLECULE * w, atOwn, PER_MOLECULE * (copy * count + m - from),
                                PER_MOLECULE);
                    }
                }
            }
            parts.put(node(lo, pieces[2 * k + 1]), atOwn);
        }
        double[] root = combine(0, layout.blocks, parts);
        int rootEnd = layout.windowEnd(0, layout.blocks);
        Arrays.fill(inter, 0.0);
        for (int copy = 0; copy < 2; copy++) {
            for (int m = from; m < to; m++) {
                if (m + copy * layout.molecules < rootEnd) {
                    int e = PER_MOLECULE * (m - from), r = PER_MOLECULE * (copy * count + m - from);
                    for (int d = 0; d < PER_MOLECULE; d++) {
                        inter[e + d] += root[r + d];
                    }
                }
            }
        }
    }

    private static long node(int lo, int hi) {
        return ((long) lo << 32) | hi;
    }

    /**
     * Values at own positions (two copies of own molecules), NaN where nothing has arrived (so a NaN
     * force, a broken state, is reported as a missing partial).
     */
    private double[] newOwnPositions() {
        double[] a = new double[2 * PER_MOLECULE * count];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    /**
     * A tree node's sum at own positions: a piece as given (a piece whose window reaches own positions
     * must have been given in full), else its children combined as {@link #nodeSum} combines them.
     */
    private double[] combine(int lo, int hi, Map<Long, double[]> parts) {
        int start = layout.blockStart(lo), end = layout.windowEnd(lo, hi);
        double[] given = parts.get(node(lo, hi));
        if (given != null || hi - lo == 1) {
            for (int copy = 0; copy < 2; copy++) {
                for (int m = from; m < to; m++) {
                    int p = m + copy * layout.molecules;
                    boolean reached = p >= start && p < end;
                    boolean present = given != null && !Double.isNaN(given[PER_MOLECULE * (copy * count + m - from)]);
                    if (reached != present) {
                        throw new IllegalArgumentException("partition " + partition + (reached ? " lacks" : " got")
                                + " the force partials of blocks " + lo + ".." + (hi - 1) + " for molecule " + m
                                + ": a force update is missing or wrong");
                    }
                }
            }
            return given;
        }
        int mid = (lo + hi) >>> 1;
        double[] left = combine(lo, mid, parts), right = combine(mid, hi, parts);
        int leftEnd = layout.windowEnd(lo, mid), rightStart = layout.blockStart(mid), rightEnd = layout.windowEnd(mid, hi);
        double[] sum = newOwnPositions();
        for (int copy = 0; copy < 2; copy++) {
            for (int m = from; m < to; m++) {
                int p = m + copy * layout.molecules, at = PER_MOLECULE * (copy * count + m - from);
                boolean inLeft = p >= start && p < leftEnd, inRight = p >= rightStart && p < rightEnd;
                for (int d = 0; d < PER_MOLECULE; d++) {
                    sum[at + d] = inLeft && inRight ? left[at + d] + right[at + d]
                            : inLeft ? left[at + d] : inRight ? right[at + d] : Double.NaN;
                }
            }
        }
        return sum;
    }


    /** dt^2/2/m for element e of the flat arrays. */
    private double stepFactor(int e) {
        return (e % PER_MOLECULE) / 3 == O ? constants.oxygenStep : constants.hydrogenStep;
    }

    /** Start of a run: the initial accelerations from the intermolecular forces alone, as the original. */
    public void startAccelerations(List<ForceUpdate> received) {
        sumUpdates(received);
        double[] acceleration = x[2];
        for (int e = 0; e < acceleration.length; e++) {
            acceleration[e] = inter[e] * stepFactor(e);
        }
    }

    /** Corrector phase: total forces (intramolecular plus the received updates) correct the prediction. */
    public void correct(List<ForceUpdate> received) {
        sumUpdates(received);
        for (int e = 0; e < force.length; e++) {
            force[e] = (force[e] + inter[e]) * stepFactor(e);
        }
        Gear.correct(x, force, constants.order, 0, force.length);
    }

    /**
     * Boundary phase: a molecule whose oxygen left the box moves back by a box length, per component;
     * then the frames of the wrapped positions, ready for the potential phase's exchange.
     */
    public void boundary() {
        double[] p = x[0];
        double box = constants.boxLength;
        for (int m = 0; m < count; m++) {
            for (int d = 0; d < 3; d++) {
                int o = PER_MOLECULE * m + 3 * O + d;
                double shift = p[o] > box ? -box : p[o] < 0.00 ? box : 0.0;
                if (shift != 0.0) {
                    p[o - 3] += shift;
                    p[o] += shift;
                    p[o + 3] += shift;
                }
            }
        }
        updateFrames();
    }

    private void updateFrames() {
        framesCurrent = false;
        Intramolecular.frames(x[0], 0, count, frames, PairKernel.FRAME * from);
    }

    /** Kinetic phase: per own block and component, the sum of mass times squared scaled velocity. */
    public BlockPartials kinetic() {
        double[] v = x[1];
        double[] sums = new double[3 * (endBlock - firstBlock)];
        for (int b = firstBlock; b < endBlock; b++) {
            for (int d = 0; d < 3; d++) {
                double s = 0.0;
                for (int m = layout.blockStart(b) - from; m < layout.blockStart(b + 1) - from; m++) {
                    int p = PER_MOLECULE * m + d;
                    double h1 = v[p + 3 * H1], o = v[p + 3 * O], h2 = v[p + 3 * H2];
                    s += (h1 * h1 + h2 * h2) * HYDROGEN_MASS + (o * o) * OXYGEN_MASS;
                }
                sums[3 * (b - firstBlock) + d] = s;
            }
        }
        return new BlockPartials(firstBlock, 3, sums);
    }

    /**
     * Potential phase (after {@link #boundary} and {@link #receiveFrames}): per own block the
     * intramolecular energy, the intermolecular Coulomb-and-repulsion energy and the reaction-field term.
     */
    public BlockPartials potential() {
        requireCurrentFrames("the potential phase");
        kernel.prepare(frames);
        double[] sums = new double[3 * (endBlock - firstBlock)];
        double[] pair = new double[2];
        for (int b = firstBlock; b < endBlock; b++) {
            int bf = layout.blockStart(b), bt = layout.blockStart(b + 1);
            pair[0] = 0.0;
            pair[1] = 0.0;
            kernel.energies(frames, bf, bt, pair);
            int r = 3 * (b - firstBlock);
            sums[r] = Intramolecular.energy(x[0], bf - from, bt - from);
            sums[r + 1] = pair[0];
            sums[r + 2] = pair[1];
        }
        return new BlockPartials(firstBlock, 3, sums);
    }

    /**
     * Adds the radial distribution's pair counts of own rows (each pair of molecules once over all partitions)
     * at the current positions to {@code counts}: after {@link #boundary} (or the start) and {@link #receiveFrames}.
     */
    public void countPairs(Rdf rdf, long[] counts) {
        requireCurrentFrames("counting pairs");
        rdf.count(frames, layout, from, to, counts);
    }
}
