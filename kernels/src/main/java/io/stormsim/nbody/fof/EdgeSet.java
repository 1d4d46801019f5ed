package io.stormsim.nbody.fof;

import java.util.Arrays;

/**
 * A set of non-negative longs (packed pairs of group numbers) by open addressing, remembering the order they
 * were added in, with an int carried beside each: the links found between two partitions, deduplicated as they
 * are found, without boxing.
 */
final class EdgeSet {
    private static final long EMPTY = -1;
    private long[] table = new long[16];
    private long[] keys = new long[8];
    private int[] values = new int[8];
    private int size;

    EdgeSet() {
        Arrays.fill(table, EMPTY);
    }

    boolean contains(long key) {
        return table[slot(key, table)] == key;
    }

    /** Adds key with its value; a key already there keeps its first value. */
    void add(long key, int value) {
        int slot = slot(key, table);
        if (table[slot] == key) {
            return;
        }
        table[slot] = key;
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
        }
        keys[size] = key;
        values[size++] = value;
        if (2 * size > table.length) {
            long[] grown = new long[2 * table.length];
            Arrays.fill(grown, EMPTY);
            for (int i = 0; i < size; i++) {
                grown[slot(keys[i], grown)] = keys[i];
            }
            table = grown;
        }
    }

    int size() {
        return size;
    }

    long key(int i) {
        return keys[i];
    }

    int value(int i) {
        return values[i];
    }

    private static int slot(long key, long[] table) {
        int mask = table.length - 1;
        int i = (int) (key * 0x9E3779B97F4A7C15L >>> 32) & mask;
        while (table[i] != EMPTY && table[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }
}
