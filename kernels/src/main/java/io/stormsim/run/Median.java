package io.stormsim.run;

import java.util.Arrays;

/** The median of measurements (the mean of the middle two for an even count). */
public final class Median {
    private Median() {
    }

    public static double of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }
}
