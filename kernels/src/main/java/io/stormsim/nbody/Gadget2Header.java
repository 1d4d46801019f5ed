package io.stormsim.nbody;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The 256-byte header of a GADGET-2 snapshot file, the fields a reader of bodies needs, checked: per-type counts
 * in this file and in the whole snapshot (a 32-bit count plus its high word), the mass table, the number of files,
 * and time, redshift and box size for the cosmology note. Offsets are those of GADGET-2's {@code io_header}.
 */
record Gadget2Header(int[] thisFile, double[] massTable, double time, double redshift, long[] total, int files,
                     double boxSize) {
    static final int BYTES = 256, TYPES = 6;
    private static final int MASS_AT = 24, TIME_AT = 72, REDSHIFT_AT = 80, TOTAL_AT = 96, FILES_AT = 124,
            BOX_AT = 128, HIGH_WORD_AT = 168;

    /** Parses {@code h} (the record's 256 bytes, in the file's byte order); {@code where(offset)} prefixes messages. */
    static Gadget2Header parse(ByteBuffer h, long dataOffset, Where where) throws IOException {
        int[] thisFile = new int[TYPES];
        double[] massTable = new double[TYPES];
        long[] total = new long[TYPES];
        for (int t = 0; t < TYPES; t++) {
            thisFile[t] = h.getInt(4 * t);
            if (thisFile[t] < 0) {
                throw new IOException(where.at(dataOffset + 4L * t) + "the header's count of type-" + t
                        + " particles in this file is " + thisFile[t] + ", expected a count >= 0");
            }
            massTable[t] = h.getDouble(MASS_AT + 8 * t);
            if (!(massTable[t] >= 0) || !Double.isFinite(massTable[t])) {
                throw new IOException(where.at(dataOffset + MASS_AT + 8L * t) + "the header's MassTable[" + t
                        + "] is " + massTable[t] + ", expected a finite mass >= 0 (0: the masses are in the MASS"
                        + " block)");
            }
            total[t] = Integer.toUnsignedLong(h.getInt(TOTAL_AT + 4 * t))
                    | Integer.toUnsignedLong(h.getInt(HIGH_WORD_AT + 4 * t)) << 32;
            if (total[t] < 0) {
                throw new IOException(where.at(dataOffset + HIGH_WORD_AT + 4L * t) + "the header's total of type-" + t
                        + " particles (with its high word) is past 2^63, expected a count");
            }
        }
        int files = h.getInt(FILES_AT);
        if (files < 0) {
            throw new IOException(where.at(dataOffset + FILES_AT) + "the header's NumFiles is " + files
                    + ", expected a count >= 0");
        }
        return new Gadget2Header(thisFile, massTable, h.getDouble(TIME_AT), h.getDouble(REDSHIFT_AT), total,
                Math.max(files, 1), h.getDouble(BOX_AT));
    }

    /** Makes the start of a message about the byte at an offset: file and offset. */
    @FunctionalInterface
    interface Where {
        String at(long offset);
    }

    /** The particles of this file, all types. */
    long count() {
        return Arrays.stream(thisFile).asLongStream().sum();
    }

    /** The particles of the whole snapshot, all types. */
    long totalCount() {
        long n = 0;
        for (long t : total) {
            n = n + t < n ? Long.MAX_VALUE : n + t;
        }
        return n;
    }

    /** The particles of this file whose type has no mass in the table: those the MASS block holds. */
    long countInMassBlock() {
        long n = 0;
        for (int t = 0; t < TYPES; t++) {
            n += massTable[t] == 0 ? thisFile[t] : 0;
        }
        return n;
    }

    /** Whether another file's header describes the same snapshot (counts in the file aside). */
    boolean sameSnapshot(Gadget2Header o) {
        return files == o.files && Arrays.equals(total, o.total) && Arrays.equals(massTable, o.massTable)
                && Double.compare(time, o.time) == 0;
    }

    String describeSnapshot() {
        return "NumFiles = " + files + ", total per type " + Arrays.toString(total) + ", MassTable "
                + Arrays.toString(massTable) + ", Time = " + time;
    }
}
