package io.stormsim.nbody;

/**
 * The physics and numerics of a Barnes-Hut run. Validated on construction, with messages that name
 * the parameter, the value and what is allowed.
 *
 * @param steps             number of time steps (the run has steps + 1 force rounds); 0 means unbounded
 * @param dt                time step, > 0
 * @param theta             opening angle, in (0, 1.5]
 * @param softening         Plummer softening length epsilon, >= 0
 * @param leafCapacity      most bodies in a leaf cell, 1..64
 * @param groupSize         most bodies in a group sharing one tree walk, leafCapacity..4096
 * @param histogramLevel    octree level of the cost histogram used for the decomposition, 1..21
 * @param zonesPerPartition top leaves per partition's share of cost, 1..1024
 * @param precision         the force kernel's arithmetic, not null
 */
public record Parameters(long steps, double dt, double theta, double softening, int leafCapacity, int groupSize,
                         int histogramLevel, int zonesPerPartition, Precision precision) {
    public static final int DEFAULT_LEAF_CAPACITY = 16;
    public static final int DEFAULT_GROUP_SIZE = 384;
    public static final int DEFAULT_HISTOGRAM_LEVEL = 10;
    public static final int DEFAULT_ZONES_PER_PARTITION = 16;
    public static final Precision DEFAULT_PRECISION = Precision.MIXED;

    public Parameters {
        require(steps >= 0, "steps", steps, "an integer >= 0 (0 runs without end)");
        require(dt > 0 && Double.isFinite(dt), "dt", dt, "a finite number > 0");
        require(theta > 0 && theta <= 1.5, "theta", theta, "a number in (0, 1.5]");
        require(softening >= 0 && Double.isFinite(softening), "epsilon", softening, "a finite number >= 0");
        require(leafCapacity >= 1 && leafCapacity <= 64, "leaf capacity", leafCapacity, "an integer in 1..64");
        require(groupSize >= leafCapacity && groupSize <= 4096, "group size", groupSize,
                "an integer in " + leafCapacity + "..4096 (at least the leaf capacity)");
        require(histogramLevel >= 1 && histogramLevel <= RootCell.LEVELS, "histogram level", histogramLevel,
                "an integer in 1.." + RootCell.LEVELS);
        require(zonesPerPartition >= 1 && zonesPerPartition <= 1024, "zones per partition", zonesPerPartition,
                "an integer in 1..1024");
        require(precision != null, "precision", precision, Precision.allowed());
    }

    public static Parameters of(long steps, double dt, double theta, double softening) {
        return new Parameters(steps, dt, theta, softening, DEFAULT_LEAF_CAPACITY, DEFAULT_GROUP_SIZE, DEFAULT_HISTOGRAM_LEVEL,
                DEFAULT_ZONES_PER_PARTITION, DEFAULT_PRECISION);
    }

    /** These parameters with the force kernel's arithmetic {@code precision}. */
    public Parameters withPrecision(Precision precision) {
        return new Parameters(steps, dt, theta, softening, leafCapacity, groupSize, histogramLevel, zonesPerPartition,
                precision);
    }

    private static void require(boolean ok, String name, Object value, String allowed) {
        if (!ok) {
            throw new IllegalArgumentException(name + " = " + value + " is not allowed: must be " + allowed);
        }
    }
}
