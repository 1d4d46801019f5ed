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
 * @param gravitationalConstant G in the run's units ({@link UnitSystem#gravitationalConstant()}), finite and > 0: 1
 *                          in N-body units. The force kernels compute the field of G = 1; the leapfrog's kicks and
 *                          the potential energy scale it by G, once a kick, so that G = 1 gives the same bits as
 *                          no G at all
 */
public record Parameters(long steps, double dt, double theta, double softening, int leafCapacity, int groupSize,
                         int histogramLevel, int zonesPerPartition, Precision precision, double gravitationalConstant) {
    public static final int DEFAULT_LEAF_CAPACITY = 16;
    public static final int DEFAULT_GROUP_SIZE = 384;
    public static final int DEFAULT_HISTOGRAM_LEVEL = 10;
    public static final int DEFAULT_ZONES_PER_PARTITION = 16;
    public static final Precision DEFAULT_PRECISION = Precision.MIXED;

    /** The ranges of dt, theta and epsilon, which the config reader names with the keys a user types. */
    public static final String DT_ALLOWED = "a finite number > 0", THETA_ALLOWED = "a number in (0, 1.5]",
            EPSILON_ALLOWED = "a finite number >= 0";
    public static final int MAX_LEAF_CAPACITY = 64, MAX_GROUP_SIZE = 4096;

    public Parameters {
        require(steps >= 0, "steps", steps, "an integer >= 0 (0 runs without end)");
        require(validDt(dt), "dt", dt, DT_ALLOWED);
        require(validTheta(theta), "theta", theta, THETA_ALLOWED);
        require(validEpsilon(softening), "epsilon", softening, EPSILON_ALLOWED);
        require(leafCapacity >= 1 && leafCapacity <= MAX_LEAF_CAPACITY, "leaf capacity", leafCapacity,
                "an integer in 1.." + MAX_LEAF_CAPACITY);
        require(groupSize >= leafCapacity && groupSize <= MAX_GROUP_SIZE, "group size", groupSize,
                "an integer in " + leafCapacity + ".." + MAX_GROUP_SIZE + " (at least the leaf capacity)");
        require(histogramLevel >= 1 && histogramLevel <= RootCell.LEVELS, "histogram level", histogramLevel,
                "an integer in 1.." + RootCell.LEVELS);
        require(zonesPerPartition >= 1 && zonesPerPartition <= 1024, "zones per partition", zonesPerPartition,
                "an integer in 1..1024");
        require(precision != null, "precision", precision, Precision.allowed());
        require(gravitationalConstant > 0 && Double.isFinite(gravitationalConstant), "G", gravitationalConstant,
                "a finite number > 0");
    }

    public static Parameters of(long steps, double dt, double theta, double softening) {
        return new Parameters(steps, dt, theta, softening, DEFAULT_LEAF_CAPACITY, DEFAULT_GROUP_SIZE, DEFAULT_HISTOGRAM_LEVEL,
                DEFAULT_ZONES_PER_PARTITION, DEFAULT_PRECISION, 1.0);
    }

    /** These parameters with the force kernel's arithmetic {@code precision}. */
    public Parameters withPrecision(Precision precision) {
        return new Parameters(steps, dt, theta, softening, leafCapacity, groupSize, histogramLevel, zonesPerPartition,
                precision, gravitationalConstant);
    }

    public static boolean validDt(double dt) {
        return dt > 0 && Double.isFinite(dt);
    }

    public static boolean validTheta(double theta) {
        return theta > 0 && theta <= 1.5;
    }

    public static boolean validEpsilon(double epsilon) {
        return epsilon >= 0 && Double.isFinite(epsilon);
    }

    private static void require(boolean ok, String name, Object value, String allowed) {
        if (!ok) {
            throw new IllegalArgumentException(name + " = " + value + " is not allowed: must be " + allowed);
        }
    }
}
