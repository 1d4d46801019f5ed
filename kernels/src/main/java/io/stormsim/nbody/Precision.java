package io.stormsim.nbody;

import java.util.Locale;

/**
 * The arithmetic of the force kernel: {@code double} throughout, or {@code mixed}: list terms in float
 * SIMD lanes, positions relative to the group's centre, each target's field summed in double
 * ({@link MixedVectorListKernel}). The walk, its lists and the decomposition are the same for both.
 */
public enum Precision {
    DOUBLE, MIXED;

    /** The YAML's spelling: {@code double} or {@code mixed}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The precision spelt {@code value}, or null if there is none. */
    public static Precision of(String value) {
        for (Precision p : values()) {
            if (p.key().equals(value)) {
                return p;
            }
        }
        return null;
    }

    /** What {@link #of} accepts, for error messages. */
    public static String allowed() {
        return "double or mixed";
    }
}
