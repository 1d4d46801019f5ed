package io.stormsim.sort;

/**
 * Digit counts of any range of records, as {@link RadixPartition#histogram} counts a partition's stripe: a
 * sender counts the next pass's digit over each chunk it sends, so that the receivers learn every
 * partition's histogram of that pass from the chunks' exchange itself, without a second exchange.
 */
public final class DigitHistogram {
    private DigitHistogram() {
    }

    /**
     * Adds to {@code into[at + v]} the number of records {@code from .. from+count-1} whose digit {@code pass}
     * (of {@code digitBits} bits, from bit {@code pass * digitBits} up) has value {@code v}, for every
     * {@code v < 2^digitBits}.
     */
    public static void add(SortRecords records, int from, int count, int pass, int digitBits, long[] into, int at) {
        RadixSort.checkDigitBits(digitBits);
        int passes = RadixSort.passes(records.keyBits(), digitBits);
        if (pass < 0 || pass >= passes) {
            throw new IllegalArgumentException("pass " + pass + " is not allowed: " + records.keyBits() + "-bit keys in "
                    + digitBits + "-bit digits have passes 0.." + (passes - 1));
        }
        int radix = 1 << digitBits, shift = pass * digitBits;
        if (at < 0 || at > into.length - radix || from < 0 || count < 0 || from > records.size() - count) {
            throw new IllegalArgumentException("records " + from + " .. " + (from + count - 1) + " of " + records.size()
                    + " counted at " + at + " of an array of " + into.length + " for " + radix + " buckets");
        }
        int[] counts = new int[radix];
        // Indexed under the table's own length - 1, C2 drops the range check.
        int under = counts.length - 1;
        if (records.keyBits() == 32) {
            int[] keys = records.intKeys();
            for (int i = from; i < from + count; i++) {
                counts[(keys[i] >>> shift) & under]++;
            }
        } else {
            long[] keys = records.longKeys();
            for (int i = from; i < from + count; i++) {
                counts[(int) (keys[i] >>> shift) & under]++;
            }
        }
        for (int v = 0; v < radix; v++) {
            into[at + v] += counts[v];
        }
    }
}
