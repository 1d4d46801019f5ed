package io.stormsim.benchmarks;

import io.stormsim.run.Median;
import java.util.List;

/** Small statistics helpers. */
final class Stats {
    private Stats() {
    }

    static double median(List<Double> v) {
        return Median.of(v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    /** Least squares for t = a x with relative residuals: minimises sum ((t - a x) / t)^2. */
    static double fitRelative(double[] x, double[] t) {
        double num = 0, den = 0;
        for (int i = 0; i < x.length; i++) {
            double u = x[i] / t[i];
            num += u;
            den += u * u;
        }
        return num / den;
    }

    /** Plain least squares for t = a x: minimises sum (t - a x)^2 (dominated by the largest t). */
    static double fitAbsolute(double[] x, double[] t) {
        double num = 0, den = 0;
        for (int i = 0; i < x.length; i++) {
            num += x[i] * t[i];
            den += x[i] * x[i];
        }
        return num / den;
    }

    /** {intercept, slope} of the least-squares line y = c + s x. */
    static double[] line(double[] x, double[] y) {
        int n = x.length;
        double mx = 0, my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i] / n;
            my += y[i] / n;
        }
        double sxy = 0, sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double s = sxy / sxx;
        return new double[] {my - s * mx, s};
    }
}
