package io.stormsim.nbody.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.stormsim.nbody.PlummerSphere;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile written as CSV and as HDF5 reads back as the same bits (the HDF5 through jHDF's own reader). */
class ProfileFilesTest {
    @TempDir
    Path dir;

    /** A profile with an empty bin, so NaN dispersions are written too. */
    private static DensityProfile.Profile profile() {
        return DensityProfile.of(PlummerSphere.generate(500, 3), new double[] {0.01, -0.02, 0.03}, 60, 1e-3, 4, 1);
    }

    private static double[][] columns(DensityProfile.Profile p) {
        double[] count = new double[p.bins()];
        for (int k = 0; k < count.length; k++) {
            count[k] = p.count()[k];
        }
        return new double[][] {p.radiusInner(), p.radiusOuter(), count, p.mass(), p.density(), p.enclosedMass(),
                p.circularVelocity(), p.sigmaRadial(), p.sigmaTotal()};
    }

    @Test
    void theCsvHasTheHeaderAndOneRowPerBinInTheSameBits() throws IOException {
        DensityProfile.Profile p = profile();
        Path f = dir.resolve("profile.csv");
        ProfileFiles.writeCsv(f, p);
        List<String> lines = Files.readAllLines(f);
        assertEquals(ProfileFiles.CSV_HEADER, lines.get(0));
        assertEquals(p.bins() + 1, lines.size());
        double[][] expected = columns(p);
        for (int k = 0; k < p.bins(); k++) {
            String[] cells = lines.get(k + 1).split(",");
            assertEquals(expected.length, cells.length);
            assertEquals(Integer.toString(p.count()[k]), cells[2], "counts as integers");
            for (int c = 0; c < cells.length; c++) {
                assertEquals(expected[c][k], Double.parseDouble(cells[c]), "row " + k + ", column " + c);
            }
        }
        assertEquals(List.of(f), Files.list(dir).toList(), "no temporary file left");
    }

    @Test
    void theHdf5HasADatasetPerQuantityAndTheTimeRoundAndCentre() throws IOException {
        DensityProfile.Profile p = profile();
        Path f = dir.resolve("profile.hdf5");
        ProfileFiles.writeHdf5(f, p, 42, 0.625);
        try (HdfFile hdf = new HdfFile(f)) {
            assertEquals(0.625, hdf.getAttribute("Time").getData());
            assertEquals(42L, hdf.getAttribute("Round").getData());
            assertArrayEquals(p.centre(), (double[]) hdf.getAttribute("Centre").getData());
            assertEquals(1.0, hdf.getAttribute("GravitationalConstant").getData());
            assertArrayEquals(p.count(), (int[]) ((Dataset) hdf.getChild("Count")).getData());
            double[][] expected = columns(p);
            for (int d = 0; d < ProfileFiles.DATASETS.size(); d++) {
                if (!ProfileFiles.DATASETS.get(d).equals("Count")) {
                    Dataset data = (Dataset) hdf.getChild(ProfileFiles.DATASETS.get(d));
                    assertArrayEquals(expected[d], (double[]) data.getData(), ProfileFiles.DATASETS.get(d));
                }
            }
            assertEquals(ProfileFiles.DATASETS.size(), hdf.getChildren().size());
        }
        assertEquals(List.of(f), Files.list(dir).toList(), "no temporary file left");
    }

    @Test
    void aFileThatCannotBeWrittenFailsNamingItAndLeavesNothing() throws IOException {
        Path f = dir.resolve("missing").resolve("profile.csv");
        assertThrows(IOException.class, () -> ProfileFiles.writeCsv(f, profile()));
        assertEquals(List.of(), Files.list(dir).toList());
    }
}
