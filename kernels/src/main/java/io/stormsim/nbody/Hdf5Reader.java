package io.stormsim.nbody;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.stormsim.input.InputFile;
import io.stormsim.nbody.Hdf5Snapshot.MalformedHdf5Exception;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Initial conditions from HDF5 in the GADGET-4 / SWIFT layout (stormsim's own snapshots among them), read with jHDF:
 * every {@code PartTypeN} the header counts becomes bodies, in file order and within a file by type, each with
 * Coordinates and Velocities (N x 3, float or double), ParticleIDs (32- or 64-bit, signed or unsigned) and Masses,
 * or, without that dataset, the header's {@code MassTable[N]}. A snapshot of {@code NumFilesPerSnapshot} = k > 1
 * files is read whole from any one named {@code BASE.i.hdf5}: files {@code BASE.0.hdf5} to {@code BASE.(k-1).hdf5},
 * whose headers must agree and whose counts must add up to {@code NumPart_Total} (with SWIFT's high words). The
 * units are those the file states ({@link Hdf5Units}), not converted. The headers of all files are checked before
 * the bodies are allocated, each file's counts against what its size can hold.
 */
public final class Hdf5Reader {
    static final String EXPECTED = "an HDF5 file in the GADGET-4 layout (a Header group, PartTypeN groups with"
            + " Coordinates, Velocities, ParticleIDs and Masses or a MassTable entry)";
    private static final String KIND = "HDF5 file";
    /** The fewest bytes a file can give a body (single precision, 32-bit ids, one mass for all): bounds a count. */
    private static final int MIN_BYTES_PER_BODY = 28;
    private static final Pattern PART_NAME = Pattern.compile("(.*)\\.(\\d+)\\.(hdf5|h5)");

    private Hdf5Reader() {
    }

    /** What a file's header says: counts per type in the file and in the snapshot, the mass table, the units. */
    private record Header(Path file, long[] thisFile, long[] total, double[] massTable, int files, double time,
                          double redshift, double boxSize, UnitSystem units) {
        long count() {
            return Arrays.stream(thisFile).sum();
        }

        boolean sameSnapshot(Header o) {
            return files == o.files && Arrays.equals(total, o.total) && Arrays.equals(massTable, o.massTable)
                    && Double.compare(time, o.time) == 0;
        }

        String describe() {
            return "NumFilesPerSnapshot = " + files + ", NumPart_Total " + Arrays.toString(total) + ", MassTable "
                    + Arrays.toString(massTable) + ", Time = " + time;
        }
    }

    /** All the bodies of the snapshot that {@code file} is a file of. */
    public static LoadedBodies read(Path file) throws IOException {
        Header first = header(file);
        List<Header> files = files(first);
        long[] perType = new long[first.total.length];
        long n = 0;
        for (Header h : files) {
            for (int t = 0; t < perType.length; t++) {
                perType[t] += h.thisFile[t];
            }
            n += h.count();
        }
        for (int t = 0; t < perType.length; t++) {
            if (perType[t] != first.total[t]) {
                throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "NumPart_Total[" + t + "] = "
                        + first.total[t] + ", but the " + files.size() + " file(s) of the snapshot hold " + perType[t]
                        + " type-" + t + " particles");
            }
        }
        if (n == 0) {
            throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "no bodies: NumPart_Total is all 0");
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, n + " particles, more than the "
                    + (Integer.MAX_VALUE - 8) + " bodies one run holds");
        }
        Bodies b = new Bodies((int) n);
        int at = 0;
        for (Header h : files) {
            readBodies(h, b, at);
            at += (int) h.count();
        }
        checkUniqueIds(b, files);
        List<String> notes = first.redshift > 0 ? List.of(LoadedBodies.comovingNote(KIND + " " + file, first.time,
                first.redshift, first.boxSize)) : List.of();
        return new LoadedBodies(b, first.units, "HDF5 (GADGET-4 / SWIFT layout" + (files.size() > 1 ? ", "
                + files.size() + " files)" : ")"), notes);
    }

    /** What the header of {@code file} gives as the snapshot's count of bodies (all types). */
    public static long totalBodies(Path file) throws IOException {
        long n = 0;
        for (long t : header(file).total) {
            n = n + t < n ? Long.MAX_VALUE : n + t;
        }
        return n;
    }

    private static List<Header> files(Header first) throws IOException {
        if (first.files == 1) {
            return List.of(first);
        }
        Path file = first.file;
        Matcher m = PART_NAME.matcher(file.getFileName().toString());
        if (!m.matches()) {
            throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "NumFilesPerSnapshot = " + first.files
                    + ", but the name is not BASE.i.hdf5, so the other files of the snapshot cannot be found");
        }
        List<Header> files = new ArrayList<>();
        for (int i = 0; i < first.files; i++) {
            Path f = file.resolveSibling(m.group(1) + "." + i + "." + m.group(3));
            Header h = f.equals(file) ? first : header(f);
            if (!h.sameSnapshot(first) || h.thisFile.length != first.thisFile.length) {
                throw new MalformedHdf5Exception(f, Hdf5Snapshot.HEADER, h.describe() + ", but "
                        + file.getFileName() + " of the same snapshot says " + first.describe());
            }
            files.add(h);
        }
        return files;
    }

    private static Header header(Path file) throws IOException {
        long size = InputFile.checkedSize(file, KIND, EXPECTED);
        if (size == 0) {
            throw new MalformedHdf5Exception(file, "", "the file is empty, expected " + EXPECTED);
        }
        try (HdfFile hdf = new HdfFile(file)) {
            Group header = group(hdf, file, Hdf5Snapshot.HEADER);
            if (header == null) {
                throw new MalformedHdf5Exception(file, "", "there is no " + Hdf5Snapshot.HEADER + " group, expected "
                        + EXPECTED);
            }
            long[] thisFile = integers(file, header, "NumPart_ThisFile", true);
            long[] total = integers(file, header, "NumPart_Total", true);
            long[] files = integers(file, header, "NumFilesPerSnapshot", false);
            if (total.length != thisFile.length) {
                throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "NumPart_ThisFile has "
                        + thisFile.length + " values and NumPart_Total " + total.length + ", expected one per type");
            }
            if (header.getAttribute("NumPart_Total_HighWord") != null) {
                long[] high = integers(file, header, "NumPart_Total_HighWord", true);
                for (int t = 0; t < Math.min(high.length, total.length); t++) {
                    total[t] += high[t] << 32;
                }
            }
            long room = size / MIN_BYTES_PER_BODY;
            for (int t = 0; t < thisFile.length; t++) {
                if (thisFile[t] < 0 || thisFile[t] > room || total[t] < 0) {
                    throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "NumPart_ThisFile[" + t + "] = "
                            + thisFile[t] + ", NumPart_Total[" + t + "] = " + total[t] + ": not counts this " + size
                            + "-byte file can hold (at most " + room + " bodies of at least " + MIN_BYTES_PER_BODY
                            + " bytes)");
                }
                room -= thisFile[t];
            }
            if (files.length != 1 || files[0] < 1 || files[0] > Integer.MAX_VALUE) {
                throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER, "NumFilesPerSnapshot = "
                        + Arrays.toString(files) + ", expected one integer >= 1");
            }
            Attribute table = header.getAttribute("MassTable");
            double[] massTable = table == null ? new double[thisFile.length] : doubles(file, table);
            return new Header(file, thisFile, total, massTable, (int) files[0], number(file, header, "Time"),
                    number(file, header, "Redshift"), number(file, header, "BoxSize"), Hdf5Units.of(hdf, file));
        } catch (RuntimeException e) {
            throw unreadable(file, e);
        }
    }

    /** jHDF reports a damaged file through unchecked exceptions, its own and those of the JDK's buffers. */
    private static MalformedHdf5Exception unreadable(Path file, RuntimeException e) {
        return new MalformedHdf5Exception(file, "not readable as " + EXPECTED + " (" + e + ")", e);
    }

    /** The particles of the file of {@code h}, type by type, into bodies {@code at} onwards. */
    private static void readBodies(Header h, Bodies b, int at) throws IOException {
        Path file = h.file;
        try (HdfFile hdf = new HdfFile(file)) {
            int i = at;
            for (int t = 0; t < h.thisFile.length; t++) {
                int n = (int) h.thisFile[t];
                if (n > 0) {
                    readType(hdf, h, t, b, i, n);
                    i += n;
                }
            }
            Node cost = hdf.getChild(Hdf5Snapshot.STORMSIM) instanceof Group g ? g.getChild(Hdf5Snapshot.COST) : null;
            int n = (int) h.count();
            if (cost instanceof Dataset d && Arrays.equals(d.getDimensions(), new int[] {n})
                    && d.getDataFlat() instanceof long[] costs) {
                System.arraycopy(costs, 0, b.cost, at, n);
            } else {
                Arrays.fill(b.cost, at, at + n, 1);
            }
        } catch (RuntimeException e) {
            throw unreadable(file, e);
        }
    }

    private static void readType(HdfFile hdf, Header h, int t, Bodies b, int at, int n) throws IOException {
        Path file = h.file;
        String type = "PartType" + t;
        Group g = group(hdf, file, type);
        if (g == null) {
            throw new MalformedHdf5Exception(file, "", "there is no " + type + " group, but NumPart_ThisFile[" + t
                    + "] = " + n);
        }
        vectors(file, g, Hdf5Snapshot.COORDINATES, n, t, b.x, b.y, b.z, at);
        vectors(file, g, Hdf5Snapshot.VELOCITIES, n, t, b.vx, b.vy, b.vz, at);
        ids(file, dataset(file, g, Hdf5Snapshot.IDS, n, 1, t), b.id, at, n);
        if (g.getChild(Hdf5Snapshot.MASSES) != null) {
            Dataset masses = dataset(file, g, Hdf5Snapshot.MASSES, n, 1, t);
            double[] m = new double[n];
            doubles(file, masses, m);
            for (int i = 0; i < n; i++) {
                checkMass(file, masses.getPath() + "[" + i + "]", m[i]);
            }
            System.arraycopy(m, 0, b.mass, at, n);
        } else if (t < h.massTable.length && h.massTable[t] != 0) {
            checkMass(file, Hdf5Snapshot.HEADER + "/MassTable[" + t + "]", h.massTable[t]);
            Arrays.fill(b.mass, at, at + n, h.massTable[t]);
        } else {
            throw new MalformedHdf5Exception(file, "/" + type, "there is no " + Hdf5Snapshot.MASSES + " dataset and"
                    + " no MassTable[" + t + "] to give the particles one mass");
        }
    }

    private static void checkMass(Path file, String where, double m) throws MalformedHdf5Exception {
        if (!(m > 0) || !Double.isFinite(m)) {
            throw new MalformedHdf5Exception(file, where, "mass " + m + ", must be finite and > 0");
        }
    }

    private static void ids(Path file, Dataset ids, long[] out, int at, int n) throws IOException {
        Object data = ids.getDataFlat();
        if (data instanceof long[] l) {
            System.arraycopy(l, 0, out, at, n);
        } else if (data instanceof int[] v) {
            for (int i = 0; i < n; i++) {
                out[at + i] = v[i];
            }
        } else if (data instanceof BigInteger[] v) {
            for (int i = 0; i < n; i++) {
                if (v[i].bitLength() > 63) {
                    throw new MalformedHdf5Exception(file, ids.getPath() + "[" + i + "]", "id " + v[i] + " does not"
                            + " fit a signed 64-bit integer");
                }
                out[at + i] = v[i].longValue();
            }
        } else {
            throw new MalformedHdf5Exception(file, ids.getPath(), "holds " + ids.getJavaType().getSimpleName()
                    + " values, expected 32- or 64-bit integers");
        }
    }

    private static Group group(Group hdf, Path file, String name) throws IOException {
        Node node = hdf.getChild(name);
        if (node != null && !(node instanceof Group)) {
            throw new MalformedHdf5Exception(file, "/" + name, "is a " + node.getType() + ", expected a group");
        }
        return (Group) node;
    }

    /** The dataset {@code name}, which must have n rows of {@code columns} values (one column: a vector of n). */
    private static Dataset dataset(Path file, Group type, String name, int n, int columns, int t) throws IOException {
        String where = "/" + type.getName() + "/" + name;
        Node node = type.getChild(name);
        if (!(node instanceof Dataset d)) {
            throw new MalformedHdf5Exception(file, where, node == null ? "missing, expected " + EXPECTED
                    : "is a " + node.getType() + ", expected a dataset");
        }
        int[] expected = columns == 1 ? new int[] {n} : new int[] {n, columns};
        if (!Arrays.equals(d.getDimensions(), expected)) {
            throw new MalformedHdf5Exception(file, where, "shape " + Arrays.toString(d.getDimensions()) + ", expected "
                    + Arrays.toString(expected) + " (NumPart_ThisFile[" + t + "] = " + n + ")");
        }
        return d;
    }

    /** The N x 3 dataset {@code name} into x, y, z from {@code at}; every value finite. */
    private static void vectors(Path file, Group type, String name, int n, int t, double[] x, double[] y, double[] z,
                                int at) throws IOException {
        double[] flat = new double[3 * n];
        doubles(file, dataset(file, type, name, n, 3, t), flat);
        for (int i = 0; i < n; i++) {
            x[at + i] = flat[3 * i];
            y[at + i] = flat[3 * i + 1];
            z[at + i] = flat[3 * i + 2];
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
        throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER + "/" + a.getName(), "is "
                + a.getJavaType().getSimpleName() + ", expected floating-point numbers");
    }

    /** A number attribute of the header (a scalar or a one-value array), 0 when absent: Time, Redshift, BoxSize. */
    private static double number(Path file, Group header, String name) throws IOException {
        Attribute a = header.getAttribute(name);
        if (a == null) {
            return 0;
        }
        Object data = a.getData();
        if (data instanceof Number v) {
            return v.doubleValue();
        }
        double[] v = doubles(file, a);
        if (v.length != 1) {
            throw new MalformedHdf5Exception(file, Hdf5Snapshot.HEADER + "/" + name, v.length + " values, expected"
                    + " one number");
        }
        return v[0];
    }

    /** An integer attribute of the header as longs (a scalar as one value); one that is absent is an error. */
    private static long[] integers(Path file, Group header, String name, boolean array) throws IOException {
        Attribute a = header.getAttribute(name);
        String where = Hdf5Snapshot.HEADER + "/" + name;
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

    /** Ids once each across the files; a repeat is named by file, type and index. */
    private static void checkUniqueIds(Bodies all, List<Header> files) throws IOException {
        int[] pair = UniqueIds.firstRepeat(all.id);
        if (pair != null) {
            throw new MalformedHdf5Exception(files.get(0).file, "", "id " + all.id[pair[1]] + " is used twice: "
                    + particle(files, pair[0]) + " and " + particle(files, pair[1]));
        }
    }

    private static String particle(List<Header> files, int index) {
        long i = index;
        for (Header h : files) {
            for (int t = 0; t < h.thisFile.length; t++) {
                if (i < h.thisFile[t]) {
                    return (files.size() > 1 ? h.file.getFileName() + " " : "") + "/PartType" + t + "/"
                            + Hdf5Snapshot.IDS + "[" + i + "]";
                }
                i -= h.thisFile[t];
            }
        }
        throw new IllegalArgumentException("body " + index + " is in none of the files");
    }
}
