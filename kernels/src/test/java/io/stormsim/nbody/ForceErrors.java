package io.stormsim.nbody;

import java.util.Arrays;

/** Relative force errors of a tree field against the direct-summation oracle, and their quantiles. */
final class ForceErrors {
    private ForceErrors() {
    }

    /** |a_tree - a_direct| / |a_direct| for each of the first n bodies, sorted ascending. */
    static double[] sortedRelative(Gravity.Field tree, Gravity.Field direct, int n) {
        double[] err = new double[n];
        for (int i = 0; i < n; i++) {
            double dx = tree.ax[i] - direct.ax[i], dy = tree.ay[i] - direct.ay[i], dz = tree.az[i] - direct.az[i];
            double norm = Math.sqrt(direct.ax[i] * direct.ax[i] + direct.ay[i] * direct.ay[i]
                    + direct.az[i] * direct.az[i]);
            err[i] = Math.sqrt(dx * dx + dy * dy + dz * dz) / norm;
        }
        Arrays.sort(err);
        return err;
    }

    /** The value below which a fraction q of the sorted values lie (nearest rank). */
    static double quantile(double[] sortedValues, double q) {
        int rank = (int) Math.ceil(q * sortedValues.length);
        return sortedValues[Math.max(rank, 1) - 1];
    }
}
