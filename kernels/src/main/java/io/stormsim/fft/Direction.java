package io.stormsim.fft;

/**
 * Forward: X[k] = sum_j x[j] exp(-2 pi i jk / N). Inverse: x[j] = (1/N) sum_k X[k] exp(+2 pi i jk / N),
 * so inverse(forward(x)) is x up to rounding.
 */
public enum Direction {
    FORWARD(-1.0), INVERSE(1.0);

    /** The sign of the exponent: -1 forward, +1 inverse. */
    public final double sign;

    Direction(double sign) {
        this.sign = sign;
    }

    /** {@code forward} or {@code inverse}, as the config key spells it. */
    public String key() {
        return name().toLowerCase();
    }
}
