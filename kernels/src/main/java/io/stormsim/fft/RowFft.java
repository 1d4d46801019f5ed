package io.stormsim.fft;

/**
 * In-place complex FFT of one power-of-two length n, applied to many rows of a row-major matrix held
 * as split real and imaginary arrays (row r at offset r * n). Iterative decimation in time: a
 * bit-reversal permutation, one radix-2 stage if log2 n is odd, then radix-4 stages. All twiddle factors
 * are precomputed per stage and direction (each directly from cos/sin, not by recurrence, so they are
 * correctly rounded up to the libm's error), laid out as six planar arrays per stage (real and
 * imaginary parts of W^i, W^2i, W^3i for i < h) so that both the scalar loop and the SIMD one
 * ({@link VectorRadix4}, used where the JVM has the Vector API and h is a multiple of its lanes) read them
 * with unit stride. The two loops do the same IEEE operations in the same order (no fused multiply-add),
 * so they give the same bits. A plan is immutable and may be shared by threads.
 */
public final class RowFft {
    public final int n;
    /** reversed[i]: i with its log2 n bits reversed, where the butterflies expect input i. */
    private final int[] reversed;
    private final int[] swapFrom;
    private final int[] swapTo;
    private final boolean radix2First;
    static final boolean VECTOR_API = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    /** Radix-4 stages, smallest first: quarter length h and offset of its twiddles (6 planar arrays of h). */
    private final int[] quarter;
    private final int[] twiddleOffset;
    private final double[] forwardTwiddles;
    private final double[] inverseTwiddles;

    private final boolean simd;

    public RowFft(int n) {
        this(n, VECTOR_API);
    }

