package io.stormsim.sort;

import io.stormsim.run.ConfigValues;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded, deterministic sort inputs of the shapes that stress a radix sort differently, named by the
 * strings a topology config uses ({@link #GENERATOR_KEY}). Payloads, if asked for, are the input index.
 */
public enum KeyGenerator {
    /** Every key bit uniformly random. */
    UNIFORM("uniform"),
    /** Keys drawn uniformly from {@value #FEW} distinct uniform values: few non-empty buckets in every pass. */
    FEW_DISTINCT("few-distinct"),
    /**
     * {@value #HOT_PERCENT}% of the keys share one value of their upper half (bits 16..31 or 32..63), the rest
     * of the bits uniform: every digit drawn from the upper half has one bucket of at least that share, which
     * is what a partitioned pass must spread over many destinations.
     */
    HOT_DIGIT("hot-digit"),
    /** Uniform keys in ascending unsigned order. */
    SORTED("sorted"),
    /** Uniform keys in descending unsigned order. */
    REVERSED("reversed");

    public static final String GENERATOR_KEY = "stormsim.sort.generator";
    static final int FEW = 16;
    static final int HOT_PERCENT = 90;

    private final String name;

    KeyGenerator(String name) {
        this.name = name;
    }

    /** The config name ({@code uniform}, {@code few-distinct}, ...). */
    public String configName() {
        return name;
    }

    /** The generator of that config name; fails naming the key, the value and the names allowed. */
    public static KeyGenerator named(String name) {
        for (KeyGenerator g : values()) {
            if (g.name.equals(name)) {
                return g;
            }
        }
        throw ConfigValues.notAllowed(GENERATOR_KEY, name, allowedNames());
    }

    /** The generator named by {@link #GENERATOR_KEY} in a topology config. */
    public static KeyGenerator fromConfig(Map<String, Object> conf) {
        return named(ConfigValues.stringValue(conf, GENERATOR_KEY, false));
    }

    private static String allowedNames() {
        StringBuilder s = new StringBuilder("one of ");
        for (KeyGenerator g : values()) {
            s.append(g.ordinal() == 0 ? "" : "|").append(g.name);
        }
        return s.toString();
    }

    /** {@code n} records of {@code keyBits}-bit keys (32 or 64), payload = input index if {@code indexPayloads}. */
    public SortRecords generate(int keyBits, int n, boolean indexPayloads, long seed) {
        return generate(keyBits, n, indexPayloads, seed, 0, n);
    }

    /**
     * Records {@code from .. from+count-1} of {@link #generate(int, int, boolean, long) the n records}, the same
     * bits. The draws before {@code from} are made and dropped, so only the range is held (the sorted and
     * reversed inputs are made whole first, being sorted).
     */
    public SortRecords generate(int keyBits, int n, boolean indexPayloads, long seed, int from, int count) {
        SortRecords.checkKeyBits(keyBits);
        SortRecords into = SortRecords.allocate(keyBits, indexPayloads, Math.max(0, count));
        generate(n, seed, from, count, into);
        return into;
    }

    /**
     * Records {@code from .. from+count-1} of the n records of {@code into}'s kind (its key bits; payload = input
     * index if it has payloads), written into {@code into}, whose size is set to {@code count}: the same bits as
     * {@link #generate(int, int, boolean, long, int, int)}, into a buffer that can be reused.
     */
    public void generate(int n, long seed, int from, int count, SortRecords into) {
        if (from < 0 || count < 0 || from > n - count) {
            throw new IllegalArgumentException("records " + from + " .. " + (from + count - 1) + " of " + n
                    + " cannot be generated");
        }
        into.resize(count);
        keys(into.keyBits(), n, new SplittableRandom(seed), from, count, into);
        if (into.hasPayloads()) {
            long[] payloads = into.payloads();
            for (int i = 0; i < count; i++) {
                payloads[i] = from + i;
            }
        }
    }

    /** Keys {@code from .. from+count-1} of n, unsigned values of {@code keyBits} bits, into {@code keys} from 0. */
    private void keys(int keyBits, int n, SplittableRandom random, int from, int count, SortRecords keys) {
        long keyMask = keyBits == 64 ? -1L : 0xFFFF_FFFFL;
        int end = from + count;
        switch (this) {
            case FEW_DISTINCT -> {
                long[] values = new long[FEW];
                Arrays.setAll(values, i -> random.nextLong() & keyMask);
                for (int i = 0; i < end; i++) {
                    long k = values[random.nextInt(FEW)];
                    if (i >= from) {
                        keys.setKey(i - from, k);
                    }
                }
            }
            case HOT_DIGIT -> {
                long upper = keyMask << (keyBits / 2) & keyMask;
                long hot = random.nextLong() & upper;
                for (int i = 0; i < end; i++) {
                    long k = random.nextLong() & keyMask;
                    k = random.nextInt(100) < HOT_PERCENT ? hot | (k & ~upper) : k;
                    if (i >= from) {
                        keys.setKey(i - from, k);
                    }
                }
            }
            case UNIFORM -> {
                for (int i = 0; i < end; i++) {
                    long k = random.nextLong() & keyMask;
                    if (i >= from) {
                        keys.setKey(i - from, k);
                    }
                }
            }
            default -> {
                long[] all = UNIFORM.allKeys(keyBits, n, random);
                sortUnsigned(all, keyBits == 64);
                if (this == REVERSED) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        long t = all[i];
                        all[i] = all[j];
                        all[j] = t;
                    }
                }
                for (int i = 0; i < count; i++) {
                    keys.setKey(i, all[from + i]);
                }
            }
        }
    }

    /** All n keys, as unsigned values in the low {@code keyBits} bits of longs (the sorted inputs sort them whole). */
    private long[] allKeys(int keyBits, int n, SplittableRandom random) {
        long keyMask = keyBits == 64 ? -1L : 0xFFFF_FFFFL;
        long[] all = new long[n];
        for (int i = 0; i < n; i++) {
            all[i] = random.nextLong() & keyMask;
        }
        return all;
    }

    /** Ascending unsigned order; 32-bit values are non-negative as longs, so only 64-bit keys need the sign flip. */
    private static void sortUnsigned(long[] keys, boolean wide) {
        long flip = wide ? Long.MIN_VALUE : 0;
        for (int i = 0; i < keys.length; i++) {
            keys[i] ^= flip;
        }
        Arrays.sort(keys);
        for (int i = 0; i < keys.length; i++) {
            keys[i] ^= flip;
        }
    }
}
