package io.stormsim.sort;

import io.stormsim.run.ConfigValues;
import java.util.Arrays;
import java.util.Map;

/**
 * Sequential stable LSD radix sort of unsigned 32- or 64-bit keys, each optionally with a 64-bit payload that
 * moves with its key: the oracle of the partitioned sort and the kernel each partition runs alone. One read
 * counts every digit at once; each pass then scatters between two ping-pong buffers, and a pass whose digit
 * has a single non-empty bucket is skipped (it would be the identity), which keeps inputs with few distinct
 * values or shared high bits cheap. Scratch buffers are kept and reused across calls; not thread-safe.
 */
public final class RadixSort {
    public static final String DIGIT_BITS_KEY = "stormsim.sort.digit-bits";
    public static final int MIN_DIGIT_BITS = 8;
    public static final int MAX_DIGIT_BITS = 16;
    /** Fastest measured on 1e6..1e7 keys and records (see the report of issue 16 and RadixBench). */
    public static final int DEFAULT_DIGIT_BITS = 11;
    private static final String DIGIT_BITS_ALLOWED = "an integer in " + MIN_DIGIT_BITS + ".." + MAX_DIGIT_BITS;

    private final int digitBits;
    private int[] counts = new int[0];
    private int[] intScratch = new int[0];
    private long[] longScratch = new long[0];
    private long[] payloadScratch = new long[0];

    public RadixSort(int digitBits) {
        this.digitBits = checkDigitBits(digitBits);
    }

    /** The digit width from {@link #DIGIT_BITS_KEY} in a topology config, {@link #DEFAULT_DIGIT_BITS} if absent. */
    public static RadixSort fromConfig(Map<String, Object> conf) {
        return new RadixSort((int) ConfigValues.longValue(conf, DIGIT_BITS_KEY, DEFAULT_DIGIT_BITS, MIN_DIGIT_BITS,
                MAX_DIGIT_BITS, DIGIT_BITS_ALLOWED));
    }

    static int checkDigitBits(int digitBits) {
        if (digitBits < MIN_DIGIT_BITS || digitBits > MAX_DIGIT_BITS) {
            throw ConfigValues.notAllowed(DIGIT_BITS_KEY, digitBits, DIGIT_BITS_ALLOWED);
        }
        return digitBits;
    }

    public int digitBits() {
        return digitBits;
    }

    /** Digit passes over {@code keyBits}-bit keys at {@code digitBits} bits each (the last may be narrower). */
    public static int passes(int keyBits, int digitBits) {
        return (keyBits + digitBits - 1) / digitBits;
    }

    public void sort(int[] keys) {
        sort(keys, null, keys.length);
    }

    public void sort(long[] keys) {
        sort(keys, null, keys.length);
    }

    public void sort(SortRecords r) {
        if (r.keyBits() == 32) {
            sort(r.intKeys(), r.payloads(), r.size());
        } else {
            sort(r.longKeys(), r.payloads(), r.size());
        }
    }

    /** Sorts {@code keys[0..n)} in unsigned order, moving {@code payloads[i]} (if not null) with {@code keys[i]}. */
    public void sort(int[] keys, long[] payloads, int n) {
        if (n < 2) {
            return;
        }
        int passes = passes(32, digitBits);
        int radix = 1 << digitBits;
        int[] c = counts(passes * radix);
        countDigits(keys, n, 0, digitBits, passes, c);
        if (intScratch.length < n) {
            intScratch = new int[n];
        }
        int[] src = keys, dst = intScratch;
        long[] srcPay = payloads, dstPay = payloadScratch(payloads, n);
        for (int p = 0; p < passes; p++) {
            int shift = p * digitBits;
            if (toOffsets(c, p * radix, radix, n, (src[0] >>> shift) & (radix - 1))) {
                scatter(src, srcPay, dst, dstPay, n, shift, radix - 1, c, p * radix);
                int[] k = src; src = dst; dst = k;
                long[] q = srcPay; srcPay = dstPay; dstPay = q;
            }
        }
        if (src != keys) {
            System.arraycopy(src, 0, keys, 0, n);
            if (payloads != null) {
                System.arraycopy(srcPay, 0, payloads, 0, n);
            }
        }
    }

