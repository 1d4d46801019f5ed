package io.stormsim.nbody;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Initial conditions from a GADGET-2 binary snapshot as N-GenIC, MUSIC, GalIC or GADGET itself write them (see
 * {@link Gadget2File} for the formats): every particle type becomes bodies, in file order and within a file by
 * type; a type's mass is its MassTable entry when that is not 0, else the MASS block's value. A snapshot of
 * NumFiles > 1 files is read whole from any one of them, named {@code BASE.i}: files {@code BASE.0} to
 * {@code BASE.(NumFiles-1)}, whose headers must agree (NumFiles, totals, MassTable, Time) and whose counts must add
 * up to the totals. Every file is located and checked before the bodies are allocated; nothing half-read is
 * returned.
 *
 * <p>The file states no units (null). Velocities are taken as stored: in a cosmological file GADGET stores
 * v / sqrt(a), and stormsim integrates without comoving coordinates (ComovingIntegration off), which a note says.
 * Ids are unsigned in GADGET; one past 2^63 - 1 does not fit stormsim's signed ids and is rejected, as is an id
 * used twice. Positions, velocities and masses must be finite, masses above 0.
 */
public final class Gadget2Reader {
    private static final Pattern PART_NAME = Pattern.compile("(.*)\\.(\\d+)");

    private Gadget2Reader() {
    }

    /** All the bodies of the snapshot that {@code file} is a file of. */
    public static LoadedBodies read(Path file) throws IOException {
        Gadget2File first = Gadget2File.scan(file);
        List<Gadget2File> files = files(first);
        long[] perType = new long[Gadget2Header.TYPES];
        long n = 0;
        for (Gadget2File f : files) {
            for (int t = 0; t < Gadget2Header.TYPES; t++) {
                perType[t] += f.header.thisFile()[t];
            }
            n += f.header.count();
        }
        for (int t = 0; t < Gadget2Header.TYPES; t++) {
            if (perType[t] != first.header.total()[t]) {
                throw new IOException(Gadget2File.KIND + " " + file + ": the header's total of type-" + t
                        + " particles is " + first.header.total()[t] + ", but the " + files.size() + " file(s) of the"
                        + " snapshot hold " + perType[t]);
            }
        }
        Bodies b = allocate(file, n, false);
        int at = 0;
        for (Gadget2File f : files) {
            fill(f, b, at);
            at += (int) f.header.count();
        }
        checkUniqueIds(b, files);
        Gadget2Header h = first.header;
        List<String> notes = h.redshift() > 0 ? List.of(LoadedBodies.comovingNote(Gadget2File.KIND + " " + file,
                h.time(), h.redshift(), h.boxSize())) : List.of();
        String format = "GADGET-2 " + files.get(0).signature.describe() + (files.size() > 1 ? ", " + files.size()
                + " files" : "");
        return new LoadedBodies(b, null, format, notes);
    }

    /** The bodies of {@code file} alone (one partition's share of a stormsim snapshot). */
    public static Bodies readFile(Path file) throws IOException {
        Gadget2File f = Gadget2File.scan(file);
        Bodies b = allocate(file, f.header.count(), true);
        fill(f, b, 0);
        checkUniqueIds(b, List.of(f));
        return b;
    }

    /** The bodies the header of {@code file} counts in the whole snapshot (all types, all files). */
    public static long totalBodies(Path file) throws IOException {
        return Gadget2File.header(file).totalCount();
    }

