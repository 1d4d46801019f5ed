package io.stormsim.water;

import java.util.Arrays;
import java.util.List;

import static io.stormsim.water.WaterModel.*;

/**
 * One partition of a Water run: the Gear state of its molecules (a contiguous run of whole blocks) and
 * the phases of a step as seen by it, each the work of one phase bolt between two exchanges, without
 * Storm. A step is: {@link #predict}, {@link #intramolecular}, exchange of {@link #framesFor},
 * {@link #intermolecular}, exchange of the force updates, {@link #correct}, {@link #boundary},
 * {@link #kinetic}, and on printing steps another exchange of frames and {@link #potential}.
 *
 * <p>Why the results do not depend on the partitioning: every pair is computed once, by the owner of
 * its row molecule, and its forces go into the partial sums of the row's block; a molecule's total is
 * those partials added in block order. Blocks depend only on NMOL ({@link MoleculeBlocks}), and within
 * a block rows and partners are visited in a fixed order, so every sum is the same sequence of additions
 * whichever partition makes it. Scalar sums (virial, kinetic and potential energies) are likewise per
 * block, folded in block order by {@link BlockPartials#fold}. The alternative, exact summation of each
 * pair's 18 force terms, would cost more in the pair loop than the pairs' own arithmetic; block partials
 * cost one add per molecule per block reaching it, and a message per destination carrying one partial
 * per sending block.
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
    private final int[] overlap = new int[6];

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

    /** The frames of own molecules that partition {@code receiver}'s rows reach (none for itself). */
    public Frames framesFor(int receiver) {
        if (receiver == partition) {
            return new Frames(new int[0], new int[0], new double[0]);
        }
        int rf = layout.partitionStart(receiver, partitions), rt = layout.partitionStart(receiver + 1, partitions);
        int segments = layout.overlap(rf, Math.min(layout.molecules, rt - rf + layout.half), from, to, overlap);
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

    private void receive(List<Frames> received) {
        for (Frames f : received) {
            int v = 0;
            for (int s = 0; s < f.first().length; s++) {
                System.arraycopy(f.values(), v, frames, PairKernel.FRAME * f.first()[s],
                        PairKernel.FRAME * f.count()[s]);
                v += PairKernel.FRAME * f.count()[s];
            }
        }
    }

    /** What the intermolecular phase sends: a force update per destination partition, and the virial. */
    public record Intermolecular(ForceUpdate[] updates, BlockPartials virial) {
    }

    /**
     * Intermolecular phase: every pair whose row molecule is own, given the frames received from the
     * partitions holding the partners. Returns one force update per other partition (indexed by
     * partition; empty for this one, whose own share stays here for {@link #correct}) and the pairs'
     * virial per own block.
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
        ForceUpdate[] updates = new ForceUpdate[partitions];
        for (int q = 0; q < partitions; q++) {
            updates[q] = q == partition ? new ForceUpdate(new int[0], new int[0], new int[0], new double[0])
                    : updateFor(q);
        }
        return new Intermolecular(updates, new BlockPartials(firstBlock, 1, virial));
    }

    private ForceUpdate updateFor(int q) {
        int qf = layout.partitionStart(q, partitions), qt = layout.partitionStart(q + 1, partitions);
        int segments = 0, molecules = 0;
        for (int b = firstBlock; b < endBlock; b++) {
            int s = layout.overlap(layout.blockStart(b), layout.windowLength(b), qf, qt, overlap);
            segments += s;
            for (int k = 0; k < s; k++) {
                molecules += overlap[3 * k + 2];
            }
        }
        int[] block = new int[segments], first = new int[segments], n = new int[segments];
        double[] values = new double[PER_MOLECULE * molecules];
        int seg = 0, v = 0;
        for (int b = firstBlock; b < endBlock; b++) {
            int s = layout.overlap(layout.blockStart(b), layout.windowLength(b), qf, qt, overlap);
            for (int k = 0; k < s; k++) {
                block[seg] = b;
                first[seg] = overlap[3 * k + 1];
                n[seg] = overlap[3 * k + 2];
                System.arraycopy(windows[b - firstBlock], PER_MOLECULE * overlap[3 * k], values, v,
                        PER_MOLECULE * n[seg]);
                v += PER_MOLECULE * n[seg];
                seg++;
            }
        }
        return new ForceUpdate(block, first, n, values);
    }

    /**
     * The partial forces on own molecules, added in block order into {@link #inter}: own blocks' from
     * their windows, other blocks' from the received updates.
     */
    private void sumUpdates(List<ForceUpdate> received) {
        for (ForceUpdate u : received) {
            for (int block : u.block()) {
                if (block < 0 || block >= layout.blocks || (block >= firstBlock && block < endBlock)) {
                    throw new IllegalArgumentException("force update from block " + block + " received by partition "
                            + partition + ", which owns blocks " + firstBlock + ".." + (endBlock - 1) + " of "
                            + layout.blocks);
                }
            }
        }
        Arrays.fill(inter, 0.0);
        for (int b = 0; b < layout.blocks; b++) {
            if (b >= firstBlock && b < endBlock) {
                int segments = layout.overlap(layout.blockStart(b), layout.windowLength(b), from, to, overlap);
                for (int s = 0; s < segments; s++) {
                    add(windows[b - firstBlock], PER_MOLECULE * overlap[3 * s], overlap[3 * s + 1], overlap[3 * s + 2]);
                }
                continue;
            }
            for (ForceUpdate u : received) {
                int v = 0;
                for (int s = 0; s < u.block().length; s++) {
                    if (u.block()[s] == b) {
                        add(u.values(), v, u.first()[s], u.count()[s]);
                    }
                    v += PER_MOLECULE * u.count()[s];
                }
            }
        }
    }

    private void add(double[] values, int offset, int first, int molecules) {
        int into = PER_MOLECULE * (first - from), len = PER_MOLECULE * molecules;
        if (into < 0 || into + len > inter.length) {
            throw new IllegalArgumentException("force update for molecules " + first + ".." + (first + molecules - 1)
                    + " sent to partition " + partition + " which holds " + from + ".." + (to - 1));
        }
        for (int e = 0; e < len; e++) {
            inter[into + e] += values[offset + e];
        }
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
     * Potential phase (after {@link #boundary} and an exchange of frames): per own block the
     * intramolecular energy, the intermolecular Coulomb-and-repulsion energy and the reaction-field term.
     */
    public BlockPartials potential(List<Frames> received) {
        receive(received);
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
}
