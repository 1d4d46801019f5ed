package io.stormsim.sort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;

/**
 * One table of sort times on this machine: the library sorts, a plain 8-bit LSD radix sort written
 * straightforwardly (the baseline: a histogram read and a scatter per pass) and {@link RadixSort} at
 * 8, 11 and 16-bit digits, for 32-bit keys and 64-bit records (64-bit key + 64-bit payload), every generator.
 * Median of several timed repetitions after warm-up; the bound is passes x the time System.arraycopy takes
 * to move the same bytes once. Run with
 * {@code -Djava.util.concurrent.ForkJoinPool.common.parallelism=2 -Xmx3g}; arguments: sizes (default 1e6 1e7).
 */
public final class RadixBench {
    private static final int WARMUP = 2;
    private static final int REPS = 7;
    private static final int[] DIGIT_BITS = {8, 11, 16};

    private RadixBench() {
    }

    /** A sort of the working copy of one input (keys, payloads or null), timed per call. */
    private interface Method {
        void sort(SortRecords r);
    }

    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {1_000_000, 10_000_000}
                : Arrays.stream(args).mapToInt(a -> (int) Double.parseDouble(a)).toArray();
        System.out.printf(Locale.ROOT, "common pool parallelism %d, %d timed repetitions after %d warm-up: median,"
                + " min, median / the plain radix sort's%n",
                ForkJoinPool.getCommonPoolParallelism(), REPS, WARMUP);
        // Compiles every method's loops before the first printed row.
        for (int keyBits : new int[] {32, 64}) {
            table(KeyGenerator.UNIFORM.generate(keyBits, 300_000, keyBits == 64, 1), "warm-up", false);
        }
        System.out.printf(Locale.ROOT, "%-8s %9s %-13s %-19s %9s %7s %7s %8s %6s %8s %8s%n", "kind", "n", "input",
                "method", "median_ms", "min_ms", "x_plain", "Mkeys/s", "passes", "MB/pass", "bound_ms");
        for (int keyBits : new int[] {32, 64}) {
            boolean records = keyBits == 64;
            for (int n : sizes) {
                for (KeyGenerator g : KeyGenerator.values()) {
                    table(g.generate(keyBits, n, records, 42), g.configName(), true);
                }
            }
        }
    }

    private static void table(SortRecords input, String inputName, boolean print) {
        int n = input.size();
        int recordBytes = input.keyBits() / 8 + (input.hasPayloads() ? 8 : 0);
        double copyMs = copyMs(input);
        double mbPerPass = 2.0 * recordBytes * n / 1e6;
        String kind = input.hasPayloads() ? "records" : "keys32";
        List<String> names = new ArrayList<>();
        List<Method> methods = new ArrayList<>();
        List<Integer> passes = new ArrayList<>();
        names.add(input.hasPayloads() ? "Arrays.sort(keys)" : "Arrays.sort");
        methods.add(r -> {
            if (r.keyBits() == 32) {
                Arrays.sort(r.intKeys());
            } else {
                Arrays.sort(r.longKeys());
            }
        });
        passes.add(0);
        names.add(input.hasPayloads() ? "parallelSort(keys)" : "Arrays.parallelSort");
        methods.add(r -> {
            if (r.keyBits() == 32) {
                Arrays.parallelSort(r.intKeys());
            } else {
                Arrays.parallelSort(r.longKeys());
            }
        });
        passes.add(0);
        Method plainSort = new PlainRadix()::sort;
        names.add("plain 8-bit LSD");
        methods.add(plainSort);
        passes.add(input.keyBits() / 8);
        for (int bits : DIGIT_BITS) {
            RadixSort sort = new RadixSort(bits);
            names.add("RadixSort " + bits + "-bit");
            methods.add(sort::sort);
            passes.add(RadixSort.passes(input.keyBits(), bits));
        }
        SortRecords work = input.allocateLike(n);
        SortRecords reference = null;
        double[][] ms = new double[methods.size()][REPS];
        // Repetitions go round the methods, so that a burst of load from elsewhere hits all of them alike.
        for (int rep = -WARMUP; rep < REPS; rep++) {
            for (int m = 0; m < methods.size(); m++) {
                input.copyTo(0, work, 0, n);
                work.resize(n);
                long t0 = System.nanoTime();
                methods.get(m).sort(work);
                long t1 = System.nanoTime();
                if (rep >= 0) {
                    ms[m][rep] = (t1 - t0) / 1e6;
                }
                if (rep == REPS - 1 && passes.get(m) > 0) {
                    if (reference == null) {
                        reference = work.copyOfRange(0, n);
                    } else if (!reference.sameRecords(work)) {
                        throw new AssertionError(names.get(m) + " disagrees with the plain radix sort on " + inputName);
                    }
                }
            }
        }
        double plainMs = median(ms[methods.indexOf(plainSort)]);
        for (int m = 0; m < methods.size() && print; m++) {
            double median = median(ms[m]);
            int p = passes.get(m);
            System.out.printf(Locale.ROOT, "%-8s %9d %-13s %-19s %9.1f %7.1f %7s %8.1f %6s %8.0f %8s%n", kind, n,
                    inputName, names.get(m), median, ms[m][0], p > 0 ? String.format(Locale.ROOT, "%.2f",
                            median / plainMs) : "-", n / median / 1e3, p > 0 ? Integer.toString(p) : "-",
                    mbPerPass, p > 0 ? String.format(Locale.ROOT, "%.1f", p * copyMs) : "-");
        }
    }

    /** Sorts {@code ms} and returns its middle value. */
    private static double median(double[] ms) {
        Arrays.sort(ms);
        return ms[ms.length / 2];
    }

    /** Median time of System.arraycopy moving the input's arrays once (the bandwidth floor of one pass). */
    private static double copyMs(SortRecords input) {
        SortRecords dst = input.allocateLike(input.size());
        double[] ms = new double[REPS];
        for (int rep = -WARMUP; rep < REPS; rep++) {
            long t0 = System.nanoTime();
            input.copyTo(0, dst, 0, input.size());
            long t1 = System.nanoTime();
            if (rep >= 0) {
                ms[rep] = (t1 - t0) / 1e6;
            }
        }
        return median(ms);
    }

    /** The baseline: textbook LSD radix sort, 8-bit digits, one histogram read and one scatter per pass. */
    private static final class PlainRadix {
        private int[] intBuf = new int[0];
        private long[] longBuf = new long[0];
        private long[] payBuf = new long[0];
        private final int[] count = new int[256];

        void sort(SortRecords r) {
            int n = r.size();
            if (r.keyBits() == 32) {
                if (intBuf.length < n) {
                    intBuf = new int[n];
                }
                int[] src = r.intKeys(), dst = intBuf;
                for (int shift = 0; shift < 32; shift += 8) {
                    Arrays.fill(count, 0);
                    for (int i = 0; i < n; i++) {
                        count[(src[i] >>> shift) & 0xFF]++;
                    }
                    for (int v = 0, sum = 0; v < 256; v++) {
                        int c = count[v];
                        count[v] = sum;
                        sum += c;
                    }
                    for (int i = 0; i < n; i++) {
                        int k = src[i];
                        dst[count[(k >>> shift) & 0xFF]++] = k;
                    }
                    int[] t = src;
                    src = dst;
                    dst = t;
                }
            } else {
                if (longBuf.length < n) {
                    longBuf = new long[n];
                    payBuf = new long[n];
                }
                long[] src = r.longKeys(), dst = longBuf, srcPay = r.payloads(), dstPay = payBuf;
                for (int shift = 0; shift < 64; shift += 8) {
                    Arrays.fill(count, 0);
                    for (int i = 0; i < n; i++) {
                        count[(int) (src[i] >>> shift) & 0xFF]++;
                    }
                    for (int v = 0, sum = 0; v < 256; v++) {
                        int c = count[v];
                        count[v] = sum;
                        sum += c;
                    }
                    for (int i = 0; i < n; i++) {
                        long k = src[i];
                        int at = count[(int) (k >>> shift) & 0xFF]++;
                        dst[at] = k;
                        dstPay[at] = srcPay[i];
                    }
                    long[] t = src;
                    src = dst;
                    dst = t;
                    t = srcPay;
                    srcPay = dstPay;
                    dstPay = t;
                }
            }
        }
    }
}
