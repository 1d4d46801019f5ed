package io.stormsim.matmul;

import java.util.Arrays;

/**
 * The panels a task multiplies in SUMMA's multiply phase ({@link Summa#multiply}): its A block rows, its B
 * block columns, and its C, kept from one job to the next. At n = 2048 they are 32-64 MB a job, which,
 * allocated anew, the collector's threads spent the cores on that the multiply needed. One per task thread;
 * C's blocks leave in an array of their own (they travel on), so only these are reused.
 */
public final class Panels {
    private double[] a = new double[0];
    private double[] b = new double[0];
    private double[] c = new double[0];

    /** A's panel of {@code size} values, contents undefined (the caller overwrites every one). */
    double[] a(int size) {
        a = a.length == size ? a : new double[size];
        return a;
    }

    /** B's panel of {@code size} values, contents undefined (the caller overwrites every one). */
    double[] b(int size) {
        b = b.length == size ? b : new double[size];
        return b;
    }

    /** C's panel of {@code size} zeros. */
    double[] zeroC(int size) {
        if (c.length == size) {
            Arrays.fill(c, 0.0);
        } else {
            c = new double[size];
        }
        return c;
    }
}
