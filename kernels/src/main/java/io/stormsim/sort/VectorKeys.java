package io.stormsim.sort;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/** {@link KeySplit}'s count of equal keys a vector at a time: loaded only where the JVM has the Vector API. */
final class VectorKeys {
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

    private VectorKeys() {
    }

    /** Records among the first {@code count} of {@code r} whose key is the unsigned {@code key}. */
    static int equal(SortRecords r, int count, long key) {
        int equal = 0, i = 0;
        if (r.keyBits() == 32) {
            int[] keys = r.intKeys();
            IntVector k = IntVector.broadcast(INTS, (int) key);
            for (int end = INTS.loopBound(count); i < end; i += INTS.length()) {
                equal += IntVector.fromArray(INTS, keys, i).eq(k).trueCount();
            }
        } else {
            long[] keys = r.longKeys();
            LongVector k = LongVector.broadcast(LONGS, key);
            for (int end = LONGS.loopBound(count); i < end; i += LONGS.length()) {
                equal += LongVector.fromArray(LONGS, keys, i).eq(k).trueCount();
            }
        }
        return equal + KeySplit.equalKeys(r, i, count, key);
    }
}
