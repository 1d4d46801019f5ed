package io.stormsim.nbody.fof;

import io.stormsim.run.ConfigValues;
import java.util.Map;

/**
 * What a friends-of-friends run is asked for: the linking length, either absolute ({@value #LINKING_LENGTH}) or
 * as a fraction ({@value #B}) of the mean inter-particle separation of all bodies, and the fewest members a group
 * must have to be catalogued ({@value #MIN_MEMBERS}). Values are checked here, at the edge, with messages naming
 * the key the user typed; the relative length is resolved into an absolute one by {@link FofGrid#of}, once every
 * partition's census is known.
 */
public final class FofParameters {
    public static final String B = "stormsim.fof.b", LINKING_LENGTH = "stormsim.fof.linking.length",
            MIN_MEMBERS = "stormsim.fof.min.members";
    /** The usual b of cosmological halo finding (Davis et al. 1985), GADGET-4's FOF_LINKLENGTH. */
    public static final double DEFAULT_B = 0.2;
    /** GADGET-4's FOF_GROUP_MIN_LEN. */
    public static final int DEFAULT_MIN_MEMBERS = 32;

    /** The absolute linking length, or NaN when it is {@link #b} times the mean separation. */
    public final double linkingLength;
    /** The linking length in mean separations, or NaN when {@link #linkingLength} is given. */
    public final double b;
    public final int minMembers;

    private FofParameters(double linkingLength, double b, int minMembers) {
        this.linkingLength = linkingLength;
        this.b = b;
        this.minMembers = minMembers;
    }

    /** Links bodies at most {@code l} apart. */
    public static FofParameters absolute(double l, int minMembers) {
        return new FofParameters(positive(LINKING_LENGTH, l, "a finite length > 0"), Double.NaN, checked(minMembers));
    }

    /** Links bodies at most {@code b} mean separations apart. */
    public static FofParameters relative(double b, int minMembers) {
        return new FofParameters(Double.NaN, positive(B, b, "a finite number > 0 (0.2 is usual)"), checked(minMembers));
    }

    /**
     * From a topology config: {@value #LINKING_LENGTH} when it is set and not 0, else {@value #B} (default {@value
     * #DEFAULT_B}), and {@value #MIN_MEMBERS} (default {@value #DEFAULT_MIN_MEMBERS}).
     */
    public static FofParameters of(Map<String, Object> conf) {
        int min = (int) ConfigValues.longValue(conf, MIN_MEMBERS, DEFAULT_MIN_MEMBERS, 2, Integer.MAX_VALUE,
                "an integer >= 2");
        double l = conf.containsKey(LINKING_LENGTH) ? ConfigValues.doubleValue(conf, LINKING_LENGTH, v -> v >= 0,
                "0 (the length is " + B + " mean separations) or a finite length > 0") : 0;
        if (l > 0) {
            return absolute(l, min);
        }
        double b = conf.containsKey(B) ? ConfigValues.doubleValue(conf, B, v -> v > 0, "a finite number > 0") : DEFAULT_B;
        return relative(b, min);
    }

    public boolean isRelative() {
        return !Double.isNaN(b);
    }

    private static double positive(String key, double v, String allowed) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw ConfigValues.notAllowed(key, v, allowed);
        }
        return v;
    }

    private static int checked(int minMembers) {
        if (minMembers < 2) {
            throw ConfigValues.notAllowed(MIN_MEMBERS, minMembers, "an integer >= 2 (a group links at least two bodies)");
        }
        return minMembers;
    }

    @Override
    public String toString() {
        return (isRelative() ? B + " = " + b : LINKING_LENGTH + " = " + linkingLength) + ", " + MIN_MEMBERS + " = "
                + minMembers;
    }
}
