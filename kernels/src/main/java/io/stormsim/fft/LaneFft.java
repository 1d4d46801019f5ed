package io.stormsim.fft;

import io.stormsim.run.VectorApi;

/**
 * In-place complex FFTs of one power-of-two length n on {@link #GROUP} rows at once, held interleaved:
 * value i of row (lane) b at {@code i * GROUP + b}, real and imaginary parts in two arrays of GROUP n.
 *
 * <p>Why lanes across rows: every butterfly then applies the same scalar twiddle factor to GROUP
 * independent rows, so all stages, the first ones included, run on whole SIMD vectors with no shuffles;
 * and a group of GROUP adjacent columns of a row-major matrix is one 64-byte run per matrix row, so the
 * gather from a received block and the scatter into a sent one move whole cache lines.
 *
 * <p>Iterative decimation in time on input in bit-reversed order (value i of each row at
 * {@link #bitReversed}(i): the gather that fills the group places it there): one radix-2 stage if log2 n
 * is odd, then radix-4 stages. All twiddle factors are precomputed per stage and direction, each directly
 * from cos/sin. Each lane sees the same IEEE operations in the same order (no fused multiply-add) on the
 * scalar path and the SIMD one ({@link VectorLaneFft}, where the JVM has the Vector API and a vector
 * holds GROUP doubles, AVX-512), so a row's
 * result has the same bits whichever path ran and whatever lane it sat in. A plan is immutable and may
 * be shared by threads.
 */
public final class LaneFft {
    /** Rows transformed together: 8 doubles, one AVX-512 vector and one cache line, per value. */
    public static final int GROUP = 8;
    /** Values of a group (128 bytes each) whose small stages run together: 32 KB, within L1. */
    private static final int BLOCK = 256;

    public final int n;
    private final int[] reversed;
    private final boolean radix2First;
    /** Radix-4 stages, smallest first: quarter length h and offset of its twiddles (6 planar arrays of h). */
    private final int[] quarter;
    private final int[] twiddleOffset;
    private final double[] forwardTwiddles;
    private final double[] inverseTwiddles;
    private final boolean simd;

    public LaneFft(int n) {
        this(n, VectorApi.PRESENT);
    }

    /** With {@code simd} false, the scalar loops only (tests compare the two). */
    LaneFft(int n, boolean simd) {
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("row length " + n + " is not a power of two >= 1");
        }
        this.n = n;
        this.simd = simd(simd);
        int log2n = Integer.numberOfTrailingZeros(n);
        reversed = new int[n];
        for (int i = 0; i < n; i++) {
            reversed[i] = log2n == 0 ? 0 : Integer.reverse(i) >>> (32 - log2n);
        }
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

    /** Whether the SIMD loops run, if {@code wanted}: where the JVM has the Vector API and a group is whole vectors. */
    static boolean simd(boolean wanted) {
        return wanted && VectorApi.PRESENT && VectorLaneFft.fits(GROUP);
    }

    /** Where input value i goes before {@link #transform}: i with its log2 n bits reversed. */
    public int bitReversed(int i) {
        return reversed[i];
    }

    /**
     * Transforms the GROUP interleaved rows in (re, im) (GROUP n values each from index 0), given in
     * bit-reversed order; the result in natural order. Unscaled: the inverse does not divide by n. The
     * stages whose butterflies stay within BLOCK values run block by block (a block in L1), the others
     * over the whole group.
     */
    public void transform(double[] re, double[] im, Direction direction) {
        double[] w = direction == Direction.FORWARD ? forwardTwiddles : inverseTwiddles;
        boolean forward = direction == Direction.FORWARD;
        int inBlocks = 0;
        while (inBlocks < quarter.length && 4 * quarter[inBlocks] <= BLOCK) {
            inBlocks++;
        }
        int block = Math.min(n, BLOCK);
        for (int from = 0; from < n; from += block) {
            if (radix2First) {
                radix2(re, im, from, from + block);
            }
            for (int s = 0; s < inBlocks; s++) {
                radix4(re, im, from, from + block, quarter[s], w, twiddleOffset[s], forward);
            }
        }
        for (int s = inBlocks; s < quarter.length; s++) {
            radix4(re, im, 0, n, quarter[s], w, twiddleOffset[s], forward);
        }
    }

