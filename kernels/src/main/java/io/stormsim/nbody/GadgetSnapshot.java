package io.stormsim.nbody;

import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
     * Reads one file of a snapshot back, the bodies of that file alone (positions, velocities, masses as stored,
     * in 32-bit precision); {@link Gadget2Reader} reads whole snapshots and the other layouts of the format.
     */
    public static Bodies read(Path file) throws IOException {
        return Gadget2Reader.readFile(file);
    }
}
