package io.stormsim.nbody.bolts;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;

/**
 * What a partition hands an analysis stage at one of its output times: its bodies at the synchronised time
 * {@code round * dt} (positions and velocities both at that time, as in a snapshot) and its conserved sums.
 * The bodies are a copy made once for all the stages due that round, shared by reference within a worker: a stage
 * reads them during its step and neither changes nor keeps them.
 */
public final class AnalysisBodies {
    public final long round;
    public final double time;
    public final Bodies bodies;
    public final Conserved conserved;
    /** The bounding box of all partitions' bodies, and their count: the same in every partition's. */
    public final Box box;
    public final long totalBodies;

    public AnalysisBodies(long round, double time, Bodies bodies, Conserved conserved, Box box, long totalBodies) {
        this.round = round;
        this.time = time;
        this.bodies = bodies;
        this.conserved = conserved;
        this.box = box;
        this.totalBodies = totalBodies;
    }
}