    private void radix2(double[] re, double[] im, int from, int to) {
        if (simd) {
            VectorLaneFft.radix2(re, im, from, to, GROUP);
            return;
        }
        for (int a = from * GROUP; a < to * GROUP; a += 2 * GROUP) {
            for (int b = a; b < a + GROUP; b++) {
                double ur = re[b];
                double ui = im[b];
                double vr = re[b + GROUP];
                double vi = im[b + GROUP];
                re[b] = ur + vr;
                im[b] = ui + vi;
                re[b + GROUP] = ur - vr;
                im[b + GROUP] = ui - vi;
            }
        }
    }

    /**
     * Combines four transforms of length h (bit-reversed order: residues 0, 2, 1, 3 mod 4 of each
     * length-4h block) into one of length 4h: X[i + qh] = t0 + (s i)^q t1 + (-1)^q t2 + (-s i)^q t3, t_r
     * the residue-r transform times W^(r i), W = exp(s 2 pi i / 4h), s = -1 forward, +1 inverse. At i = 0
     * every W^(r i) is 1 and is not multiplied. The two directions differ only in which of X[i + h] and
     * X[i + 3h] gets d02 + (u_i, -u_r) (u = t1 - t3) and which d02 - (u_i, -u_r).
     */
    private void radix4(double[] re, double[] im, int from, int to, int h, double[] w, int tw, boolean forward) {
        if (simd) {
            VectorLaneFft.radix4(re, im, from, to, h, w, tw, forward, GROUP);
            return;
        }
        int g = GROUP;
        int first = forward ? h * g : 3 * h * g;
        int third = forward ? 3 * h * g : h * g;
        for (int i = 0; i < h; i++) {
            double w1r = w[tw + i];
            double w1i = w[tw + h + i];
            double w2r = w[tw + 2 * h + i];
            double w2i = w[tw + 3 * h + i];
            double w3r = w[tw + 4 * h + i];
            double w3i = w[tw + 5 * h + i];
            for (int base = (from + i) * g; base < to * g; base += 4 * h * g) {
                for (int b = base; b < base + g; b++) {
                    int i1 = b + h * g;
                    int i2 = i1 + h * g;
                    int i3 = i2 + h * g;
                    double t0r = re[b];
                    double t0i = im[b];
                    double t1r = re[i2];
                    double t1i = im[i2];
                    double t2r = re[i1];
                    double t2i = im[i1];
                    double t3r = re[i3];
                    double t3i = im[i3];
                    if (i > 0) {
                        double ar = t1r;
                        t1r = ar * w1r - t1i * w1i;
                        t1i = ar * w1i + t1i * w1r;
                        ar = t2r;
                        t2r = ar * w2r - t2i * w2i;
                        t2i = ar * w2i + t2i * w2r;
                        ar = t3r;
                        t3r = ar * w3r - t3i * w3i;
                        t3i = ar * w3i + t3i * w3r;
                    }
                    double s02r = t0r + t2r;
                    double s02i = t0i + t2i;
                    double d02r = t0r - t2r;
                    double d02i = t0i - t2i;
                    double s13r = t1r + t3r;
                    double s13i = t1i + t3i;
                    double ur = t1r - t3r;
                    double ui = t1i - t3i;
                    re[b] = s02r + s13r;
                    im[b] = s02i + s13i;
                    re[b + first] = d02r + ui;
                    im[b + first] = d02i - ur;
                    re[i2] = s02r - s13r;
                    im[i2] = s02i - s13i;
                    re[b + third] = d02r - ui;
                    im[b + third] = d02i + ur;
                }
            }
        }
    }
}
