package io.stormsim.sort;

import java.util.ArrayList;
import java.util.List;

/**
 * All partitions of the partitioned radix sort run in one process, phase by phase, the exchange as list
 * hand-overs: the reference for the topology (same phases, same splitters, same chunks).
 */
public final class InProcessRadixSort {
    private InProcessRadixSort() {
    }

    /**
     * Sorts the records of all stripes (partition p's stripe is {@code stripes.get(p)}, the input in order
     * across them; only read) and returns each partition's range of the sorted output, in partition order:
     * concatenated, the stably sorted records.
     */
    public static List<SortRecords> sort(List<SortRecords> stripes, int digitBits) {
        RadixPartition[] parts = new RadixPartition[stripes.size()];
        for (int p = 0; p < parts.length; p++) {
            parts[p] = new RadixPartition(p, parts.length, digitBits);
        }
        return sort(stripes, parts);
    }

    /**
     * As {@link #sort(List, int)} with the given partitions (one per stripe, in partition order), which keep
     * their buffers for the next job, as a topology's bolts do.
     */
    public static List<SortRecords> sort(List<SortRecords> stripes, RadixPartition[] parts) {
        int partitions = stripes.size();
        if (parts.length != partitions) {
            throw new IllegalArgumentException(parts.length + " partitions for " + partitions + " stripes: need one each");
        }
        List<long[]> samples = new ArrayList<>();
        long[] firstIndex = new long[partitions];
        for (int p = 0, at = 0; p < partitions; at += stripes.get(p).size(), p++) {
            SortRecords s = stripes.get(p);
            if (s.keyBits() != stripes.get(0).keyBits() || s.hasPayloads() != stripes.get(0).hasPayloads()) {
                throw new IllegalArgumentException("stripe " + p + " holds " + s + ", stripe 0 " + stripes.get(0)
                        + ": all stripes must be of one kind");
            }
            firstIndex[p] = at;
            samples.add(KeySplitters.sample(s, at));
        }
        KeySplitters splitters = KeySplitters.choose(samples, partitions);
        List<List<RadixPartition.Chunk>> inboxes = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            inboxes.add(new ArrayList<>());
        }
        for (int p = 0; p < partitions; p++) {
            for (RadixPartition.Chunk c : parts[p].split(stripes.get(p), firstIndex[p], splitters)) {
                inboxes.get(c.destination()).add(c);
            }
        }
        List<SortRecords> out = new ArrayList<>();
        for (int q = 0; q < partitions; q++) {
            RadixPartition.Chunk sorted = parts[q].sort(inboxes.get(q));
            out.add(sorted.records().copyOfRange(sorted.from(), sorted.from() + sorted.count()));
            sorted.release();
        }
        return out;
    }
}
