package io.stormsim.sort;

/**
 * Digit counts of any records, as {@link RadixPartition#histogram} counts a partition's stripe: a sender
 * counts the next pass's digit over each chunk it sends, so that the receivers learn every partition's
 * histogram of that pass from the chunks' exchange itself, without a second exchange.
 */
public final class DigitHistogram {
    private DigitHistogram() {
    }

    /**
     * Adds to {@code into[at + v]} the number of the records whose digit {@code pass} (of {@code digitBits}
     * bits, from bit {@code pass * digitBits} up) has value {@code v}, for every {@code v < 2^digitBits}.
     */
    public static void add(SortRecords records, int pass, int digitBits, long[] into, int at) {
        RadixSort.checkDigitBits(digitBits);
        int passes = RadixSort.passes(records.keyBits(), digitBits);
        if (pass < 0 || pass >= passes) {
            throw new IllegalArgumentException("pass " + pass + " is not allowed: " + records.keyBits() + "-bit keys in "
                    + digitBits + "-bit digits have passes 0.." + (passes - 1));
        }
        int radix = 1 << digitBits;
        if (at < 0 || at > into.length - radix) {
            throw new IllegalArgumentException("counts at " + at + " of " + radix + " buckets do not fit an array of "
                    + into.length);
        }
        int[] counts = new int[radix];
        if (records.keyBits() == 32) {
            RadixSort.countDigits(records.intKeys(), records.size(), pass * digitBits, digitBits, 1, counts);
        } else {
            RadixSort.countDigits(records.longKeys(), records.size(), pass * digitBits, digitBits, 1, counts);
        }
        for (int v = 0; v < radix; v++) {
            into[at + v] += counts[v];
        }
    }
}
