package io.stormsim.nbody.bolts;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;

/** What a partition reports to the diagnostics bolt at the end of a round. */
public final class PartitionReport {
    public final long round;
    public final Conserved conserved;
    /** Wall and CPU nanoseconds of each {@link Phase} on the partition this round. */
    public final long[] phaseNanos;
    public final long[] phaseCpuNanos;
    /** The partition's bodies in the last round of a bounded run, else null. */
    public final Bodies finalBodies;
    /** The partition's part of the live stream's body sample in a sample round, else null. */
    public final BodySample sample;

    public PartitionReport(long round, Conserved conserved, long[] phaseNanos, long[] phaseCpuNanos,
                           Bodies finalBodies, BodySample sample) {
        this.round = round;
        this.conserved = conserved;
        this.phaseNanos = phaseNanos;
        this.phaseCpuNanos = phaseCpuNanos;
        this.finalBodies = finalBodies;
        this.sample = sample;
    }
}
