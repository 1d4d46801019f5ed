package io.stormsim.nbody.fof;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;

/**
 * Phase 0 of friends-of-friends, what one partition tells every other: how many bodies it holds and their
 * bounding box ({@link Box#bounds} order; an empty partition has the empty box). From all partitions' censuses
 * each derives the same {@link FofGrid}: counts add and boxes unite exactly, whatever their order.
 */
public final class Census {
    public final long count;
    public final double[] bounds;

    public Census(long count, double[] bounds) {
        this.count = count;
        this.bounds = bounds;
    }

    /** The census of a partition's bodies, whose coordinates must be finite. */
    public static Census of(Bodies b) {
        for (int i = 0; i < b.n; i++) {
            if (!Double.isFinite(b.x[i]) || !Double.isFinite(b.y[i]) || !Double.isFinite(b.z[i])) {
                throw new IllegalArgumentException("body " + b.id[i] + " is at (" + b.x[i] + ", " + b.y[i] + ", "
                        + b.z[i] + "): friends-of-friends needs finite positions");
            }
        }
        return new Census(b.n, Box.of(b).bounds);
    }
}
