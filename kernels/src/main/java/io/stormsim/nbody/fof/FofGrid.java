package io.stormsim.nbody.fof;

import io.stormsim.nbody.Box;
import java.util.List;

/**
 * The linking length and the cell grid every partition uses, a pure function of all partitions' censuses (so
 * each derives the same bits) and of the parameters.
 *
 * <p>Two bodies are friends when {@code dx*dx + dy*dy + dz*dz <= l*l}, with {@code dx = xa - xb} and so on,
 * evaluated in double precision in that order ({@link #linked}): inclusive, so bodies exactly l apart link. The
 * test is symmetric bit for bit (a - b is exactly -(b - a)), and it is the only one: every partition decides a
 * pair the same way, and the groups are the exact components of this relation whatever the split.
 *
 * <p>Cells are cubes of width w anchored at the global box's minimum corner, with w = l / 1.8 as a rule: a cell's
 * diagonal (0.96 l) is under l, so a cell whose bodies span less than l links them all without a pair test, and
 * bodies three cells apart along an axis are at least 2w = 1.11 l apart, so a body's friends are within two
 * cells of it (a 5 x 5 x 5 neighbourhood). That reach is made rigorous for rounded arithmetic: with
 * e = ulp(max |coordinate|), the cell index floor((x - min) / w) is monotone in x and off by at most e / w + 2^-32
 * from the exact quotient, so bodies three cells apart differ by more than 2w(1 - 2^-32) - 2e; w is raised when
 * needed to make that at least (l + 2e)(1 + 2^-29), beyond what any rounding of the test can bring within l.
 * (Cells of width l with their 26 neighbours would leave the dense cells of a halo's core, hundreds of bodies
 * each, to pair tests; the smaller cells let a dense cell link at once.) At most {@link #MAX_CELLS} cells
 * per axis, so that a cell's key packs three 21-bit indices, each shifted by 2 so that its neighbours' indices
 * stay non-negative: a sparse outlier widens the cells instead.
 *
 * <p>Relative linking lengths use the mean separation (V / N)^(1/3), V the volume of the bounding box of all
 * bodies, computed with {@link StrictMath#cbrt} so that every JVM agrees. (GADGET-4 derives it from the mean
 * density of the cosmology instead; a stormsim run has no cosmology, and the box is what every partition knows.)
 */
public final class FofGrid {
    /** Cells per axis at most: indices 2..MAX_CELLS+1, and two neighbours either side, within 21 bits. */
    public static final int MAX_CELLS = (1 << 21) - 4;
    static final int BITS = 21;
    static final long MASK = (1L << BITS) - 1;
    private static final double CELLS_PER_LENGTH = 1.8;
    private static final double MARGIN = 1 + 0x1p-28;

    public final double l, l2, w;
    public final double minX, minY, minZ;
    public final long count;

    private FofGrid(double l, double w, double[] bounds, long count) {
        this.l = l;
        this.l2 = l * l;
        this.w = w;
        this.minX = bounds[0];
        this.minY = bounds[1];
        this.minZ = bounds[2];
        this.count = count;
    }

    /** The grid of a run: the censuses of all its partitions (any order) and its parameters. */
    public static FofGrid of(List<Census> censuses, FofParameters params) {
        Box box = Box.empty();
        long n = 0;
        for (Census c : censuses) {
            box.include(Box.of(c.bounds.clone()));
            n += c.count;
        }
        double[] m = box.bounds;
        double l = params.isRelative() ? relative(params.b, m, n) : params.linkingLength;
        double l2 = l * l;
        if (!(l2 >= Double.MIN_NORMAL) || l2 == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("a linking length of " + l + " (" + params + ") is not allowed: its"
                    + " square must be a normal double, between " + Math.sqrt(Double.MIN_NORMAL) + " and "
                    + Math.sqrt(Double.MAX_VALUE));
        }
        if (n == 0) {
            return new FofGrid(l, l, new double[3], 0);
        }
        double maxAbs = 0, extent = 0;
        for (int a = 0; a < 3; a++) {
            maxAbs = Math.max(maxAbs, Math.max(Math.abs(m[a]), Math.abs(m[a + 3])));
            extent = Math.max(extent, m[a + 3] - m[a]);
        }
        double w = Math.max(l / CELLS_PER_LENGTH, (l + 4 * Math.ulp(maxAbs)) * MARGIN / 2);
        w = Math.max(w, extent / (MAX_CELLS - 1) * MARGIN);
        return new FofGrid(l, w, m, n);
    }

    private static double relative(double b, double[] m, long n) {
        double volume = (m[3] - m[0]) * (m[4] - m[1]) * (m[5] - m[2]);
        if (n == 0 || !(volume > 0) || volume == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(FofParameters.B + " = " + b + " cannot be turned into a linking length: "
                    + (n == 0 ? "there are no bodies" : "the bounding box of the " + n + " bodies has volume " + volume)
                    + ", so there is no mean separation; give " + FofParameters.LINKING_LENGTH + " instead");
        }
        return b * StrictMath.cbrt(volume / n);
    }

    /** The friends test of two bodies' coordinates; see the class comment. */
    public static boolean linked(double l2, double ax, double ay, double az, double bx, double by, double bz) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        return dx * dx + dy * dy + dz * dz <= l2;
    }

    /**
     * The key of the cell holding (x, y, z): indices packed x lowest, z highest, so that key order runs along x
     * within a row and a cell's neighbours along x have neighbouring keys.
     */
    public long key(double x, double y, double z) {
        return index(x - minX) | index(y - minY) << BITS | index(z - minZ) << 2 * BITS;
    }

    private long index(double offset) {
        return Math.min(Math.max((long) Math.floor(offset / w), 0), MAX_CELLS - 1) + 2;
    }

    /** The key of the cell of twice the width holding cell {@code key}: the grid on which partitions report. */
    static long coarse(long key) {
        return (key & MASK) >>> 1 | ((key >>> BITS & MASK) >>> 1) << BITS | (key >>> 2 * BITS) >>> 1 << 2 * BITS;
    }

    /** The index along axis 0 (x), 1 or 2 of a key. */
    static int axis(long key, int a) {
        return (int) (key >>> a * BITS & MASK);
    }

    /** The offset of a key to the cell {@code dy} rows and {@code dz} planes on. */
    static long rowOffset(int dy, int dz) {
        return ((long) dy << BITS) + ((long) dz << 2 * BITS);
    }

    /**
     * A lower bound on the friends test's left side for any body in box a and any in box b (each {min x, min y,
     * min z, max x, max y, max z} at offset {@code ai}, {@code bi} of its array): rounding is monotone, so the
     * rounded gap never exceeds a rounded difference of coordinates, and a bound above l^2 rules out every pair.
     */
    static double gap2(double[] a, int ai, double[] b, int bi) {
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double g = Math.max(Math.max(b[bi + k] - a[ai + 3 + k], a[ai + k] - b[bi + 3 + k]), 0);
            s += g * g;
        }
        return s;
    }
}