    /** Sorts {@code keys[0..n)} in unsigned order, moving {@code payloads[i]} (if not null) with {@code keys[i]}. */
    public void sort(long[] keys, long[] payloads, int n) {
        if (n < 2) {
            return;
        }
        int passes = passes(64, digitBits);
        int radix = 1 << digitBits;
        int[] c = counts(passes * radix);
        countDigits(keys, n, 0, digitBits, passes, c);
        if (longScratch.length < n) {
            longScratch = new long[n];
        }
        long[] src = keys, dst = longScratch;
        long[] srcPay = payloads, dstPay = payloadScratch(payloads, n);
        for (int p = 0; p < passes; p++) {
            int shift = p * digitBits;
            if (toOffsets(c, p * radix, radix, n, (int) (src[0] >>> shift) & (radix - 1))) {
                scatter(src, srcPay, dst, dstPay, n, shift, radix - 1, c, p * radix);
                long[] k = src; src = dst; dst = k;
                long[] q = srcPay; srcPay = dstPay; dstPay = q;
            }
        }
        if (src != keys) {
            System.arraycopy(src, 0, keys, 0, n);
            if (payloads != null) {
                System.arraycopy(srcPay, 0, payloads, 0, n);
            }
        }
    }

    private int[] counts(int length) {
        if (counts.length < length) {
            counts = new int[length];
        }
        Arrays.fill(counts, 0, length, 0);
        return counts;
    }

    private long[] payloadScratch(long[] payloads, int n) {
        if (payloads == null) {
            return null;
        }
        if (payloadScratch.length < n) {
            payloadScratch = new long[n];
        }
        return payloadScratch;
    }

    /**
     * Adds to {@code counts[d * radix + v]} the number of keys in {@code keys[0..n)} whose digit {@code d}
     * (bits {@code firstShift + d * digitBits} up) is {@code v}, for {@code d < digits}, in one read of the keys.
     */
    static void countDigits(int[] keys, int n, int firstShift, int digitBits, int digits, int[] counts) {
        int mask = (1 << digitBits) - 1;
        if (digits == 1) {
            for (int i = 0; i < n; i++) {
                counts[(keys[i] >>> firstShift) & mask]++;
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            int k = keys[i] >>> firstShift;
            for (int d = 0, base = 0; d < digits; d++, base += mask + 1, k >>>= digitBits) {
                counts[base + (k & mask)]++;
            }
        }
    }

    /** As {@link #countDigits(int[], int, int, int, int, int[])} for 64-bit keys. */
    static void countDigits(long[] keys, int n, int firstShift, int digitBits, int digits, int[] counts) {
        int mask = (1 << digitBits) - 1;
        if (digits == 1) {
            for (int i = 0; i < n; i++) {
                counts[(int) (keys[i] >>> firstShift) & mask]++;
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            long k = keys[i] >>> firstShift;
            for (int d = 0, base = 0; d < digits; d++, base += mask + 1, k >>>= digitBits) {
                counts[base + ((int) k & mask)]++;
            }
        }
    }

    /**
     * Turns the counts {@code c[base .. base+radix)} of {@code n} keys into exclusive prefix sums (each bucket's
     * first output position) and returns true; returns false, leaving them, if the bucket of {@code anyDigit}
     * (the digit of any key) holds all {@code n} keys, when the pass would not move anything.
     */
    static boolean toOffsets(int[] c, int base, int radix, int n, int anyDigit) {
        if (c[base + anyDigit] == n) {
            return false;
        }
        for (int v = base, sum = 0; v < base + radix; v++) {
            int count = c[v];
            c[v] = sum;
            sum += count;
        }
        return true;
    }

    /**
     * Stable scatter of {@code src[0..n)} (and payloads, if {@code srcPay} is not null) to {@code dst} by the
     * digit at {@code shift}: a key of digit {@code v} goes to {@code next[base + v]}, which then advances.
     */
    static void scatter(int[] src, long[] srcPay, int[] dst, long[] dstPay, int n, int shift, int mask,
                        int[] next, int base) {
        if (srcPay == null) {
            for (int i = 0; i < n; i++) {
                int k = src[i];
                dst[next[base + ((k >>> shift) & mask)]++] = k;
            }
        } else {
            for (int i = 0; i < n; i++) {
                int k = src[i];
                int at = next[base + ((k >>> shift) & mask)]++;
                dst[at] = k;
                dstPay[at] = srcPay[i];
            }
        }
    }

    /** As {@link #scatter(int[], long[], int[], long[], int, int, int, int[], int)} for 64-bit keys. */
    static void scatter(long[] src, long[] srcPay, long[] dst, long[] dstPay, int n, int shift, int mask,
                        int[] next, int base) {
        if (srcPay == null) {
            for (int i = 0; i < n; i++) {
                long k = src[i];
                dst[next[base + ((int) (k >>> shift) & mask)]++] = k;
            }
        } else {
            for (int i = 0; i < n; i++) {
                long k = src[i];
                int at = next[base + ((int) (k >>> shift) & mask)]++;
                dst[at] = k;
                dstPay[at] = srcPay[i];
            }
        }
    }
}
