package io.stormsim.nbody.fof;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.api.WritableGroup;
import io.jhdf.exceptions.HdfException;
import io.stormsim.input.InputFile;
import io.stormsim.nbody.Hdf5Snapshot.MalformedHdf5Exception;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A {@link Catalogue} as GADGET-4's FOF group catalogue, {@code fof_tab_NNN.hdf5}, in one file written whole or
 * not at all ({@link AtomicFiles}), and read back.
 *
 * <p>As GADGET-4: {@code Header} attributes {@code Ngroups_ThisFile}, {@code Nsubhalos_ThisFile},
 * {@code Nids_ThisFile} and their {@code _Total} twins (unsigned 64-bit; no subhalos), {@code NumFiles} = 1
 * (int32), {@code Time}, {@code Redshift} = 0 and {@code BoxSize} (as given: 0 for an open box); {@code Group}
 * datasets {@code GroupLen} (int32), {@code GroupLenType} (N x 6 int32), {@code GroupOffsetType} (N x 6 int64),
 * {@code GroupMass}, {@code GroupMassType} (N x 6), {@code GroupPos} and {@code GroupVel} (N x 3), every body
 * counted as type 1; no {@code Group} (and no {@code IDs}) when there are no groups, as GADGET-4 creates no
 * empty data groups. GroupPos is the centre of mass, as GADGET-4 gives it without SUBFIND.
 *
 * <p>Where it deviates: floating-point datasets are double precision (GADGET-4 writes single unless
 * OUTPUT_IN_DOUBLEPRECISION), so the catalogue's bits survive; {@code IDs/ID} holds the members' ids (signed
 * 64-bit, as stormsim's ids are) in group order, each group's ascending, where GADGET-4 leaves its IDs group
 * empty and stores the snapshot's particles in group order instead, GroupOffsetType pointing into the
 * snapshot; here it points into {@code IDs/ID}. No {@code Parameters}, {@code Config} or Git attributes. jHDF
 * writes the top-level groups in the order Group, Header, IDs (by its map's order of their names), so the last
 * group written holds a dataset and its trailing version string overwrites no group's header (see
 * {@link io.stormsim.nbody.Hdf5Snapshot}).
 */
public final class FofTab {
    public static final String HEADER = "Header", GROUP = "Group", IDS = "IDs", ID = "ID";
    public static final String LEN = "GroupLen", LEN_TYPE = "GroupLenType", OFFSET_TYPE = "GroupOffsetType",
            MASS = "GroupMass", MASS_TYPE = "GroupMassType", POS = "GroupPos", VEL = "GroupVel";
    private static final int TYPES = 6, TYPE = 1;

    private FofTab() {
    }

    /** The file name of catalogue {@code number}, as GADGET-4 names a single-file FOF catalogue. */
    public static String fileName(long number) {
        return String.format("fof_tab_%03d.hdf5", number);
    }

    /** Writes the catalogue found at {@code time} (the header's Time) of a run in a box of {@code boxSize} (0: open). */
    public static void write(Path file, Catalogue c, double time, double boxSize) throws IOException {
        AtomicFiles.writeVia(file, tmp -> {
            try (WritableHdfFile hdf = HdfFile.write(tmp)) {
                WritableGroup header = hdf.putGroup(HEADER);
                int n = c.groups();
                long ids = c.ids.length;
                header.putAttribute("Ngroups_ThisFile", (long) n, true);
                header.putAttribute("Nsubhalos_ThisFile", 0L, true);
                header.putAttribute("Nids_ThisFile", ids, true);
                header.putAttribute("Ngroups_Total", (long) n, true);
                header.putAttribute("Nsubhalos_Total", 0L, true);
                header.putAttribute("Nids_Total", ids, true);
                header.putAttribute("NumFiles", 1);
                header.putAttribute("Time", time);
                header.putAttribute("Redshift", 0.0);
                header.putAttribute("BoxSize", boxSize);
                if (n > 0) {
                    int[][] lenType = new int[n][TYPES];
                    long[][] offsetType = new long[n][TYPES];
                    double[][] massType = new double[n][TYPES];
                    for (int g = 0; g < n; g++) {
                        lenType[g][TYPE] = c.length[g];
                        offsetType[g][TYPE] = c.offset[g];
                        massType[g][TYPE] = c.mass[g];
                    }
                    WritableGroup group = hdf.putGroup(GROUP);
                    group.putDataset(LEN, c.length);
                    group.putDataset(LEN_TYPE, lenType);
                    group.putDataset(OFFSET_TYPE, offsetType);
                    group.putDataset(MASS, c.mass);
                    group.putDataset(MASS_TYPE, massType);
                    group.putDataset(POS, rows(c.pos));
                    group.putDataset(VEL, rows(c.vel));
                    hdf.putGroup(IDS).putDataset(ID, c.ids);
                }
            } catch (HdfException e) {
                throw new IOException("FOF catalogue " + file + " cannot be written: " + e.getMessage(), e);
            }
        });
    }

    /** Rows of (x, y, z): the N x 3 shape GADGET gives a vector dataset. */
    private static double[][] rows(double[] flat) {
        double[][] out = new double[flat.length / 3][];
        for (int i = 0; i < out.length; i++) {
            out[i] = Arrays.copyOfRange(flat, 3 * i, 3 * i + 3);
        }
        return out;
    }

    /** The catalogue in a file written by {@link #write}; a file that is not one fails naming what is wrong. */
    public static Catalogue read(Path file) throws IOException {
        InputFile.checkedSize(file, "FOF catalogue", "an HDF5 file in GADGET-4's fof_tab layout");
        try (HdfFile hdf = new HdfFile(file)) {
            if (!(hdf.getChild(HEADER) instanceof Group header)) {
                throw new MalformedHdf5Exception(file, "", "there is no " + HEADER + " group: not a FOF catalogue");
            }
            int groups = (int) count(file, header, "Ngroups_ThisFile");
            int ids = (int) count(file, header, "Nids_ThisFile");
            if (count(file, header, "NumFiles") != 1) {
                throw new MalformedHdf5Exception(file, HEADER + "/NumFiles", "a catalogue in one file is read, this"
                        + " says " + count(file, header, "NumFiles"));
            }
            if (groups == 0) {
                return new Catalogue(new int[0], new double[0], new double[0], new double[0], new long[0], new long[0]);
            }
            Group group = dataGroup(hdf, file, GROUP);
            long[][] offsets = (long[][]) data(file, group, OFFSET_TYPE, long[][].class, groups, TYPES);
            long[] offset = new long[groups];
            for (int g = 0; g < groups; g++) {
                offset[g] = offsets[g][TYPE];
            }
            return new Catalogue((int[]) data(file, group, LEN, int[].class, groups, 1),
                    (double[]) data(file, group, MASS, double[].class, groups, 1),
                    flat((double[][]) data(file, group, POS, double[][].class, groups, 3)),
                    flat((double[][]) data(file, group, VEL, double[][].class, groups, 3)), offset,
                    (long[]) data(file, dataGroup(hdf, file, IDS), ID, long[].class, ids, 1));
        } catch (RuntimeException e) {
            throw new MalformedHdf5Exception(file, "not readable as a FOF catalogue (" + e + ")", e);
        }
    }

    private static long count(Path file, Group header, String name) throws IOException {
        Attribute a = header.getAttribute(name);
        if (a == null || !(a.getData() instanceof Number n)) {
            throw new MalformedHdf5Exception(file, HEADER + "/" + name, a == null ? "missing" : "not a number");
        }
        if (n.longValue() < 0 || n.longValue() > Integer.MAX_VALUE) {
            throw new MalformedHdf5Exception(file, HEADER + "/" + name, n + " is not a count this reader can hold");
        }
        return n.longValue();
    }

    private static Group dataGroup(HdfFile hdf, Path file, String name) throws IOException {
        if (!(hdf.getChild(name) instanceof Group g)) {
            throw new MalformedHdf5Exception(file, "/" + name, "missing or not a group, but the header counts groups");
        }
        return g;
    }

    private static Object data(Path file, Group group, String name, Class<?> type, int rows, int columns)
            throws IOException {
        Node node = group.getChild(name);
        int[] shape = columns == 1 ? new int[] {rows} : new int[] {rows, columns};
        String where = group.getPath() + name;
        if (!(node instanceof Dataset d) || !Arrays.equals(d.getDimensions(), shape)) {
            throw new MalformedHdf5Exception(file, where, node == null ? "missing" : "not a dataset of shape "
                    + Arrays.toString(shape));
        }
        Object data = d.getData();
        if (!type.isInstance(data)) {
            throw new MalformedHdf5Exception(file, where, "holds " + data.getClass().getSimpleName() + ", expected "
                    + type.getSimpleName());
        }
        return data;
    }

    private static double[] flat(double[][] rows) {
        double[] out = new double[3 * rows.length];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, out, 3 * i, 3);
        }
        return out;
    }
}