    /** The files of the snapshot, {@code first} among them, each checked against it. */
    private static List<Gadget2File> files(Gadget2File first) throws IOException {
        int k = first.header.files();
        if (k == 1) {
            return List.of(first);
        }
        Path file = first.path;
        Matcher m = PART_NAME.matcher(file.getFileName().toString());
        if (!m.matches()) {
            throw new IOException(Gadget2File.KIND + " " + file + ": the header's NumFiles is " + k + ", but the name"
                    + " is not BASE.i (as snapshot_000.0), so the other files of the snapshot cannot be found");
        }
        List<Gadget2File> files = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            Path f = file.resolveSibling(m.group(1) + "." + i);
            Gadget2File part = f.equals(file) ? first : Gadget2File.scan(f);
            if (!part.header.sameSnapshot(first.header)) {
                throw new IOException(Gadget2File.KIND + " " + f + ": the header says " + part.header.describeSnapshot()
                        + ", but " + file.getFileName() + " of the same snapshot says "
                        + first.header.describeSnapshot());
            }
            files.add(part);
        }
        return files;
    }

    private static Bodies allocate(Path file, long n, boolean noneAllowed) throws IOException {
        if (n == 0 && !noneAllowed) {
            throw new IOException(Gadget2File.KIND + " " + file + ": no particles, expected at least one body");
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new IOException(Gadget2File.KIND + " " + file + ": " + n + " particles, more than the "
                    + (Integer.MAX_VALUE - 8) + " bodies one run holds");
        }
        return new Bodies((int) n);
    }

    /** Reads the particles of {@code f} into bodies {@code at} onwards. */
    private static void fill(Gadget2File f, Bodies b, int at) throws IOException {
        int n = (int) f.header.count();
        try (FileChannel ch = FileChannel.open(f.path)) {
            vectors(f, ch, f.pos, b.x, b.y, b.z, at, n);
            vectors(f, ch, f.vel, b.vx, b.vy, b.vz, at, n);
            BlockValues ids = new BlockValues(f.path, ch, f.ids, f.signature.order());
            for (int i = at; i < at + n; i++) {
                b.id[i] = ids.nextUnsigned();
                if (b.id[i] < 0) {
                    throw new IOException(Gadget2File.where(f.path, ids.offset()) + "id "
                            + Long.toUnsignedString(b.id[i]) + " is past " + Long.MAX_VALUE + ", the largest id a"
                            + " body has");
                }
            }
            BlockValues masses = f.mass == null ? null : new BlockValues(f.path, ch, f.mass, f.signature.order());
            int i = at;
            for (int t = 0; t < Gadget2Header.TYPES; t++) {
                double table = f.header.massTable()[t];
                for (int j = 0; j < f.header.thisFile()[t]; j++, i++) {
                    b.mass[i] = table > 0 ? table : masses.nextDouble();
                    if (!(b.mass[i] > 0) || !Double.isFinite(b.mass[i])) {
                        throw new IOException(Gadget2File.where(f.path, masses.offset()) + "mass " + b.mass[i]
                                + " of type-" + t + " particle " + j + " of the MASS block, expected a finite mass"
                                + " > 0");
                    }
                }
            }
        }
        Arrays.fill(b.cost, at, at + n, 1);
    }

    private static void vectors(Gadget2File f, FileChannel ch, Gadget2File.Block block, double[] x, double[] y,
                                double[] z, int at, int n) throws IOException {
        BlockValues v = new BlockValues(f.path, ch, block, f.signature.order());
        double[][] xyz = {x, y, z};
        for (int i = at; i < at + n; i++) {
            for (double[] c : xyz) {
                c[i] = v.nextDouble();
                if (!Double.isFinite(c[i])) {
                    throw new IOException(Gadget2File.where(f.path, v.offset()) + "the " + block.label() + " block's"
                            + " value " + c[i] + " (particle " + (i - at) + " of the file, " + (c == x ? "x" : c == y
                            ? "y" : "z") + ") is not finite, expected finite numbers");
                }
            }
        }
    }

    /** Ids once each across the files; a repeat is named by file, type and index within the type. */
    private static void checkUniqueIds(Bodies b, List<Gadget2File> files) throws IOException {
        int[] pair = UniqueIds.firstRepeat(b.id);
        if (pair != null) {
            throw new IOException(Gadget2File.KIND + " " + files.get(0).path + ": id " + b.id[pair[1]] + " is used"
                    + " twice: by " + particle(files, pair[0]) + " and by " + particle(files, pair[1])
                    + ", expected each id once");
        }
    }

    private static String particle(List<Gadget2File> files, int index) {
        int i = index;
        for (Gadget2File f : files) {
            for (int t = 0; t < Gadget2Header.TYPES; t++) {
                int c = f.header.thisFile()[t];
                if (i < c) {
                    return "type-" + t + " particle " + i + " of " + f.path.getFileName();
                }
                i -= c;
            }
        }
        throw new IllegalArgumentException("body " + index + " is in none of the files");
    }
}