    /** With {@code simd} false, the scalar loop only (tests compare the two). */
    RowFft(int n, boolean simd) {
        this.simd = simd;
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("row length " + n + " is not a power of two >= 1");
        }
        this.n = n;
        int log2n = Integer.numberOfTrailingZeros(n);
        int swaps = 0;
        int[] from = new int[n / 2 + 1];
        int[] to = new int[n / 2 + 1];
        reversed = new int[n];
        for (int i = 0; i < n; i++) {
            int j = log2n == 0 ? 0 : Integer.reverse(i) >>> (32 - log2n);
            reversed[i] = j;
            if (i < j) {
                from[swaps] = i;
                to[swaps] = j;
                swaps++;
            }
        }
        swapFrom = java.util.Arrays.copyOf(from, swaps);
        swapTo = java.util.Arrays.copyOf(to, swaps);
        radix2First = log2n % 2 == 1;
        int stages = log2n / 2;
        quarter = new int[stages];
        twiddleOffset = new int[stages];
        int total = 0;
        for (int s = 0, h = radix2First ? 2 : 1; s < stages; s++, h *= 4) {
            quarter[s] = h;
            twiddleOffset[s] = total;
            total += 6 * h;
        }
        forwardTwiddles = new double[total];
        inverseTwiddles = new double[total];
        for (int s = 0; s < stages; s++) {
            int h = quarter[s];
            for (int i = 0; i < h; i++) {
                for (int power = 1; power <= 3; power++) {
                    double angle = 2 * Math.PI * power * i / (4.0 * h);
                    int at = twiddleOffset[s] + 2 * (power - 1) * h + i;
                    double c = Math.cos(angle);
                    double sn = Math.sin(angle);
                    forwardTwiddles[at] = c;
                    forwardTwiddles[at + h] = -sn;
                    inverseTwiddles[at] = c;
                    inverseTwiddles[at + h] = sn;
                }
            }
        }
    }

    /** Transforms rows {@code first .. first+count-1} of the row-major matrix (re, im) with rows of length n. Unscaled. */
    public void rows(double[] re, double[] im, int first, int count, Direction direction) {
        for (int r = first; r < first + count; r++) {
            row(re, im, r * n, direction);
        }
    }

    /** Where input value i goes before {@link #rowFromBitReversed}: i with its bits reversed. */
    public int bitReversed(int i) {
        return reversed[i];
    }

    /** Transforms the n values at {@code offset} in place. Unscaled: the inverse does not divide by n. */
    public void row(double[] re, double[] im, int offset, Direction direction) {
        for (int k = 0; k < swapFrom.length; k++) {
            int a = offset + swapFrom[k];
            int b = offset + swapTo[k];
            double t = re[a];
            re[a] = re[b];
            re[b] = t;
            t = im[a];
            im[a] = im[b];
            im[b] = t;
        }
        rowFromBitReversed(re, im, offset, direction);
    }

    /**
     * Transforms the n values at {@code offset} in place, given in bit-reversed order (value i at
     * {@link #bitReversed}(i)), as a gather that moves them anyway can place them; result in natural order.
     */
    public void rowFromBitReversed(double[] re, double[] im, int offset, Direction direction) {
        if (radix2First) {
            for (int a = offset; a < offset + n; a += 2) {
                double ur = re[a];
                double ui = im[a];
                double vr = re[a + 1];
                double vi = im[a + 1];
                re[a] = ur + vr;
                im[a] = ui + vi;
                re[a + 1] = ur - vr;
                im[a + 1] = ui - vi;
            }
        }
        double[] w = direction == Direction.FORWARD ? forwardTwiddles : inverseTwiddles;
        double sign = direction.sign;
        for (int s = 0; s < quarter.length; s++) {
            int h = quarter[s];
            if (simd && h % VectorRadix4.LANES == 0) {
                VectorRadix4.stage(re, im, offset, n, h, w, twiddleOffset[s], sign);
            } else {
                radix4Stage(re, im, offset, h, w, twiddleOffset[s], sign);
            }
        }
    }

    /**
     * Combines four transforms of length h (bit-reversed order: residues 0, 2, 1, 3 mod 4 of the
     * length-4h block) into one of length 4h: X[i + qh] = t0 + (s i)^q t1 + (-1)^q t2 + (-s i)^q t3 where
     * t_r is the residue-r transform times W^(r i), W = exp(s 2 pi i / 4h), s the direction's sign.
     */
    private void radix4Stage(double[] re, double[] im, int offset, int h, double[] w, int tw, double sign) {
        for (int base = offset; base < offset + n; base += 4 * h) {
            for (int i = 0, t = tw; i < h; i++, t++) {
                int i0 = base + i;
                int i1 = i0 + h;
                int i2 = i1 + h;
                int i3 = i2 + h;
                double w1r = w[t];
                double w1i = w[t + h];
                double w2r = w[t + 2 * h];
                double w2i = w[t + 3 * h];
                double w3r = w[t + 4 * h];
                double w3i = w[t + 5 * h];
                double t0r = re[i0];
                double t0i = im[i0];
                double ar = re[i2];
                double ai = im[i2];
                double t1r = ar * w1r - ai * w1i;
                double t1i = ar * w1i + ai * w1r;
                ar = re[i1];
                ai = im[i1];
                double t2r = ar * w2r - ai * w2i;
                double t2i = ar * w2i + ai * w2r;
                ar = re[i3];
                ai = im[i3];
                double t3r = ar * w3r - ai * w3i;
                double t3i = ar * w3i + ai * w3r;
                double s02r = t0r + t2r;
                double s02i = t0i + t2i;
                double d02r = t0r - t2r;
                double d02i = t0i - t2i;
                double s13r = t1r + t3r;
                double s13i = t1i + t3i;
                // (s i) * d13, with s = -1 forward: -i d13 = (d13i, -d13r)
                double rd13r = -sign * (t1i - t3i);
                double rd13i = sign * (t1r - t3r);
                re[i0] = s02r + s13r;
                im[i0] = s02i + s13i;
                re[i1] = d02r + rd13r;
                im[i1] = d02i + rd13i;
                re[i2] = s02r - s13r;
                im[i2] = s02i - s13i;
                re[i3] = d02r - rd13r;
                im[i3] = d02i - rd13i;
            }
        }
    }
}
