package io.stormsim.nbody;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.api.WritableGroup;
import io.jhdf.exceptions.HdfException;
import io.stormsim.input.InputFile;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * reader takes either); the units are N-body units, G = 1, with no cgs conversion to state, so the header
 * says so in the attributes {@code GravitationalConstant} and {@code UnitSystem} instead of GADGET-4's
 * {@code UnitLength_in_cm} and the like. A group {@code Stormsim} holds {@code Cost}, each body's work in its
 * last force evaluation (what the decomposition balances; GADGET readers ignore the group), and it must be
 * there: jHDF 0.13.0 writes its version string at the end of the last dataset's data, over the object header
 * of any group written after it, and it writes a file's top-level groups in the order of their names' hashes
 * (PartType1, Header, Stormsim), so a last group with a dataset keeps {@code Header} whole.
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
    /** The fewest a file can give a body (single precision, 32-bit ids, one mass for all): bounds a header's count. */
    private static final int MIN_BYTES_PER_BODY = 28;
    private static final int TYPES = 6, TYPE = 1;
    private static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    private static final Pattern PART_NAME = Pattern.compile("(.*)\\.(\\d+)\\.(hdf5|h5)");
    private static final String EXPECTED = "an HDF5 file in the GADGET-4 layout (a Header group, PartType1 with"
            + " Coordinates, Velocities, ParticleIDs and Masses)";

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

    /** True for a file named as HDF5 (.hdf5, .h5) or starting with the HDF5 signature. */
    public static boolean isHdf5(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".hdf5") || name.endsWith(".h5")) {
            return true;
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(SIGNATURE.length), SIGNATURE);
        }
    }

    /** Writes one of the {@code files} files of a snapshot at {@code time} (the bodies of one partition), atomically. */
    public static void write(Path file, Bodies b, double time, long totalBodies, int files) throws IOException {
        AtomicFiles.writeVia(file, tmp -> {
            try (WritableHdfFile hdf = HdfFile.write(tmp)) {
                WritableGroup header = hdf.putGroup(HEADER);
                header.putAttribute("NumPart_ThisFile", ofType1(b.n), true);
                header.putAttribute("NumPart_Total", ofType1(totalBodies), true);
                header.putAttribute("MassTable", new double[TYPES]);
                header.putAttribute("Time", time);
                header.putAttribute("Redshift", 0.0);
                header.putAttribute("BoxSize", 0.0);
                header.putAttribute("NumFilesPerSnapshot", files);
                header.putAttribute("GravitationalConstant", 1.0);
                header.putAttribute("UnitSystem", UNIT_SYSTEM);
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

    private static long[] ofType1(long count) {
        long[] perType = new long[TYPES];
        perType[TYPE] = count;
        return perType;
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
     * The bodies of a whole snapshot, given any one of its files: with {@code NumFilesPerSnapshot} = k > 1 and
     * a name {@code BASE.i.hdf5}, files {@code BASE.0.hdf5} to {@code BASE.(k-1).hdf5} in that order. Ids must be
     * unique across the files and their counts must add up to {@code NumPart_Total}.
     */
    public static Bodies read(Path file) throws IOException {
        Part first = readPart(file);
        List<Bodies> parts = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        if (first.files == 1) {
            parts.add(first.bodies);
            files.add(file);
        } else {
            Matcher m = PART_NAME.matcher(file.getFileName().toString());
            if (!m.matches()) {
                throw new MalformedHdf5Exception(file, HEADER, "NumFilesPerSnapshot = " + first.files + ", but the"
                        + " name is not BASE.i.hdf5, so the other files of the snapshot cannot be found");
            }
            for (int i = 0; i < first.files; i++) {
                Path f = file.resolveSibling(m.group(1) + "." + i + "." + m.group(3));
                Part part = f.equals(file) ? first : readPart(f);
                if (part.files != first.files || part.total != first.total) {
                    throw new MalformedHdf5Exception(f, HEADER, "NumFilesPerSnapshot = " + part.files + ", NumPart_Total[1]"
                            + " = " + part.total + ", but " + file.getFileName() + " of the same snapshot says "
                            + first.files + " and " + first.total);
                }
                parts.add(part.bodies);
                files.add(f);
            }
        }
        Bodies all = Bodies.concat(parts);
        if (all.n != first.total) {
            throw new MalformedHdf5Exception(file, HEADER, "NumPart_Total[1] = " + first.total + ", but the "
                    + files.size() + " file(s) of the snapshot hold " + all.n + " type-1 particles");
        }
        if (all.n == 0) {
            throw new MalformedHdf5Exception(file, HEADER, "no bodies: NumPart_Total[1] = 0");
        }
        checkUniqueIds(all, parts, files);
        return all;
    }

    /** What the header of {@code file} gives as the snapshot's count of bodies ({@code NumPart_Total[1]}). */
    public static long totalBodies(Path file) throws IOException {
        InputFile.checkedSize(file, "HDF5 file", EXPECTED);
        try (HdfFile hdf = new HdfFile(file)) {
            Group header = group(hdf, file, HEADER);
            long[] total = header == null ? new long[0] : integers(file, header, "NumPart_Total", true);
            if (total.length <= TYPE) {
                throw new MalformedHdf5Exception(file, HEADER, "no NumPart_Total[1], expected " + EXPECTED);
            }
            return total[TYPE];
        } catch (RuntimeException e) {
            throw unreadable(file, e);
        }
    }

    /** One file's bodies and what its header says of the whole snapshot. */
    private record Part(Bodies bodies, int files, long total) {
    }

    private static Part readPart(Path file) throws IOException {
        long size = InputFile.checkedSize(file, "HDF5 file", EXPECTED);
        if (size == 0) {
            throw new MalformedHdf5Exception(file, "", "the file is empty, expected " + EXPECTED);
        }
        try (HdfFile hdf = new HdfFile(file)) {
            Group header = group(hdf, file, HEADER);
            if (header == null) {
                throw new MalformedHdf5Exception(file, "", "there is no " + HEADER + " group, expected " + EXPECTED);
            }
            long[] thisFile = integers(file, header, "NumPart_ThisFile", true);
            long[] total = integers(file, header, "NumPart_Total", true);
            long[] files = integers(file, header, "NumFilesPerSnapshot", false);
            for (int t = 0; t < thisFile.length; t++) {
                if (t != TYPE && (thisFile[t] != 0 || (t < total.length && total[t] != 0))) {
                    throw new MalformedHdf5Exception(file, HEADER, "NumPart_ThisFile[" + t + "] = " + thisFile[t]
                            + ": only type-1 particles (PartType1, collisionless bodies) are read, the others would"
                            + " be lost");
                }
            }
            if (thisFile.length <= TYPE || total.length <= TYPE) {
                throw new MalformedHdf5Exception(file, HEADER, "NumPart_ThisFile and NumPart_Total need a count for"
                        + " type 1, found " + thisFile.length + " and " + total.length + " values");
            }
            long n = thisFile[TYPE];
            if (n < 0 || n > size / MIN_BYTES_PER_BODY) {
                throw new MalformedHdf5Exception(file, HEADER, "NumPart_ThisFile[1] = " + n + " is not a count this "
                        + size + "-byte file can hold (at most " + size / MIN_BYTES_PER_BODY + " bodies of at least "
                        + MIN_BYTES_PER_BODY + " bytes)");
            }
            if (files.length != 1 || files[0] < 1 || files[0] > Integer.MAX_VALUE) {
                throw new MalformedHdf5Exception(file, HEADER, "NumFilesPerSnapshot = " + Arrays.toString(files)
                        + ", expected one integer >= 1");
            }
            return new Part(bodies(hdf, file, header, (int) n), (int) files[0], total[TYPE]);
        } catch (RuntimeException e) {
            throw unreadable(file, e);
        }
    }

    /** jHDF reports a damaged file through unchecked exceptions, its own and those of the JDK's buffers. */
    private static MalformedHdf5Exception unreadable(Path file, RuntimeException e) {
        return new MalformedHdf5Exception(file, "not readable as " + EXPECTED + " (" + e + ")", e);
    }

    private static Bodies bodies(HdfFile hdf, Path file, Group header, int n) throws IOException {
        Bodies b = new Bodies(n);
        if (n == 0) {
            return b;
        }
        Group type1 = group(hdf, file, TYPE1);
        if (type1 == null) {
            throw new MalformedHdf5Exception(file, "", "there is no " + TYPE1 + " group, but NumPart_ThisFile[1] = " + n);
        }
        vectors(file, type1, COORDINATES, n, b.x, b.y, b.z);
        vectors(file, type1, VELOCITIES, n, b.vx, b.vy, b.vz);
        Dataset ids = dataset(file, type1, IDS, n, 1);
        String where = "/" + TYPE1 + "/" + IDS;
        Object idData = ids.getDataFlat();
        if (idData instanceof long[] l) {
            System.arraycopy(l, 0, b.id, 0, n);
        } else if (idData instanceof int[] v) {
            for (int i = 0; i < n; i++) {
                b.id[i] = v[i];
            }
        } else if (idData instanceof BigInteger[] v) {
            for (int i = 0; i < n; i++) {
                if (v[i].bitLength() > 63) {
                    throw new MalformedHdf5Exception(file, where + "[" + i + "]", "id " + v[i] + " does not fit"
                            + " a signed 64-bit integer");
                }
                b.id[i] = v[i].longValue();
            }
        } else {
            throw new MalformedHdf5Exception(file, where, "holds " + ids.getJavaType().getSimpleName()
                    + " values, expected 32- or 64-bit integers");
        }
        Dataset masses = type1.getChild(MASSES) instanceof Dataset d ? d : null;
        if (masses != null) {
            doubles(file, dataset(file, type1, MASSES, n, 1), b.mass);
        } else {
            double[] table = header.getAttribute("MassTable") == null ? new double[0]
                    : doubles(file, header.getAttribute("MassTable"));
            if (table.length <= TYPE) {
                throw new MalformedHdf5Exception(file, "/" + TYPE1, "there is no " + MASSES + " dataset and no"
                        + " MassTable[1] to give the bodies one mass");
            }
            Arrays.fill(b.mass, table[TYPE]);
        }
        for (int i = 0; i < n; i++) {
            if (!(b.mass[i] > 0) || !Double.isFinite(b.mass[i])) {
                throw new MalformedHdf5Exception(file, masses != null ? "/" + TYPE1 + "/" + MASSES + "[" + i + "]"
                        : HEADER + "/MassTable[1]", "mass " + b.mass[i] + ", must be finite and > 0");
            }
        }
        Node cost = hdf.getChild(STORMSIM) instanceof Group g ? g.getChild(COST) : null;
        if (cost instanceof Dataset d && Arrays.equals(d.getDimensions(), new int[] {n})
                && d.getDataFlat() instanceof long[] costs) {
            System.arraycopy(costs, 0, b.cost, 0, n);
        } else {
            Arrays.fill(b.cost, 1);
        }
        return b;
    }

    private static Group group(HdfFile hdf, Path file, String name) throws IOException {
        Node node = hdf.getChild(name);
        if (node != null && !(node instanceof Group)) {
            throw new MalformedHdf5Exception(file, "/" + name, "is a " + node.getType() + ", expected a group");
        }
        return (Group) node;
    }

    /** The dataset {@code name}, which must have n rows of {@code columns} values (one column: a vector of n). */
    private static Dataset dataset(Path file, Group type1, String name, int n, int columns) throws IOException {
        String where = "/" + TYPE1 + "/" + name;
        Node node = type1.getChild(name);
        if (!(node instanceof Dataset d)) {
            throw new MalformedHdf5Exception(file, where, node == null ? "missing, expected " + EXPECTED
                    : "is a " + node.getType() + ", expected a dataset");
        }
        int[] expected = columns == 1 ? new int[] {n} : new int[] {n, columns};
        if (!Arrays.equals(d.getDimensions(), expected)) {
            throw new MalformedHdf5Exception(file, where, "shape " + Arrays.toString(d.getDimensions()) + ", expected "
                    + Arrays.toString(expected) + " (NumPart_ThisFile[1] = " + n + ")");
        }
        return d;
    }

    /** The N x 3 dataset {@code name} into x, y, z; every value finite. */
    private static void vectors(Path file, Group type1, String name, int n, double[] x, double[] y, double[] z)
            throws IOException {
        double[] flat = new double[3 * n];
        doubles(file, dataset(file, type1, name, n, 3), flat);
        for (int i = 0; i < n; i++) {
            x[i] = flat[3 * i];
            y[i] = flat[3 * i + 1];
            z[i] = flat[3 * i + 2];
        }
    }

    /** A floating-point dataset (single precision widens exactly) into {@code out}; every value finite. */
    private static void doubles(Path file, Dataset d, double[] out) throws IOException {
        Object data = d.getDataFlat();
        if (data instanceof double[] v) {
            System.arraycopy(v, 0, out, 0, out.length);
        } else if (data instanceof float[] v) {
            for (int i = 0; i < out.length; i++) {
                out[i] = v[i];
            }
        } else {
            throw new MalformedHdf5Exception(file, d.getPath(), "holds " + d.getJavaType().getSimpleName()
                    + " values, expected 32- or 64-bit floating point");
        }
        for (int i = 0; i < out.length; i++) {
            if (!Double.isFinite(out[i])) {
                int columns = out.length / Math.max(1, (int) d.getDimensionsAsLong()[0]);
                String index = columns == 1 ? "[" + i + "]" : "[" + i / columns + ", " + i % columns + "]";
                throw new MalformedHdf5Exception(file, d.getPath() + index, out[i] + ": values must be finite");
            }
        }
    }

    private static double[] doubles(Path file, Attribute a) throws IOException {
        Object data = a.getData();
        if (data instanceof double[] v) {
            return v;
        }
        if (data instanceof float[] v) {
            double[] out = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                out[i] = v[i];
            }
            return out;
        }
        throw new MalformedHdf5Exception(file, HEADER + "/" + a.getName(), "is " + a.getJavaType().getSimpleName()
                + ", expected floating-point numbers");
    }

    /** An integer attribute of the header as longs (a scalar as one value); one that is absent is an error. */
    private static long[] integers(Path file, Group header, String name, boolean array) throws IOException {
        Attribute a = header.getAttribute(name);
        String where = HEADER + "/" + name;
        if (a == null) {
            throw new MalformedHdf5Exception(file, where, "missing, expected " + (array ? "a count per particle type"
                    : "an integer"));
        }
        Object data = a.getData();
        Object values = data.getClass().isArray() ? data : new Object[] {data};
        int length = java.lang.reflect.Array.getLength(values);
        long[] out = new long[length];
        for (int i = 0; i < length; i++) {
            Object v = java.lang.reflect.Array.get(values, i);
            if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                out[i] = ((Number) v).longValue();
            } else if (v instanceof BigInteger big && big.bitLength() <= 63) {
                out[i] = big.longValue();
            } else {
                throw new MalformedHdf5Exception(file, where, "holds " + v + " (" + a.getJavaType().getSimpleName()
                        + "), expected integers");
            }
        }
        return out;
    }

    /** Ids once each across the files, found by sorting a copy (no map of boxed ids). */
    private static void checkUniqueIds(Bodies all, List<Bodies> parts, List<Path> files) throws IOException {
        long[] sorted = all.id.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                long id = sorted[i];
                List<String> where = new ArrayList<>();
                for (int p = 0; p < parts.size() && where.size() < 2; p++) {
                    long[] ids = parts.get(p).id;
                    for (int j = 0; j < ids.length && where.size() < 2; j++) {
                        if (ids[j] == id) {
                            where.add((parts.size() > 1 ? files.get(p).getFileName() + " " : "") + "/" + TYPE1 + "/"
                                    + IDS + "[" + j + "]");
                        }
                    }
                }
                throw new MalformedHdf5Exception(files.get(0), "", "id " + id + " is used twice: " + where.get(0)
                        + " and " + where.get(1));
            }
        }
    }
}
