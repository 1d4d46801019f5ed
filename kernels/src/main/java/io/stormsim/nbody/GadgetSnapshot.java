package io.stormsim.nbody;

import io.stormsim.input.InputFile;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Snapshots in the GADGET-2 binary format ("SnapFormat 1": Fortran records, little-endian), which
 * N-body tools read (pynbody, yt, the GADGET and AREPO analysis scripts): a 256-byte header, then POS,
 * VEL, ID and MASS blocks. All bodies are particle type 1. Positions, velocities and masses are 32-bit
 * floats as in the format (checkpoints, not snapshots, are exact); ids are 32-bit unless one does not
 * fit, then 64-bit (GADGET's LONGIDS). A snapshot written by P partitions is P files
 * {@code snapshot_NNN.p}, each header giving its own count, the total and the number of files, as GADGET
 * writes them itself.
 * The exact alternative is {@link Hdf5Snapshot} ({@code snapshot.format = hdf5}).
 */
public final class GadgetSnapshot {
    public static final int HEADER_BYTES = 256;
    private static final String EXPECTED = "a GADGET-2 snapshot (format 1: little-endian Fortran records header,"
            + " positions, velocities, ids, masses)";
    private static final int TYPES = 6, TYPE = 1;

    private GadgetSnapshot() {
    }

    /**
     * Writes one of the {@code files} files of a snapshot at {@code time} (the bodies of one partition), atomically,
     * with the {@code BoxSize} of these bodies: for tests; a run writes {@link #write(Path, Bodies, SnapshotHeader)}.
     */
    public static void write(Path file, Bodies b, double time, long totalBodies, int files) throws IOException {
        write(file, b, new SnapshotHeader(time, SnapshotHeader.boxSize(b), totalBodies, files, UnitSystem.NBODY));
    }

    /**
     * Writes one file of a snapshot (the bodies of one partition), atomically. The header has GADGET-2's fields:
     * {@code BoxSize} ({@link SnapshotHeader#boxSize}), {@code Time}, Omega0 = OmegaLambda = 0 and HubbleParam = 1
     * (not cosmological); the format has no place for units ({@link #writeUnits} does that for pynbody).
     */
    public static void write(Path file, Bodies b, SnapshotHeader header) throws IOException {
        double time = header.time();
        long totalBodies = header.totalBodies();
        int files = header.files();
        boolean longIds = false;
        for (long id : b.id) {
            longIds |= id < 0 || id > 0xffffffffL;
        }
        boolean wideIds = longIds;
        AtomicFiles.write(file, out -> {
            ByteBuffer h = buffer(HEADER_BYTES);
            for (int t = 0; t < TYPES; t++) {
                h.putInt(t == TYPE ? b.n : 0);
            }
            for (int t = 0; t < TYPES; t++) {
                h.putDouble(0.0);
            }
            h.putDouble(time).putDouble(0.0).putInt(0).putInt(0);
            for (int t = 0; t < TYPES; t++) {
                h.putInt(t == TYPE ? (int) totalBodies : 0);
            }
            h.putInt(0).putInt(files).putDouble(header.boxSize()).putDouble(0.0).putDouble(0.0).putDouble(1.0).putInt(0)
                    .putInt(0);
            for (int t = 0; t < TYPES; t++) {
                h.putInt(t == TYPE ? (int) (totalBodies >>> 32) : 0);
            }
            record(out, h.array());
            record(out, vectors(b.x, b.y, b.z, b.n));
            record(out, vectors(b.vx, b.vy, b.vz, b.n));
            ByteBuffer ids = buffer(b.n * (wideIds ? 8 : 4));
            for (long id : b.id) {
                if (wideIds) {
                    ids.putLong(id);
                } else {
                    ids.putInt((int) id);
                }
            }
            record(out, ids.array());
            ByteBuffer mass = buffer(b.n * 4);
            for (double m : b.mass) {
                mass.putFloat((float) m);
            }
            record(out, mass.array());
        });
    }

    /** The file name of part {@code fileIndex} of snapshot {@code number}. */
    public static String fileName(long number, int fileIndex) {
        return String.format("snapshot_%03d.%d", number, fileIndex);
    }

    /** The name of the units file of snapshot {@code number} ({@link #writeUnits}). */
    public static String unitsFileName(long number) {
        return String.format("snapshot_%03d.units", number);
    }

    /**
     * Writes, atomically, the units of a snapshot in physical units as pynbody reads them beside a snapshot it loads
     * by its base name ({@code pynbody.load("snapshot_005")} reads {@code snapshot_005.units}): the format itself has
     * no place for them, and pynbody would otherwise take Mpc, 1e10 Msun and km/s.
     */
    public static void writeUnits(Path file, UnitSystem units) throws IOException {
        if (!units.physical()) {
            throw new IllegalArgumentException("N-body units have no cgs size to write to " + file);
        }
        String text = "# the units of the GADGET-2 snapshot of the same name, for pynbody\n"
                + "pos: " + units.lengthCm() + " cm\n"
                + "vel: " + units.velocityCmPerS() + " cm s^-1\n"
                + "mass: " + units.massG() + " g\n";
        AtomicFiles.writeString(file, text);
    }

    private static byte[] vectors(double[] x, double[] y, double[] z, int n) {
        ByteBuffer v = buffer(n * 12);
        for (int i = 0; i < n; i++) {
            v.putFloat((float) x[i]).putFloat((float) y[i]).putFloat((float) z[i]);
        }
        return v.array();
    }

    private static ByteBuffer buffer(int bytes) {
        return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void record(OutputStream out, byte[] data) throws IOException {
        byte[] len = buffer(4).putInt(data.length).array();
        out.write(len);
        out.write(data);
        out.write(len);
    }

    /**
     * Reads one snapshot file back (positions, velocities, masses as stored, in 32-bit precision). A file
     * that is not one (a record whose lengths disagree or run past the end, blocks of the wrong size for the
     * header's count) fails naming the byte offset of the record.
     */
    public static Bodies read(Path file) throws IOException {
        long size = InputFile.checkedSize(file, "snapshot file", EXPECTED);
        if (size == 0) {
            throw new IOException("snapshot file " + file + " is empty, expected " + EXPECTED);
        }
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new IOException("snapshot file " + file + " is " + (size < 0 ? "not a regular file" : size + " bytes")
                    + ": this reader holds one file of a snapshot in memory, at most 2 GiB");
        }
        ByteBuffer all;
        try (FileChannel ch = FileChannel.open(file)) {
            all = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
            while (all.hasRemaining() && ch.read(all) >= 0) {
                continue;
            }
        }
        all.flip();
        ByteBuffer header = nextRecord(all, file, "header", HEADER_BYTES);
        int n = header.getInt(4 * TYPE);
        if (n < 0) {
            throw new IOException("snapshot file " + file + ", byte offset " + (4 + 4 * TYPE) + ": particle count " + n
                    + " is negative");
        }
        ByteBuffer pos = nextRecord(all, file, "positions", 12L * n);
        ByteBuffer vel = nextRecord(all, file, "velocities", 12L * n);
        long idBytes = all.remaining() >= 4 && all.getInt(all.position()) == 8L * n ? 8L * n : 4L * n;
        ByteBuffer ids = nextRecord(all, file, "ids", idBytes);
        ByteBuffer mass = nextRecord(all, file, "masses", 4L * n);
        if (all.hasRemaining()) {
            throw new IOException("snapshot file " + file + ", byte offset " + all.position() + ": " + all.remaining()
                    + " more bytes after the masses, expected the end of the file");
        }
        Bodies b = new Bodies(n);
        for (int i = 0; i < n; i++) {
            b.x[i] = pos.getFloat();
            b.y[i] = pos.getFloat();
            b.z[i] = pos.getFloat();
            b.vx[i] = vel.getFloat();
            b.vy[i] = vel.getFloat();
            b.vz[i] = vel.getFloat();
            b.id[i] = idBytes == 8L * n ? ids.getLong() : Integer.toUnsignedLong(ids.getInt());
            b.mass[i] = mass.getFloat();
        }
        return b;
    }

    /** The next Fortran record (length, data, the same length again), which must hold {@code expected} bytes. */
    private static ByteBuffer nextRecord(ByteBuffer all, Path file, String name, long expected) throws IOException {
        int start = all.position();
        String where = "snapshot file " + file + ", byte offset " + start + ": ";
        if (all.remaining() < 4) {
            throw new IOException(where + "truncated, the file ends before the " + name + " record (" + expected
                    + " bytes)");
        }
        int len = all.getInt();
        if (len != expected) {
            throw new IOException(where + "the " + name + " record has " + Integer.toUnsignedString(len)
                    + " bytes, expected " + expected + (name.equals("header") ? " (is this a GADGET snapshot?)" : ""));
        }
        if (len > all.remaining() - 4) {
            throw new IOException(where + "truncated, the " + name + " record of " + len + " bytes and its closing"
                    + " length need " + (len + 8) + " bytes, the file ends at byte offset " + all.limit());
        }
        ByteBuffer rec = all.slice().order(ByteOrder.LITTLE_ENDIAN);
        rec.limit(len);
        all.position(all.position() + len);
        int closing = all.getInt();
        if (closing != len) {
            throw new IOException(where + "the " + name + " record opens with length " + len + " and closes with "
                    + Integer.toUnsignedString(closing) + " (not a Fortran record file?)");
        }
        return rec;
    }
}
