package io.stormsim.nbody.analysis.bolts;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.fof.Census;
import io.stormsim.nbody.fof.FofGrid;
import io.stormsim.nbody.fof.FofParameters;
import io.stormsim.nbody.fof.LocalGroups;
import java.util.List;

/**
 * What a partition's friends-of-friends phases carry from one to the next within an output round: the output's
 * round, time, number and box, the partition's bodies and the run's census (all bodies' count and box, from
 * which every partition derives the same grid), and the partition's local groups. On the wire it is the bodies
 * and the census only: a phase in another worker links them again ({@link #local}), which gives the same groups
 * bit for bit, instead of shipping the linking's cell index and labels.
 */
public final class FofState {
    public final long round, number;
    public final double time, boxSize;
    public final int partition;
    public final Bodies bodies;
    public final Census census;
    private LocalGroups local;

    public FofState(long round, long number, double time, double boxSize, int partition, Bodies bodies, Census census) {
        this.round = round;
        this.number = number;
        this.time = time;
        this.boxSize = boxSize;
        this.partition = partition;
        this.bodies = bodies;
        this.census = census;
    }

    /** The partition's local groups (phase 1), linked at the first call in this worker. */
    public LocalGroups local(FofParameters params) {
        if (local == null) {
            local = LocalGroups.link(partition, bodies, FofGrid.of(List.of(census), params));
        }
        return local;
    }
}
