package io.stormsim.water;

/**
 * Gear's predictor-corrector for F = ma on scaled derivatives: {@code x[k]} holds the k-th time
 * derivative times dt^k/k!, so the predictor is a Taylor step with binomial coefficients and the
 * corrector adds fixed multiples of the difference between the acceleration from the forces and the
 * predicted one. Arrays are flat (one per derivative order); each element is independent, so a
 * partition applies them to its own molecules only.
 */
public final class Gear {
    private Gear() {
    }

    /** The corrector's coefficients for second-order equations, by order 3..6 (Gear 1971). */
    private static final double[][] CORRECTOR = {
            {1.0 / 6.00, 5.0 / 6.00, 1.0, 1.0 / 3.00},
            {19.00 / 120.00, 3.00 / 4.00, 1.0, 1.0 / 2.00, 1.0 / 12.00},
            {3.00 / 20.00, 251.00 / 360.00, 1.0, 11.00 / 18.00, 1.0 / 6.00, 1.0 / 60.00},
            {863.00 / 6048.00, 665.00 / 1008.00, 1.0, 25.00 / 36.00, 35.00 / 144.00, 1.0 / 24.00, 1.0 / 360.00},
    };

    static double[] corrector(int order) {
        return CORRECTOR[order - WaterInput.MIN_ORDER];
    }

    /** binomial[k][j] = C(k, j), exact in doubles at these orders. */
    private static final double[][] BINOMIAL = new double[WaterInput.MAX_ORDER + 1][];

    static {
        for (int k = 0; k <= WaterInput.MAX_ORDER; k++) {
            BINOMIAL[k] = new double[k + 1];
            BINOMIAL[k][0] = BINOMIAL[k][k] = 1.0;
            for (int j = 1; j < k; j++) {
                BINOMIAL[k][j] = BINOMIAL[k - 1][j - 1] + BINOMIAL[k - 1][j];
            }
        }
    }

    /** Predicts elements [from, to) of every order: x[j] += sum over k > j of C(k, j) x[k]. */
    public static void predict(double[][] x, int order, int from, int to) {
        for (int e = from; e < to; e++) {
            for (int j = 0; j < order; j++) {
                double s = 0.0;
                for (int k = j + 1; k <= order; k++) {
                    s += BINOMIAL[k][j] * x[k][e];
                }
                x[j][e] += s;
            }
        }
    }

    /** Corrects elements [from, to) given the scaled accelerations {@code acceleration} from the forces. */
    public static void correct(double[][] x, double[] acceleration, int order, int from, int to) {
        double[] pc = corrector(order);
        double[] predicted = x[2];
        for (int e = from; e < to; e++) {
            double y = acceleration[e] - predicted[e];
            for (int k = 0; k <= order; k++) {
                x[k][e] += pc[k] * y;
            }
        }
    }
}
