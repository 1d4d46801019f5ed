package io.stormsim.nbody;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * yt and pynbody load stormsim's snapshots as they are, as docs/operations.md#snapshots shows: both formats, in
 * physical units (kpc, 1e10 Msun, km/s, read back in cgs: the tools must take the units from the files, or for
 * GADGET-2 from yt's unit_base and pynbody's units file) and in N-body units (read back as the file's numbers),
 * a snapshot of two files each. Every body's position, velocity and mass and the box must be what was written
 * (HDF5: to 1e-12 of the quantity's scale, the tools' unit conversion; GADGET-2: the 32-bit floats written, to 1e-6,
 * as pynbody converts them in single precision). The tools run in a cached virtual environment ({@link AnalysisVenv}).
 */
class SnapshotAnalysisToolsTest {
    private static final int N = 300, FILES = 2;
    private static final double TIME = 0.75;

    @TempDir
    Path dir;

    /** One load by one tool, and what it must give. */
    private record Load(String tool, String mode, Path path, String sizes, Bodies expected, double box,
                        UnitSystem units, boolean singlePrecision) {
        String argument() {
            return tool + "|" + mode + "|" + path + "|" + sizes;
        }
    }

    @Test
    void ytAndPynbodyReadBodiesAndBoxInTheDeclaredUnits() throws Exception {
        Path python = AnalysisVenv.python();
        UnitSystem galactic = UnitNames.parse("kpc,1e10Msun,km/s");
        List<Load> loads = new ArrayList<>();
        for (UnitSystem units : new UnitSystem[] {galactic, UnitSystem.NBODY}) {
            Bodies b = PlummerSphere.generate(N, 21, units.gravitationalConstant());
            double box = SnapshotHeader.boxSize(b);
            SnapshotHeader header = new SnapshotHeader(TIME, box, N, FILES, units);
            String name = units.physical() ? "kpc" : "nbody";
            Path hdf5 = dir.resolve(name + "-hdf5"), gadget = dir.resolve(name + "-gadget2");
            for (int p = 0; p < FILES; p++) {
                Files.createDirectories(hdf5);
                Files.createDirectories(gadget);
                SnapshotFormat.HDF5.write(hdf5.resolve(SnapshotFormat.HDF5.fileName(3, p)), b.stripe(p, FILES), header);
                SnapshotFormat.GADGET2.write(gadget.resolve(SnapshotFormat.GADGET2.fileName(3, p)), b.stripe(p, FILES),
                        header);
            }
            if (units.physical()) {
                GadgetSnapshot.writeUnits(gadget.resolve(SnapshotFormat.GADGET2.unitsFileName(3)), units);
            }
            String mode = units.physical() ? "cgs" : "code";
            String sizes = units.physical() ? units.lengthCm() + "|" + units.massG() + "|" + units.velocityCmPerS() : "";
            Bodies sorted = b.sortedById();
            loads.add(new Load("yt", mode, hdf5.resolve(SnapshotFormat.HDF5.fileName(3, 0)), "", sorted, box, units, false));
            loads.add(new Load("yt", mode, gadget.resolve(SnapshotFormat.GADGET2.fileName(3, 0)), sizes, sorted, box,
                    units, true));
            loads.add(new Load("pynbody", mode, hdf5.resolve("snapshot_003"), "", sorted, box, units, false));
            loads.add(new Load("pynbody", mode, gadget.resolve("snapshot_003"), "", sorted, box, units, true));
        }
        List<String> command = new ArrayList<>(List.of(python.toString(),
                AnalysisVenv.PYTHON_DIR.resolve("load_snapshots.py").toString()));
        loads.forEach(l -> command.add(l.argument()));
        long start = System.nanoTime();
        AnalysisVenv.Result r = AnalysisVenv.run(command, 600);
        System.out.printf("SnapshotAnalysisToolsTest: %d loads in %.1f s%n", loads.size(), (System.nanoTime() - start) / 1e9);
        assertEquals(0, r.exit(), () -> "load_snapshots.py failed:\n" + r.output() + r.errors());
        List<String> lines = List.of(r.output().split("\n"));
        int at = 0;
        for (Load load : loads) {
            while (!lines.get(at).startsWith("load ")) {
                at++;
            }
            String what = load.tool + " on " + load.path.getParent().getFileName() + "/" + load.path.getFileName();
            assertEquals("load " + load.tool + " " + load.path, lines.get(at), what);
            at = check(load, lines, at + 1, what);
        }
    }

    /** Checks one load's lines from {@code at}; returns the line after them. */
    private static int check(Load load, List<String> lines, int at, String what) {
        UnitSystem u = load.units;
        boolean cgs = u.physical();
        double lengthUnit = cgs ? u.lengthCm() : 1, velocityUnit = cgs ? u.velocityCmPerS() : 1, massUnit = cgs ? u.massG() : 1;
        String[] box = lines.get(at).split(" ");
        assertEquals("box", box[0], what);
        assertEquals(load.box * lengthUnit, Double.parseDouble(box[1]), 1e-12 * load.box * lengthUnit, what + ": box");
        Bodies e = load.expected;
        double tolerance = load.singlePrecision ? 1e-6 : 1e-12;
        double[][] columns = {e.x, e.y, e.z, e.vx, e.vy, e.vz, e.mass};
        double[] unit = {lengthUnit, lengthUnit, lengthUnit, velocityUnit, velocityUnit, velocityUnit, massUnit};
        double[] scale = new double[columns.length];
        for (int c = 0; c < columns.length; c++) {
            for (double v : columns[c]) {
                scale[c] = Math.max(scale[c], Math.abs(v) * unit[c]);
            }
        }
        long[] ids = new long[e.n];
        String[] names = {"x", "y", "z", "vx", "vy", "vz", "mass"};
        for (int i = 0; i < e.n; i++) {
            String[] f = lines.get(at + 1 + i).split(" ");
            ids[i] = Long.parseLong(f[0]);
            for (int c = 0; c < columns.length; c++) {
                double written = load.singlePrecision ? (float) columns[c][i] : columns[c][i];
                double expected = written * unit[c];
                double got = Double.parseDouble(f[1 + c]);
                assertEquals(expected, got, tolerance * scale[c], what + ": body " + e.id[i] + " " + names[c]);
            }
        }
        assertArrayEquals(e.id, ids, what + ": ids");
        assertTrue(lines.get(at + 1 + e.n).equals("end"), what + ": more bodies than written");
        return at + 2 + e.n;
    }
}
