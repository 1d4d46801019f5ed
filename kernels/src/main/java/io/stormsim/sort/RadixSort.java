package io.stormsim.sort;

import io.stormsim.run.ConfigValues;
import java.util.Arrays;
import java.util.Map;

/**
 * Sequential stable LSD radix sort of unsigned 32- or 64-bit keys, each optionally with a 64-bit payload that
 * moves with its key: the oracle of the partitioned sort and the kernel each partition runs alone. One read
 * counts four digits at once; each pass then scatters between two ping-pong buffers, and a pass whose digit
 * has a single non-empty bucket is skipped (it would be the identity), which keeps inputs with few distinct
 * values or shared high bits cheap; input already in order is returned after one read. Record-sized scratch
 * buffers are kept and reused across calls (only tables of one entry per digit value are made per call);
 * not thread-safe.
 */
public final class RadixSort {
    public static final String DIGIT_BITS_KEY = "stormsim.sort.digit.bits";
    public static final int MIN_DIGIT_BITS = 8;
    public static final int MAX_DIGIT_BITS = 16;
    /**
     * Fastest measured ({@code stormsim bench radix-sort --digit-bits}, 1e6 and 1e7 keys and records): wider
     * digits save passes but scatter to more buckets than the L1 cache and TLB hold, and each of their passes
     * costs 2-3x an 8-bit pass.
     */
    public static final int DEFAULT_DIGIT_BITS = 8;
    private static final String DIGIT_BITS_ALLOWED = "an integer in " + MIN_DIGIT_BITS + ".." + MAX_DIGIT_BITS;

    private final int digitBits;
    private final int[] next;
    private int[] counts = new int[0];
    private int[] intScratch = new int[0];
    private long[] longScratch = new long[0];
    private long[] payloadScratch = new long[0];

