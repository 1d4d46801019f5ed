package io.stormsim.nbody.bolts;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Decomposition;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.RootCell;

/**
 * What one partition carries from phase to phase within a round (and, as bodies only, from one round
 * to the next). Each phase fills what it produces and drops what later phases do not need, so a hop
 * between workers ships no more than necessary. The receiving phase owns the object.
 */
public final class PartitionState {
    /** The simulation round (time step) this state belongs to. */
    public long round;
    public Bodies bodies;
    /** Morton keys of {@link #bodies}, when they are sorted by key. */
    public long[] keys;
    /**
     * The bounding box of every partition's bodies at the round's start: their positions at time round * dt, which
     * the update phase's snapshots and analysis stages see (the closing half kick moves no body).
     */
    public Box box;
    public RootCell root;
    public Decomposition decomposition;
    public Octree localTree;
    public Gravity.Field field;
    /** Wall nanoseconds spent in each {@link Phase} on this partition this round. */
    public long[] phaseNanos = new long[Phase.values().length];
    /** CPU nanoseconds the thread of each {@link Phase} spent on this partition this round. */
    public long[] phaseCpuNanos = new long[Phase.values().length];

    public PartitionState() {
    }

    public PartitionState(long round, Bodies bodies) {
        this.round = round;
        this.bodies = bodies;
    }

    public void timed(Phase phase, long wallNanos, long cpuNanos) {
        phaseNanos[phase.ordinal()] = wallNanos;
        phaseCpuNanos[phase.ordinal()] = cpuNanos;
    }
}
