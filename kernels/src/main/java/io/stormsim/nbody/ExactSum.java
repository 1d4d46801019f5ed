package io.stormsim.nbody;

import java.util.Arrays;

/**
 * Exact summation of doubles (Shewchuk's non-overlapping partials, as in Python's math.fsum). The
 * value is the correctly rounded exact sum, so it does not depend on the order in which terms were
 * added or on how they were split among partitions: diagnostics agree bit for bit at any parallelism.
 */
public final class ExactSum {
    private double[] partials = new double[4];
    private int count;

    public ExactSum() {
    }

    /** A sum holding the given partials (as from {@link #partials()}). */
    public static ExactSum ofPartials(double[] partials) {
        ExactSum s = new ExactSum();
        s.addAll(partials);
        return s;
    }

    public void add(double x) {
        int kept = 0;
        double[] p = partials;
        for (int j = 0; j < count; j++) {
            double y = p[j];
            if (Math.abs(x) < Math.abs(y)) {
                double t = x;
                x = y;
                y = t;
            }
            double hi = x + y;
            double lo = y - (hi - x);
            if (lo != 0.0) {
                p[kept++] = lo;
            }
            x = hi;
        }
        if (kept == p.length) {
            partials = p = Arrays.copyOf(p, 2 * p.length);
        }
        p[kept++] = x;
        count = kept;
    }

    public void addAll(double[] terms) {
        for (double t : terms) {
            add(t);
        }
    }

    public double[] partials() {
        return Arrays.copyOf(partials, count);
    }

    /** The exact sum rounded to nearest, ties to even. */
    public double value() {
        if (count == 0) {
            return 0.0;
        }
        int n = count - 1;
        double hi = partials[n];
        double lo = 0;
        while (n > 0) {
            double x = hi;
            double y = partials[--n];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) {
                break;
            }
        }
        if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
            double y = lo * 2;
            double x = hi + y;
            double yr = x - hi;
            if (y == yr) {
                hi = x;
            }
        }
        return hi;
    }
}
