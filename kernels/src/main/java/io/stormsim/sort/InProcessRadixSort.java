package io.stormsim.sort;

import java.util.ArrayList;
import java.util.List;

/**
 * All partitions of the partitioned radix sort run in one process, phase by phase, exchanges as list
 * hand-overs: the reference for the topology (same phases, same scan order) and the exchange bench.
 */
public final class InProcessRadixSort {
    private InProcessRadixSort() {
    }

    /**
     * Sorts the records of all stripes (partition {@code p} starts with {@code stripes.get(p)}, which it then
     * owns and overwrites) and returns the stripes after the last pass, in partition order: concatenated, the
     * stably sorted records; each partition's balanced output range unless every pass was skipped (then the
     * input stripes, already in order).
     */
    public static List<SortRecords> sort(List<SortRecords> stripes, int digitBits) {
        int partitions = stripes.size();
        RadixPartition[] parts = new RadixPartition[partitions];
        for (int p = 0; p < partitions; p++) {
            SortRecords s = stripes.get(p);
            if (s.keyBits() != stripes.get(0).keyBits() || s.hasPayloads() != stripes.get(0).hasPayloads()) {
                throw new IllegalArgumentException("stripe " + p + " holds " + s + ", stripe 0 " + stripes.get(0)
                        + ": all stripes must be of one kind");
            }
            parts[p] = new RadixPartition(p, partitions, digitBits, s);
        }
        int radix = parts[0].radix();
        long[][] histograms = new long[partitions][];
        long[][] carryIns = new long[partitions][];
        for (int pass = 0; pass < parts[0].passes(); pass++) {
            long[] carry = new long[radix];
            for (int p = 0; p < partitions; p++) {
                histograms[p] = parts[p].histogram(pass);
                carryIns[p] = carry;
                carry = RadixPartition.carryOut(carry, histograms[p]);
            }
            if (RadixPartition.skips(carry)) {
                continue;
            }
            List<List<RadixPartition.Chunk>> inboxes = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                inboxes.add(new ArrayList<>());
            }
            for (int p = 0; p < partitions; p++) {
                for (RadixPartition.Chunk c : parts[p].permute(pass, histograms[p], carryIns[p], carry)) {
                    inboxes.get(c.destination()).add(c);
                }
            }
            for (int q = 0; q < partitions; q++) {
                parts[q].receive(inboxes.get(q));
            }
        }
        List<SortRecords> out = new ArrayList<>();
        for (RadixPartition part : parts) {
            out.add(part.stripe());
        }
        return out;
    }
}
