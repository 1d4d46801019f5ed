package io.stormsim.water.bolts;

import io.stormsim.water.BlockPartials;
import io.stormsim.water.WaterPartition;

/**
 * What one partition carries from phase to phase within a round, and from one round to the next: its
 * {@link WaterPartition} (Gear state and the work arrays the phases share), what the round is, the running
 * sums behind the printed averages as of the round's start (the sink hands them back every round, so a
 * checkpoint holds them), and the round's partial sums and counts for the sink. The receiving phase owns it.
 */
public final class WaterPartitionState {
    /** What a round does: compute the lattice start's accelerations, nothing (a restart file), or a time step. */
    public enum Mode { LATTICE_START, LOADED, STEP }

    public long round;
    public Mode mode;
    /** Steps done once this round's work is done (the step this round computes, for {@link Mode#STEP}). */
    public int step;
    public double kineticSum, virialSum;
    public WaterPartition partition;
    public BlockPartials intramolecularVirial, intermolecularVirial, kinetic;
    /** Pairs within the cutoff the force phase found this round. */
    public long pairs;
    /** Bytes of frames and force updates this partition sent to other partitions this round. */
    public long exchangedBytes;

    public WaterPartitionState() {
    }

    public WaterPartitionState(long round, Mode mode, int step, double kineticSum, double virialSum,
                               WaterPartition partition) {
        this.round = round;
        this.mode = mode;
        this.step = step;
        this.kineticSum = kineticSum;
        this.virialSum = virialSum;
        this.partition = partition;
    }

    /** Whether this round's step prints (and so computes the potential energies). */
    public boolean prints(int printEvery) {
        return mode == Mode.STEP && step % printEvery == 0;
    }

    /** Whether this round's step is a sample of the radial distribution functions: on, a multiple of sampleEvery. */
    public boolean samplesRdf(int rdfEvery, int sampleEvery) {
        return mode == Mode.STEP && rdfEvery > 0 && step % sampleEvery == 0;
    }
}