    public RadixSort(int digitBits) {
        this.digitBits = checkDigitBits(digitBits);
        this.next = new int[1 << digitBits];
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
        checkLengths(keys.length, payloads, n);
        if (ascending(keys, n)) {
            return;
        }
        int passes = passes(32, digitBits);
        int radix = 1 << digitBits;
        int[] c = counts(passes * radix);
        countDigits(keys, 0, n, 0, digitBits, passes, c);
        if (intScratch.length < n) {
            intScratch = new int[n];
        }
        int[] src = keys, dst = intScratch;
        long[] srcPay = payloads, dstPay = payloadScratch(payloads, n);
        for (int p = 0; p < passes; p++) {
            int shift = p * digitBits;
            if (toOffsets(c, p * radix, radix, n, (src[0] >>> shift) & (radix - 1), next)) {
                scatter(src, srcPay, dst, dstPay, n, shift, next);
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
        checkLengths(keys.length, payloads, n);
        if (ascending(keys, n)) {
            return;
        }
        int passes = passes(64, digitBits);
        int radix = 1 << digitBits;
        int[] c = counts(passes * radix);
        countDigits(keys, 0, n, 0, digitBits, passes, c);
        if (longScratch.length < n) {
            longScratch = new long[n];
        }
        long[] src = keys, dst = longScratch;
        long[] srcPay = payloads, dstPay = payloadScratch(payloads, n);
        for (int p = 0; p < passes; p++) {
            int shift = p * digitBits;
            if (toOffsets(c, p * radix, radix, n, (int) (src[0] >>> shift) & (radix - 1), next)) {
                scatter(src, srcPay, dst, dstPay, n, shift, next);
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

    /** Whether records {@code from .. to-1} of {@code r} are in unsigned key order. */
    static boolean ascending(SortRecords r, int from, int to) {
        if (r.keyBits() == 32) {
            int[] keys = r.intKeys();
            for (int i = from + 1; i < to; i++) {
                if (Integer.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                    return false;
                }
            }
        } else {
            long[] keys = r.longKeys();
            for (int i = from + 1; i < to; i++) {
                if (Long.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether {@code keys[0..n)} are already in unsigned order, when the stable sort is the identity. Random
     * keys answer within a few reads; sorted input then costs one read instead of every pass.
     */
    private static boolean ascending(int[] keys, int n) {
        for (int i = 1; i < n; i++) {
            if (Integer.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean ascending(long[] keys, int n) {
        for (int i = 1; i < n; i++) {
            if (Long.compareUnsigned(keys[i - 1], keys[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private static void checkLengths(int keys, long[] payloads, int n) {
        if (n < 0 || n > keys || (payloads != null && payloads.length < n)) {
            throw new IllegalArgumentException("cannot sort " + n + " records with " + keys + " keys and "
                    + (payloads == null ? "no" : Integer.toString(payloads.length)) + " payloads");
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
     * Adds to {@code counts[d * radix + v]} the number of keys in {@code keys[from..to)} whose digit {@code d}
     * (bits {@code firstShift + d * digitBits} up) is {@code v}, for {@code d < digits}, reading the keys once
     * per four digits.
     */
    static void countDigits(int[] keys, int from, int to, int firstShift, int digitBits, int digits, int[] counts) {
        for (int d = 0; d < digits; d += 4) {
            // Each group's loop in a method of its own: compiled alone it measured 30% faster than nested here.
            countFour(keys, from, to, shift(firstShift, digitBits, digits, d), shift(firstShift, digitBits, digits, d + 1),
                    shift(firstShift, digitBits, digits, d + 2), shift(firstShift, digitBits, digits, d + 3),
                    digitBits, counts, d, digits);
        }
    }

    private static void countFour(int[] keys, int from, int to, int s0, int s1, int s2, int s3, int digitBits,
                                  int[] counts, int d, int digits) {
        // Tables allocated here: C2 then knows their length and that no store to one changes another, which
        // measured twice as fast as counting into a kept array; each indexed under its own length - 1, which
        // lets C2 drop the range checks. Tables past the last digit are dummies, except for a group of three
        // (the digits below a partition's top digit, 8-bit digits of 32-bit keys): counting a dummy there
        // took each partition's sort of 1e7 keys in 2 partitions from 14.3-15.6 ms to 15.8-17.4.
        int radix = 1 << digitBits;
        int[] c0 = new int[radix], c1 = new int[radix], c2 = new int[radix], c3 = new int[radix];
        if (digits - d == 1) {
            countOne(keys, from, to, s0, c0);
        } else if (digits - d == 3) {
            int m0 = c0.length - 1, m1 = c1.length - 1, m2 = c2.length - 1;
            for (int i = from; i < to; i++) {
                int k = keys[i];
                c0[(k >>> s0) & m0]++;
                c1[(k >>> s1) & m1]++;
                c2[(k >>> s2) & m2]++;
            }
        } else {
            int m0 = c0.length - 1, m1 = c1.length - 1, m2 = c2.length - 1, m3 = c3.length - 1;
            for (int i = from; i < to; i++) {
                int k = keys[i];
                c0[(k >>> s0) & m0]++;
                c1[(k >>> s1) & m1]++;
                c2[(k >>> s2) & m2]++;
                c3[(k >>> s3) & m3]++;
            }
        }
        for (int v = 0; v < radix; v++) {
            counts[d * radix + v] += c0[v];
        }
        for (int t = 1, at = (d + 1) * radix; t < 4 && d + t < digits; t++, at += radix) {
            int[] c = t == 1 ? c1 : t == 2 ? c2 : c3;
            for (int v = 0; v < radix; v++) {
                counts[at + v] += c[v];
            }
        }
    }

    private static void countOne(int[] keys, int from, int to, int shift, int[] c) {
        int mask = c.length - 1;
        for (int i = from; i < to; i++) {
            c[(keys[i] >>> shift) & mask]++;
        }
    }

    /** As {@link #countDigits(int[], int, int, int, int, int, int[])} for 64-bit keys. */
    static void countDigits(long[] keys, int from, int to, int firstShift, int digitBits, int digits, int[] counts) {
        for (int d = 0; d < digits; d += 4) {
            countFour(keys, from, to, shift(firstShift, digitBits, digits, d), shift(firstShift, digitBits, digits, d + 1),
                    shift(firstShift, digitBits, digits, d + 2), shift(firstShift, digitBits, digits, d + 3),
                    digitBits, counts, d, digits);
        }
    }

    private static void countFour(long[] keys, int from, int to, int s0, int s1, int s2, int s3, int digitBits,
                                  int[] counts, int d, int digits) {
        // One mask for all four tables here: indexed under their own lengths, as the 32-bit loop is, this loop
        // measured three times slower.
        int radix = 1 << digitBits, mask = radix - 1;
        int[] c0 = new int[radix], c1 = new int[radix], c2 = new int[radix], c3 = new int[radix];
        if (digits - d == 1) {
            for (int i = from; i < to; i++) {
                c0[(int) (keys[i] >>> s0) & mask]++;
            }
        } else if (digits - d == 3) {
            for (int i = from; i < to; i++) {
                long k = keys[i];
                c0[(int) (k >>> s0) & mask]++;
                c1[(int) (k >>> s1) & mask]++;
                c2[(int) (k >>> s2) & mask]++;
            }
        } else {
            for (int i = from; i < to; i++) {
                long k = keys[i];
                c0[(int) (k >>> s0) & mask]++;
                c1[(int) (k >>> s1) & mask]++;
                c2[(int) (k >>> s2) & mask]++;
                c3[(int) (k >>> s3) & mask]++;
            }
        }
        addCounts(counts, d, digits, radix, c0, c1, c2, c3);
    }

    /** The shift of digit {@code d}; that of the group's first digit for the dummy slots past the last digit. */
    private static int shift(int firstShift, int digitBits, int digits, int d) {
        return firstShift + (d < digits ? d : d & ~3) * digitBits;
    }

    private static void addCounts(int[] counts, int d, int digits, int radix, int[]... tables) {
        for (int t = 0; t < tables.length && d + t < digits; t++) {
            for (int v = 0, at = (d + t) * radix; v < radix; v++) {
                counts[at + v] += tables[t][v];
            }
        }
    }

    /** {@link #countDigits} of records {@code from .. to-1} of {@code r}, whichever their key width. */
    static void count(SortRecords r, int from, int to, int firstShift, int digitBits, int digits, int[] counts) {
        if (r.keyBits() == 32) {
            countDigits(r.intKeys(), from, to, firstShift, digitBits, digits, counts);
        } else {
            countDigits(r.longKeys(), from, to, firstShift, digitBits, digits, counts);
        }
    }

    /** {@link #scatterRuns} of runs of records into {@code dst}, of their kind. */
    static void scatter(SortRecords[] records, int[] from, int[] count, int runs, SortRecords dst, int shift,
                        int[] next) {
        long[][] payloads = dst.hasPayloads() ? new long[runs][] : null;
        for (int r = 0; r < runs && payloads != null; r++) {
            payloads[r] = records[r].payloads();
        }
        if (dst.keyBits() == 32) {
            int[][] keys = new int[runs][];
            for (int r = 0; r < runs; r++) {
                keys[r] = records[r].intKeys();
            }
            scatterRuns(keys, payloads, from, count, runs, dst.intKeys(), dst.payloads(), shift, next);
        } else {
            long[][] keys = new long[runs][];
            for (int r = 0; r < runs; r++) {
                keys[r] = records[r].longKeys();
            }
            scatterRuns(keys, payloads, from, count, runs, dst.longKeys(), dst.payloads(), shift, next);
        }
    }

    /**
     * Writes into {@code next} the exclusive prefix sums of the counts {@code c[base .. base+radix)} of {@code n}
     * keys (each bucket's first output position) and returns true; returns false if the bucket of
     * {@code anyDigit} (the digit of any key) holds all {@code n} keys, when the pass would not move anything.
     */
    static boolean toOffsets(int[] c, int base, int radix, int n, int anyDigit, int[] next) {
        if (c[base + anyDigit] == n) {
            return false;
        }
        for (int v = 0, sum = 0; v < radix; v++) {
            next[v] = sum;
            sum += c[base + v];
        }
        return true;
    }

    /**
     * Stable scatter of {@code src[0..n)} (and payloads, if {@code srcPay} is not null) to {@code dst} by the
     * digit at {@code shift}: a key of digit {@code v} goes to {@code next[v]}, which then advances;
     * {@code next} has one entry per digit value (a power of two).
     */
    static void scatter(int[] src, long[] srcPay, int[] dst, long[] dstPay, int n, int shift, int[] next) {
        scatterRuns(new int[][] {src}, srcPay == null ? null : new long[][] {srcPay}, new int[] {0}, new int[] {n}, 1,
                dst, dstPay, shift, next);
    }

    /** As {@link #scatter(int[], long[], int[], long[], int, int, int[])} for 64-bit keys. */
    static void scatter(long[] src, long[] srcPay, long[] dst, long[] dstPay, int n, int shift, int[] next) {
        scatterRuns(new long[][] {src}, srcPay == null ? null : new long[][] {srcPay}, new int[] {0}, new int[] {n},
                1, dst, dstPay, shift, next);
    }

    /**
     * Stable scatter of {@code runs} runs of records, one after another, by the digit at {@code shift}: run
     * {@code r} is records {@code from[r] .. from[r]+length[r]-1} of {@code keys[r]} (and of {@code payloads[r]},
     * if {@code payloads} is not null); a record of digit {@code v} goes to {@code next[v]} of {@code dst}
     * (and {@code dstPay}), which then advances. {@code next} has one entry per digit value (a power of two).
     */
    static void scatterRuns(int[][] keys, long[][] payloads, int[] from, int[] length, int runs, int[] dst,
                            long[] dstPay, int shift, int[] next) {
        // Keys alone and records each have a loop method of their own: compiled into one, the keys' loop
        // measured slower.
        if (payloads == null) {
            scatterKeys(keys, from, length, runs, dst, shift, next);
        } else {
            scatterRecords(keys, payloads, from, length, runs, dst, dstPay, shift, next);
        }
    }

    /** As {@link #scatterRuns(int[][], long[][], int[], int[], int, int[], long[], int, int[])} for 64-bit keys. */
    static void scatterRuns(long[][] keys, long[][] payloads, int[] from, int[] length, int runs, long[] dst,
                            long[] dstPay, int shift, int[] next) {
        if (payloads == null) {
            scatterKeys(keys, from, length, runs, dst, shift, next);
        } else {
            scatterRecords(keys, payloads, from, length, runs, dst, dstPay, shift, next);
        }
    }

    // In each loop method, a fresh copy of next indexed under (its length - 1): C2 then drops the range check and
    // knows no store to dst changes it, measured 1.3x faster per pass than a table passed in.

    private static void scatterKeys(int[][] keys, int[] from, int[] length, int runs, int[] dst, int shift,
                                    int[] next) {
        int[] at = Arrays.copyOf(next, next.length);
        int mask = at.length - 1;
        for (int r = 0; r < runs; r++) {
            int[] src = keys[r];
            for (int i = from[r], end = from[r] + length[r]; i < end; i++) {
                int k = src[i];
                dst[at[(k >>> shift) & mask]++] = k;
            }
        }
        System.arraycopy(at, 0, next, 0, at.length);
    }

    private static void scatterRecords(int[][] keys, long[][] payloads, int[] from, int[] length, int runs,
                                       int[] dst, long[] dstPay, int shift, int[] next) {
        int[] at = Arrays.copyOf(next, next.length);
        int mask = at.length - 1;
        for (int r = 0; r < runs; r++) {
            int[] src = keys[r];
            long[] srcPay = payloads[r];
            for (int i = from[r], end = from[r] + length[r]; i < end; i++) {
                int k = src[i];
                int p = at[(k >>> shift) & mask]++;
                dst[p] = k;
                dstPay[p] = srcPay[i];
            }
        }
        System.arraycopy(at, 0, next, 0, at.length);
    }

    private static void scatterKeys(long[][] keys, int[] from, int[] length, int runs, long[] dst, int shift,
                                    int[] next) {
        int[] at = Arrays.copyOf(next, next.length);
        int mask = at.length - 1;
        for (int r = 0; r < runs; r++) {
            long[] src = keys[r];
            for (int i = from[r], end = from[r] + length[r]; i < end; i++) {
                long k = src[i];
                dst[at[(int) (k >>> shift) & mask]++] = k;
            }
        }
        System.arraycopy(at, 0, next, 0, at.length);
    }

    private static void scatterRecords(long[][] keys, long[][] payloads, int[] from, int[] length, int runs,
                                       long[] dst, long[] dstPay, int shift, int[] next) {
        int[] at = Arrays.copyOf(next, next.length);
        int mask = at.length - 1;
        for (int r = 0; r < runs; r++) {
            long[] src = keys[r];
            long[] srcPay = payloads[r];
            for (int i = from[r], end = from[r] + length[r]; i < end; i++) {
                long k = src[i];
                int p = at[(int) (k >>> shift) & mask]++;
                dst[p] = k;
                dstPay[p] = srcPay[i];
            }
        }
        System.arraycopy(at, 0, next, 0, at.length);
    }
}
