package io.stormsim.nbody;

/**
 * An axis-aligned bounding box as {min x, min y, min z, max x, max y, max z}. The empty box has
 * +inf minima and -inf maxima, so that unions need no special case. Min and max are exact, so a union
 * is the same whatever the order of its parts.
 */
public final class Box {
    public final double[] bounds;

    private Box(double[] bounds) {
        this.bounds = bounds;
    }

    public static Box empty() {
        double inf = Double.POSITIVE_INFINITY;
        return new Box(new double[] {inf, inf, inf, -inf, -inf, -inf});
    }

    public static Box of(double[] bounds) {
        if (bounds.length != 6) {
            throw new IllegalArgumentException("a box has 6 bounds, got " + bounds.length);
        }
        return new Box(bounds);
    }

    public static Box of(Bodies b) {
        Box box = empty();
        box.include(b.x, b.y, b.z, 0, b.n);
        return box;
    }

    /** Grows the box to hold points {@code from..to-1} of the coordinate arrays. */
    public void include(double[] x, double[] y, double[] z, int from, int to) {
        double[] m = bounds;
        for (int i = from; i < to; i++) {
            m[0] = Math.min(m[0], x[i]);
            m[1] = Math.min(m[1], y[i]);
            m[2] = Math.min(m[2], z[i]);
            m[3] = Math.max(m[3], x[i]);
            m[4] = Math.max(m[4], y[i]);
            m[5] = Math.max(m[5], z[i]);
        }
    }

    public void include(Box other) {
        for (int a = 0; a < 3; a++) {
            bounds[a] = Math.min(bounds[a], other.bounds[a]);
            bounds[a + 3] = Math.max(bounds[a + 3], other.bounds[a + 3]);
        }
    }

    public boolean isEmpty() {
        return bounds[0] > bounds[3];
    }
}
