package io.stormsim.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.run.VectorApi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The split's two ways, a top digit pass with each splitter's digit's run cut in two after it ({@link
 * KeySplit#byTopDigit}) and every key's slot selected without a branch ({@link KeySplit#count} and
 * {@link KeySplit#scatter}), give the same counts and the same scattered records, for every generator, key
 * width and partition count; and the split leaves the top digit's way exactly on the inputs where many keys
 * share a splitter's top digit.
 */
class KeySplitTest {
    private static final int N = 20_011;

    /** The split's top digit with 8-bit digits, as {@link RadixPartition} orders by it. */
    private static int topShift(int keyBits) {
        return (RadixSort.passes(keyBits, 8) - 1) * 8;
    }

    private static KeySplitters splitters(SortRecords stripe, int partitions) {
        List<long[]> samples = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            int from = (int) RadixPartition.rangeStart(stripe.size(), partitions, p);
            int to = (int) RadixPartition.rangeStart(stripe.size(), partitions, p + 1);
            samples.add(KeySplitters.sample(stripe.copyOfRange(from, to), from));
        }
        return KeySplitters.choose(samples, partitions);
    }

    @Test
    void bothWaysGiveTheSameSlotsAndTheSameScatter() {
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                for (boolean payloads : new boolean[] {false, true}) {
                    for (int partitions : new int[] {1, 2, 3, 5}) {
                        SortRecords stripe = g.generate(keyBits, N, payloads, 17);
                        KeySplitters s = splitters(stripe, partitions);
                        int topShift = topShift(keyBits), topBits = keyBits - topShift;
                        int[] cuts = s.cutsByTop(topShift, topBits);
                        String where = g + ", " + keyBits + "-bit keys, payloads " + payloads + ", " + partitions
                                + " partitions";
                        if (cuts == null) {
                            assertTrue(g != KeyGenerator.UNIFORM && partitions > 2, where + ": a top digit cut twice");
                            continue;
                        }
                        int length = Integer.highestOneBit(Math.max(1, partitions - 1)) * 2 << topBits;
                        int[] bySlot = new int[length], byTop = new int[length];
                        KeySplit.count(stripe, 5, s, topShift, topBits, bySlot);
                        int[] next = new int[length];
                        for (int slot = 0, sum = 0; slot < length; slot++) {
                            next[slot] = sum;
                            sum += bySlot[slot];
                        }
                        SortRecords a = stripe.allocateLike(N), b = stripe.allocateLike(N);
                        KeySplit.scatter(stripe, 5, s, topShift, topBits, a, next);
                        KeySplit.byTopDigit(stripe, 5, s, cuts, topShift, topBits, b, byTop);
                        assertArrayEquals(bySlot, byTop, where + ": counts");
                        for (int i = 0; i < N; i++) {
                            assertEquals(a.key(i), b.key(i), where + ": key at " + i);
                            if (payloads) {
                                assertEquals(a.payloads()[i], b.payloads()[i], where + ": payload at " + i);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void equalKeysCountTheSameWithAndWithoutVectors() {
        assertTrue(VectorApi.PRESENT, "tests run with --add-modules jdk.incubator.vector (see pom.xml)");
        for (KeyGenerator g : KeyGenerator.values()) {
            for (int keyBits : new int[] {32, 64}) {
                SortRecords r = g.generate(keyBits, N, false, 23);
                for (int i : new int[] {0, 1, N / 3, N - 1}) {
                    long key = r.key(i);
                    for (int count : new int[] {0, 7, N / 2 + 3, N}) {
                        String where = g + ", " + keyBits + "-bit keys, key of record " + i + ", first " + count;
                        int scalar = KeySplit.equalKeys(r, count, key, false);
                        assertEquals(scalar, KeySplit.equalKeys(r, count, key, true), where);
                        assertTrue(count <= i || scalar >= 1, where + ": the record itself is among them");
                    }
                }
            }
        }
    }

    @Test
    void aTopDigitTwoSplittersShareIsLeftToTheSlots() {
        SortRecords hot = KeyGenerator.HOT_DIGIT.generate(32, N, false, 17);
        int topShift = topShift(32);
        assertEquals(null, splitters(hot, 5).cutsByTop(topShift, 32 - topShift), "5 partitions of a hot digit");
    }

    @Test
    void theSlotsAreTakenWhereManyKeysShareASplittersTopDigit() {
        for (KeyGenerator g : KeyGenerator.values()) {
            SortRecords stripe = g.generate(32, N, false, 17);
            KeySplitters s = splitters(stripe, 2);
            int topShift = topShift(32);
            int shared = 0;
            int[] byTop = s.slotsByTop(topShift, 32 - topShift);
            for (int i = 0; i < N; i++) {
                shared += byTop[(int) (stripe.key(i) >>> topShift)] < 0 ? 1 : 0;
            }
            // away from the threshold, the sample's judgement is the whole stripe's
            double share = (double) shared / N;
            if (share > 1.4 * KeySplit.CROWDED || share < 0.5 * KeySplit.CROWDED) {
                assertEquals(share > 1.4 * KeySplit.CROWDED, KeySplit.crowded(stripe, s, topShift, 32 - topShift),
                        g + ": " + shared + " of " + N + " keys share a splitter's top digit");
            }
        }
        SortRecords uniform = KeyGenerator.UNIFORM.generate(32, N, false, 17);
        SortRecords few = KeyGenerator.FEW_DISTINCT.generate(32, N, false, 17);
        SortRecords hot = KeyGenerator.HOT_DIGIT.generate(32, N, false, 17);
        int topShift = topShift(32);
        assertFalse(KeySplit.crowded(uniform, splitters(uniform, 2), topShift, 32 - topShift), "uniform");
        assertFalse(KeySplit.crowded(few, splitters(few, 2), topShift, 32 - topShift), "few-distinct");
        assertTrue(KeySplit.crowded(hot, splitters(hot, 2), topShift, 32 - topShift), "hot-digit");
    }
}
