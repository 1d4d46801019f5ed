package io.stormsim.nbody;

import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
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
 *
 * <p>Why not HDF5: the GADGET layout in HDF5 needs the native HDF5 library, which Maven Central does
 * not ship for Java in a usable form; format 1 needs nothing and every GADGET reader reads it.
 */
public final class GadgetSnapshot {
    public static final int HEADER_BYTES = 256;
    private static final int TYPES = 6, TYPE = 1;

    private GadgetSnapshot() {
    }

    /** Writes one of the {@code files} files of a snapshot at {@code time} (the bodies of one partition), atomically. */
    public static void write(Path file, Bodies b, double time, long totalBodies, int files) throws IOException {
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
            h.putInt(0).putInt(files).putDouble(0.0).putDouble(0.0).putDouble(0.0).putDouble(1.0).putInt(0).putInt(0);
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
    /** Deletes snapshots numbered {@code upToNumber} and below, newest first, until one is already gone. */
    public static void prune(Path dir, long upToNumber) throws IOException {
        for (long number = upToNumber; number >= 0; number--) {
            boolean any = false;
            for (int p = 0; Files.exists(dir.resolve(fileName(number, p))); p++) {
                Files.delete(dir.resolve(fileName(number, p)));
                any = true;
            }
            if (!any) {
                return;
            }
        }
    }

    public static String fileName(long number, int fileIndex) {
        return String.format("snapshot_%03d.%d", number, fileIndex);
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

    /** Reads one snapshot file back (positions, velocities, masses as stored, in 32-bit precision). */
    public static Bodies read(Path file) throws IOException {
        ByteBuffer all;
        try (FileChannel ch = FileChannel.open(file)) {
            all = ByteBuffer.allocate((int) ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            while (all.hasRemaining() && ch.read(all) >= 0) {
                continue;
            }
        }
        all.flip();
        ByteBuffer header = nextRecord(all, file);
        if (header.remaining() != HEADER_BYTES) {
            throw new IOException(file + ": header record of " + header.remaining() + " bytes, expected " + HEADER_BYTES);
        }
        int n = header.getInt(4 * TYPE);
        Bodies b = new Bodies(n);
        ByteBuffer pos = nextRecord(all, file), vel = nextRecord(all, file), ids = nextRecord(all, file);
        ByteBuffer mass = nextRecord(all, file);
        boolean longIds = ids.remaining() == 8L * n;
        for (int i = 0; i < n; i++) {
            b.x[i] = pos.getFloat();
            b.y[i] = pos.getFloat();
            b.z[i] = pos.getFloat();
            b.vx[i] = vel.getFloat();
            b.vy[i] = vel.getFloat();
            b.vz[i] = vel.getFloat();
            b.id[i] = longIds ? ids.getLong() : Integer.toUnsignedLong(ids.getInt());
            b.mass[i] = mass.getFloat();
        }
        return b;
    }

    private static ByteBuffer nextRecord(ByteBuffer all, Path file) throws IOException {
        int len = all.getInt();
        if (len < 0 || len > all.remaining() - 4) {
            throw new IOException(file + ": corrupt record length " + len);
        }
        ByteBuffer rec = all.slice().order(ByteOrder.LITTLE_ENDIAN);
        rec.limit(len);
        all.position(all.position() + len);
        if (all.getInt() != len) {
            throw new IOException(file + ": record lengths do not match");
        }
        return rec;
    }
}
