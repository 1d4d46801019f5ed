package io.stormsim.nbody;

import java.util.Arrays;

/**
 * An exact sum of doubles kept in fixed point: every double is an integer multiple of 2^-1074 below 2^1024, so
 * 67 limbs of 32 bits (held in longs, carried now and then) hold any sum of them exactly. {@link #value} is the
 * correctly rounded exact sum, the same bits as {@link ExactSum} gives for the same terms in any order (it rounds
 * through one); adding a term costs a few integer operations whatever the terms, where ExactSum's partials make
 * it several times dearer, and the analysis kernels add millions of terms per output time. A sum of zero is +0.0;
 * a sum beyond the range of doubles has no meaningful value (as with ExactSum).
 */
public final class FixedPointSum {
    private static final int LIMBS = 67;
    private static final long LOW32 = 0xFFFF_FFFFL;
    /** A term adds less than 2^34 to a limb, so 2^29 terms cannot overflow one before the carry. */
    private static final int CARRY_EVERY = 1 << 29;

    private final long[] limb = new long[LIMBS];
    private int uncarried;
    /** Infinities and NaNs, which have no fixed-point value: their IEEE sum wins, as in plain addition. */
    private double nonFinite;

    /** {@code n} empty sums. */
    public static FixedPointSum[] array(int n) {
        FixedPointSum[] sums = new FixedPointSum[n];
        for (int i = 0; i < n; i++) {
            sums[i] = new FixedPointSum();
        }
        return sums;
    }

    public void add(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int exponent = (int) (bits >>> 52) & 0x7FF;
        long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
        if (exponent == 0x7FF) {
            nonFinite += x;
            return;
        }
        if (exponent == 0) {
            exponent = 1;
        } else {
            mantissa |= 1L << 52;
        }
        // the mantissa's lowest bit is worth 2^(exponent - 1075) = 2^-1074 * 2^(exponent - 1)
        int at = exponent - 1, l = at >>> 5, shift = at & 31;
        long low = (mantissa & LOW32) << shift, high = (mantissa >>> 32) << shift;
        long d0 = low & LOW32, d1 = (low >>> 32) + (high & LOW32), d2 = high >>> 32;
        // Negated without a branch (~d + 1 = -d under an all-ones mask, d under zero): with terms of either sign
        // at random, as momenta are, a branch on the sign mispredicted half the time (Conserved's eight sums over
        // 10^5 bodies: 5.0 -> 3.2 ms).
        long negative = bits >> 63;
        limb[l] += (d0 ^ negative) - negative;
        limb[l + 1] += (d1 ^ negative) - negative;
        limb[l + 2] += (d2 ^ negative) - negative;
        if (++uncarried == CARRY_EVERY) {
            carry();
        }
    }

    /** Adds every term of {@code other} (exactly). */
    public void addAll(FixedPointSum other) {
        carry();
        other.carry();
        for (int i = 0; i < LIMBS; i++) {
            limb[i] += other.limb[i];
        }
        nonFinite += other.nonFinite;
        carry();
    }

    public void clear() {
        Arrays.fill(limb, 0);
        uncarried = 0;
        nonFinite = 0;
    }

    /** The exact sum, rounded to nearest (ties to even). */
    public double value() {
        if (nonFinite != 0 || Double.isNaN(nonFinite)) {
            return nonFinite;
        }
        return ExactSum.ofPartials(partials()).value();
    }

    /**
     * Doubles whose exact sum is this sum (each a limb times its power of two, exactly): what {@link
     * ExactSum#ofPartials} and {@link ExactSum#addAll} take, to carry an exact sum elsewhere.
     */
    public double[] partials() {
        if (nonFinite != 0 || Double.isNaN(nonFinite)) {
            return new double[] {nonFinite};
        }
        long[] digits = limb.clone();
        carry(digits);
        // rounding the magnitude from non-negative digits: each is then at most the sum, so none overflows alone
        boolean negative = digits[LIMBS - 1] < 0;
        if (negative) {
            for (int i = 0; i < LIMBS; i++) {
                digits[i] = -digits[i];
            }
            carry(digits);
        }
        double[] partials = new double[LIMBS];
        int count = 0;
        for (int i = 0; i < LIMBS; i++) {
            if (digits[i] != 0) {
                // a digit below 2^32 times a power of two is a double exactly, subnormal or not
                double d = Math.scalb((double) digits[i], 32 * i - 1074);
                partials[count++] = negative ? -d : d;
            }
        }
        return Arrays.copyOf(partials, count);
    }

    private void carry() {
        carry(limb);
        uncarried = 0;
    }

    /** Brings digits 0..65 into [0, 2^32), the sign and any excess into the top one. */
    private static void carry(long[] digits) {
        long c = 0;
        for (int i = 0; i < LIMBS - 1; i++) {
            long v = digits[i] + c;
            digits[i] = v & LOW32;
            c = v >> 32;
        }
        digits[LIMBS - 1] += c;
    }
}
