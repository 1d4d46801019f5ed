package io.stormsim.nbody;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;
import io.jhdf.exceptions.HdfException;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Snapshots and initial conditions as HDF5 in the GADGET-4 / SWIFT layout, written and read with jHDF (pure
 * Java): a {@code Header} group of attributes and {@code PartType1/{Coordinates, Velocities, ParticleIDs,
 * Masses}} in double precision, so a snapshot holds the bodies' exact bits. h5py, yt and pynbody read it.
 *
 * <p>A snapshot written by P partitions is P files {@code snapshot_NNN.p.hdf5}, as GADGET-4 names the files of
 * a snapshot, each header giving its own count, the total and the number of files: the partitions' bodies
 * live in different workers, and jHDF writes a file whole when it is closed (it cannot add to one), so one
 * file per snapshot would mean sending every body to one task at every snapshot.
 *
 * <p>Layout choices where jHDF or stormsim differ from GADGET-4: {@code ParticleIDs} are signed 64-bit
 * (stormsim ids are Java longs, and a bodies CSV may hold negative ones; GADGET-4 writes unsigned, and every
 * reader takes either); the groups that describe the snapshot, its units among them, are
 * {@link Hdf5SnapshotHeader}'s. A group {@code Stormsim} holds {@code Cost}, each body's work in its
 * last force evaluation (what the decomposition balances; GADGET readers ignore the group), and it must be
 * there: jHDF 0.13.0 writes its version string at the end of the last dataset's data, over the object header
 * of any group written after it, and it writes a file's top-level groups in the order of their names' hashes
 * (PartType1, Parameters, Header, Stormsim, Units), so a last group with a dataset keeps {@code Header} whole.
 */
public final class Hdf5Snapshot {
    public static final String EXTENSION = ".hdf5";
    public static final String HEADER = "Header", TYPE1 = "PartType1", STORMSIM = "Stormsim", COST = "Cost";
    public static final String COORDINATES = "Coordinates", VELOCITIES = "Velocities", IDS = "ParticleIDs",
            MASSES = "Masses";
    public static final String UNIT_SYSTEM = "N-body units: G = 1; lengths, masses and velocities in the units of"
            + " the initial conditions (Henon units, total mass 1 and energy -1/4, for the built-in Plummer sphere);"
            + " time in length / velocity";
    /** The bytes a body takes in the datasets as written here (3 + 3 coordinates, an id, a mass, 8 bytes each). */
    public static final int BYTES_PER_BODY = 64;
    private static final int TYPES = 6, TYPE = 1;

    private Hdf5Snapshot() {
    }

    /** A file that is not a snapshot in this layout; the message names the file, the object and what is wrong. */
    public static final class MalformedHdf5Exception extends IOException {
        public MalformedHdf5Exception(Path file, String where, String what) {
            super("HDF5 file " + file + (where.isEmpty() ? "" : ", " + where) + ": " + what);
        }

        public MalformedHdf5Exception(Path file, String what, Throwable cause) {
            super("HDF5 file " + file + ": " + what, cause);
        }
    }

    /** The file name of part {@code fileIndex} of snapshot {@code number}. */
    public static String fileName(long number, int fileIndex) {
        return String.format("snapshot_%03d.%d%s", number, fileIndex, EXTENSION);
    }

    /**
     * Writes one of the {@code files} files of a snapshot at {@code time} (the bodies of one partition), atomically,
     * in N-body units with the {@code BoxSize} of these bodies: for initial conditions and tests; a run writes
     * {@link #write(Path, Bodies, SnapshotHeader)}.
     */
    public static void write(Path file, Bodies b, double time, long totalBodies, int files) throws IOException {
        write(file, b, new SnapshotHeader(time, SnapshotHeader.boxSize(b), totalBodies, files, UnitSystem.NBODY));
    }

    /** Writes one file of a snapshot (the bodies of one partition), atomically; {@link Hdf5SnapshotHeader} says how. */
    public static void write(Path file, Bodies b, SnapshotHeader h) throws IOException {
        AtomicFiles.writeVia(file, tmp -> {
            try (WritableHdfFile hdf = HdfFile.write(tmp)) {
                Hdf5SnapshotHeader.put(hdf, h, b.n);
                if (b.n > 0) {
                    WritableGroup type1 = hdf.putGroup(TYPE1);
                    type1.putDataset(COORDINATES, vectors(b.x, b.y, b.z, b.n));
                    type1.putDataset(VELOCITIES, vectors(b.vx, b.vy, b.vz, b.n));
                    type1.putDataset(IDS, b.id);
                    type1.putDataset(MASSES, b.mass);
                    hdf.putGroup(STORMSIM).putDataset(COST, b.cost);
                }
            } catch (HdfException e) {
                throw new IOException("HDF5 snapshot " + file + " cannot be written: " + e.getMessage(), e);
            }
        });
    }

    /** Rows of (x, y, z): the N x 3 shape GADGET gives a vector dataset. */
    private static double[][] vectors(double[] x, double[] y, double[] z, int n) {
        double[][] v = new double[n][];
        for (int i = 0; i < n; i++) {
            v[i] = new double[] {x[i], y[i], z[i]};
        }
        return v;
    }

    /**
     * The bodies of a whole snapshot, given any one of its files, with the costs stormsim wrote; see
     * {@link Hdf5Reader}, which reads the layout as other tools write it too.
     */
    public static Bodies read(Path file) throws IOException {
        return Hdf5Reader.read(file).bodies();
    }
}
