package io.stormsim.water;

import java.util.ArrayList;
import java.util.List;

/**
 * A Water run driven in process over any number of partitions, passing each phase's messages by hand:
 * the reference for what the Storm topology does, and with one partition the sequential kernel.
 */
public final class WaterRun {
    public final WaterInput input;
    public final RunConstants constants;
    private final WaterPartition[] parts;
    private final RunSums sums;

    private WaterRun(WaterInput input, RunConstants constants, double[][] derivatives, int partitions, int step,
                     double kineticSum, double virialSum) {
        this.input = input;
        this.constants = constants;
        int max = MoleculeBlocks.maxPartitions(input.molecules());
        if (partitions < 1 || partitions > max) {
            throw new IllegalArgumentException("partitions = " + partitions + " is not allowed: must be 1.." + max
                    + " for NMOL = " + input.molecules());
        }
        parts = new WaterPartition[partitions];
        for (int p = 0; p < partitions; p++) {
            parts[p] = new WaterPartition(constants, p, partitions, derivatives);
        }
        this.sums = new RunSums(constants, step, kineticSum, virialSum);
    }

    /** The original's start: lattice, velocities from {@code random}, accelerations from the first forces. */
    public static WaterRun latticeStart(WaterInput input, double[] random, int partitions) {
        RunConstants c = new RunConstants(input);
        WaterRun run = new WaterRun(input, c, LatticeStart.derivatives(input, c, random), partitions, 0, 0, 0);
        for (WaterPartition p : run.parts) {
            p.intramolecular();
        }
        List<List<ForceUpdate>> updates = run.intermolecular(null);
        for (int q = 0; q < partitions; q++) {
            run.parts[q].startAccelerations(updates.get(q));
        }
        return run;
    }

    /** A run continuing from a saved state. */
    public static WaterRun restart(WaterState state, int partitions) {
        return new WaterRun(state.input(), new RunConstants(state.input()), state.derivatives(), partitions,
                state.step(), state.kineticSum(), state.virialSum());
    }

    public int step() {
        return sums.step();
    }

    public int partitions() {
        return parts.length;
    }

    /** Pairs within the cutoff in all partitions' force phases so far (the start's included). */
    public long interactingPairs() {
        long n = 0;
        for (WaterPartition p : parts) {
            n += p.interactingPairs();
        }
        return n;
    }

    /** Advances one step; returns the printed values on steps that are multiples of NPRINT, else null. */
    public StepValues advance() {
        List<BlockPartials> intra = new ArrayList<>();
        for (WaterPartition p : parts) {
            p.predict();
            intra.add(p.intramolecular());
        }
        List<BlockPartials> interVirial = new ArrayList<>();
        List<List<ForceUpdate>> updates = intermolecular(interVirial);
        List<BlockPartials> kinetic = new ArrayList<>();
        for (int q = 0; q < parts.length; q++) {
            parts[q].correct(updates.get(q));
            parts[q].boundary();
            kinetic.add(parts[q].kinetic());
        }
        sums.endStep(intra, interVirial, kinetic);
        if (sums.step() % input.printEvery() != 0) {
            return null;
        }
        List<BlockPartials> potential = new ArrayList<>();
        for (int q = 0; q < parts.length; q++) {
            parts[q].receiveFrames(framesFor(q));
            potential.add(parts[q].potential());
        }
        return sums.values(potential);
    }

    /** Adds the radial distribution's pair counts of the current state (all pairs of molecules, once) to counts. */
    public void countPairs(Rdf rdf, long[] counts) {
        for (int q = 0; q < parts.length; q++) {
            parts[q].receiveFrames(framesFor(q));
            parts[q].countPairs(rdf, counts);
        }
    }

    /** The frames partition q receives from all others. */
    private List<Frames> framesFor(int q) {
        List<Frames> in = new ArrayList<>();
        for (WaterPartition p : parts) {
            Frames f = p.framesFor(q);
            if (!f.isEmpty()) {
                in.add(f);
            }
        }
        return in;
    }

    /** Frames exchange, pair phase and force exchange: the updates each partition receives. */
    private List<List<ForceUpdate>> intermolecular(List<BlockPartials> virial) {
        List<List<ForceUpdate>> received = new ArrayList<>();
        for (int q = 0; q < parts.length; q++) {
            received.add(new ArrayList<>());
        }
        List<List<Frames>> frames = new ArrayList<>();
        for (int q = 0; q < parts.length; q++) {
            frames.add(framesFor(q));
        }
        for (int p = 0; p < parts.length; p++) {
            WaterPartition.Intermolecular out = parts[p].intermolecular(frames.get(p));
            if (virial != null) {
                virial.add(out.virial());
            }
            for (int q = 0; q < parts.length; q++) {
                if (!out.updates()[q].isEmpty()) {
                    received.get(q).add(out.updates()[q]);
                }
            }
        }
        return received;
    }

    /** The whole state, enough to continue the run bit for bit. */
    public WaterState state() {
        double[][] all = new double[input.order() + 1][WaterModel.PER_MOLECULE * input.molecules()];
        for (WaterPartition p : parts) {
            p.copyDerivativesTo(all);
        }
        return new WaterState(input, sums.step(), sums.kineticSum(), sums.virialSum(), all);
    }
}
