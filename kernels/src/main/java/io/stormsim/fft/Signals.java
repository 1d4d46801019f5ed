package io.stormsim.fft;

/**
 * Test signals from a seed: point j's real and imaginary parts are uniform in [-1, 1), each a hash of
 * (seed, j), so any range is generated on its own (each partition makes only its rows) and the same
 * (seed, j) always gives the same bits.
 */
public final class Signals {
    private Signals() {
    }

    /** Points {@code from .. from+count-1} into (re, im) at {@code offset}. */
    public static void generate(long seed, long from, int count, double[] re, double[] im, int offset) {
        for (int i = 0; i < count; i++) {
            long j = from + i;
            re[offset + i] = uniform(mix(seed, 2 * j));
            im[offset + i] = uniform(mix(seed, 2 * j + 1));
        }
    }

    /** SplitMix64's finaliser over seed and counter. */
    private static long mix(long seed, long counter) {
        long z = seed * 0x9E3779B97F4A7C15L + counter * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static double uniform(long bits) {
        return ((bits >>> 11) * 0x1.0p-53) * 2 - 1;
    }
}
