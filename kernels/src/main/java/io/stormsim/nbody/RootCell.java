package io.stormsim.nbody;

/**
 * The cube that holds every body, and the Morton (Z-order) keys and cell geometry it defines.
 * A key has {@link #LEVELS} levels of 3 bits (x, y, z from high to low in each triple); the cell of
 * level l holding a key is named by its prefix {@code key >>> 3 * (LEVELS - l)}. Every partition derives
 * the same root from the same global box, so keys and cell geometry agree bit for bit everywhere.
 */
public final class RootCell {
    public static final int LEVELS = 21;
    private static final long CELLS_PER_AXIS = 1L << LEVELS;

    public final double centerX, centerY, centerZ, half;
    private final double loX, loY, loZ, keyScale;

    public RootCell(double centerX, double centerY, double centerZ, double half) {
        this.centerX = centerX;
        this.centerY = centerY;
        this.centerZ = centerZ;
        this.half = half;
        this.loX = centerX - half;
        this.loY = centerY - half;
        this.loZ = centerZ - half;
        this.keyScale = CELLS_PER_AXIS / (2 * half);
    }

    /** The smallest root (slightly enlarged, so no body sits on its upper faces) around a non-empty box. */
    public static RootCell around(Box box) {
        if (box.isEmpty()) {
            throw new IllegalArgumentException("no bodies: the root cell needs at least one");
        }
        double[] b = box.bounds;
        double extent = Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2]));
        double half = Math.max(0.5 * extent * (1 + 0x1p-20), Double.MIN_NORMAL);
        return new RootCell(0.5 * (b[0] + b[3]), 0.5 * (b[1] + b[4]), 0.5 * (b[2] + b[5]), half);
    }

    public long key(double x, double y, double z) {
        return spread(cellIndex(x - loX)) << 2 | spread(cellIndex(y - loY)) << 1 | spread(cellIndex(z - loZ));
    }

    /** Keys of all bodies. */
    public long[] keys(Bodies b) {
        long[] keys = new long[b.n];
        for (int i = 0; i < b.n; i++) {
            keys[i] = key(b.x[i], b.y[i], b.z[i]);
        }
        return keys;
    }

    public static long prefix(long key, int level) {
        return key >>> 3 * (LEVELS - level);
    }

    /** First key of the cell {@code (level, prefix)}. */
    public static long firstKey(int level, long prefix) {
        return prefix << 3 * (LEVELS - level);
    }

    /** One past the last key of the cell {@code (level, prefix)}, unsigned (the root's is 2^63). */
    public static long endKey(int level, long prefix) {
        return (prefix + 1) << 3 * (LEVELS - level);
    }

    /** Writes {center x, center y, center z, half side} of cell {@code (level, prefix)} at {@code out[at..at+3]}. */
    public void cellGeometry(int level, long prefix, double[] out, int at) {
        double side = Math.scalb(2 * half, -level);
        out[at] = loX + (compact(prefix >>> 2) + 0.5) * side;
        out[at + 1] = loY + (compact(prefix >>> 1) + 0.5) * side;
        out[at + 2] = loZ + (compact(prefix) + 0.5) * side;
        out[at + 3] = 0.5 * side;
    }

    private long cellIndex(double offset) {
        long i = (long) (offset * keyScale);
        return Math.min(Math.max(i, 0), CELLS_PER_AXIS - 1);
    }

    /** Spreads the 21 low bits of v so that bit i lands on bit 3i. */
    private static long spread(long v) {
        v &= 0x1fffffL;
        v = (v | v << 32) & 0x1f00000000ffffL;
        v = (v | v << 16) & 0x1f0000ff0000ffL;
        v = (v | v << 8) & 0x100f00f00f00f00fL;
        v = (v | v << 4) & 0x10c30c30c30c30c3L;
        v = (v | v << 2) & 0x1249249249249249L;
        return v;
    }

    /** Inverse of {@link #spread}: gathers bits 0, 3, 6, ... of v. */
    private static long compact(long v) {
        v &= 0x1249249249249249L;
        v = (v ^ v >>> 2) & 0x10c30c30c30c30c3L;
        v = (v ^ v >>> 4) & 0x100f00f00f00f00fL;
        v = (v ^ v >>> 8) & 0x1f0000ff0000ffL;
        v = (v ^ v >>> 16) & 0x1f00000000ffffL;
        v = (v ^ v >>> 32) & 0x1fffffL;
        return v;
    }
}
