package io.stormsim.nbody;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The file format of Barnes-Hut snapshots ({@code stormsim.snapshot.format}): GADGET-2 binary (32-bit floats) or
 * HDF5 in the GADGET-4 layout (double precision). Either way a snapshot is one file per partition, rotated alike.
 */
public enum SnapshotFormat {
    GADGET2, HDF5;

    /** The name in the config. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format named {@code key} in the config, or null. */
    public static SnapshotFormat of(String key) {
        for (SnapshotFormat f : values()) {
            if (f.key().equals(key)) {
                return f;
            }
        }
        return null;
    }

    /** The file name of part {@code fileIndex} of snapshot {@code number}. */
    public String fileName(long number, int fileIndex) {
        return this == GADGET2 ? GadgetSnapshot.fileName(number, fileIndex) : Hdf5Snapshot.fileName(number, fileIndex);
    }

    /** The file beside snapshot {@code number} that states its units for pynbody, or null: HDF5 states them inside. */
    public String unitsFileName(long number) {
        return this == GADGET2 ? GadgetSnapshot.unitsFileName(number) : null;
    }

    /** Writes one file of a snapshot (the bodies of one partition), atomically. */
    public void write(Path file, Bodies b, SnapshotHeader header) throws IOException {
        if (this == GADGET2) {
            GadgetSnapshot.write(file, b, header);
        } else {
            Hdf5Snapshot.write(file, b, header);
        }
    }

    /**
     * Deletes snapshots numbered {@code upToNumber} and below (with their units files), newest first, until one is
     * already gone.
     */
    public void prune(Path dir, long upToNumber) throws IOException {
        for (long number = upToNumber; number >= 0; number--) {
            boolean any = false;
            for (int p = 0; Files.exists(dir.resolve(fileName(number, p))); p++) {
                Files.delete(dir.resolve(fileName(number, p)));
                any = true;
            }
            if (!any) {
                return;
            }
            String units = unitsFileName(number);
            if (units != null) {
                Files.deleteIfExists(dir.resolve(units));
            }
        }
    }
}
