package io.stormsim.water;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The RDF's pair counts against a direct histogram over all pairs of atoms of different molecules, each at the
 * nearest of its 27 periodic images, at 1, 2 and 3 partitions; g of uniformly random atoms is 1 within its noise.
 */
class RdfTest {
    private static final int MOLECULES = 216, BINS = 40;

    /** Every pair of atoms of molecules i < j, the least squared distance over the 27 images, binned by {@code rdf}. */
    private static long[] directCounts(WaterState state, Rdf rdf) {
        double[] x = state.derivatives()[0];
        long[] counts = new long[Rdf.TYPES * rdf.bins];
        for (int i = 0; i < rdf.molecules; i++) {
            for (int j = i + 1; j < rdf.molecules; j++) {
                for (int sa = 0; sa < 3; sa++) {
                    for (int sb = 0; sb < 3; sb++) {
                        int a = WaterModel.PER_MOLECULE * i + 3 * sa, b = WaterModel.PER_MOLECULE * j + 3 * sb;
                        double least = Double.POSITIVE_INFINITY;
                        for (int kx = -1; kx <= 1; kx++) {
                            for (int ky = -1; ky <= 1; ky++) {
                                for (int kz = -1; kz <= 1; kz++) {
                                    double dx = x[a] - x[b] + kx * rdf.box, dy = x[a + 1] - x[b + 1] + ky * rdf.box;
                                    double dz = x[a + 2] - x[b + 2] + kz * rdf.box;
                                    least = Math.min(least, dx * dx + dy * dy + dz * dz);
                                }
                            }
                        }
                        int k = rdf.bin(least);
                        if (k >= 0) {
                            int type = sa == WaterModel.O && sb == WaterModel.O ? Rdf.OO
                                    : sa == WaterModel.O || sb == WaterModel.O ? Rdf.OH : Rdf.HH;
                            counts[type * rdf.bins + k]++;
                        }
                    }
                }
            }
        }
        return counts;
    }

    private static long[] counts(WaterRun run, Rdf rdf) {
        long[] counts = rdf.newCounts();
        run.countPairs(rdf, counts);
        return counts;
    }

    @Test
    void theLatticeStartsCountsAreTheDirectHistogramsAtAnyPartitionCount() {
        for (int partitions : new int[] {1, 2, 3}) {
            WaterRun run = TestStarts.lattice(MOLECULES, 1, partitions);
            Rdf rdf = new Rdf(run.constants, BINS);
            long[] expected = directCounts(run.state(), rdf);
            assertTrue(expected[Rdf.OO * BINS + BINS - 1] > 0, "the lattice has O-O pairs in the last bin");
            assertArrayEquals(expected, counts(run, rdf), partitions + " partitions");
        }
    }

    @Test
    void aRunsCountsAfterSomeStepsAreTheDirectHistogramsAtAnyPartitionCount() {
        long[] sequential = null;
        for (int partitions : new int[] {1, 2, 3}) {
            WaterRun run = TestStarts.lattice(MOLECULES, 2, partitions);
            for (int s = 0; s < 6; s++) {
                run.advance();
            }
            Rdf rdf = new Rdf(run.constants, BINS);
            long[] counts = counts(run, rdf);
            assertArrayEquals(directCounts(run.state(), rdf), counts, partitions + " partitions");
            if (sequential == null) {
                sequential = counts;
            }
            assertArrayEquals(sequential, counts, partitions + " partitions against 1");
        }
    }

    /**
     * Atoms placed uniformly at random, 30 configurations: each g within 5 standard deviations of 1 (a bin's count
     * of independent uniform pairs is binomial: its pairs share atoms, but on the torus their displacements are
     * pairwise independent), and the counts' total what the normalisation expects, within 1%.
     */
    @Test
    void uniformlyRandomAtomsGiveOneWithinTheNoise() {
        int molecules = 512, bins = 20, samples = 30;
        Rdf rdf = new Rdf(new RunConstants(WaterInput.of(molecules, 1, 0.0, 1)), bins);
        assertEquals(WaterModel.MAX_CUTOFF, rdf.range, "the cutoff, 11 A: half the box is more");
        MoleculeBlocks layout = new MoleculeBlocks(molecules);
        SplittableRandom random = new SplittableRandom(7);
        double[] frames = new double[PairKernel.FRAME * molecules];
        long[] counts = rdf.newCounts();
        for (int s = 0; s < samples; s++) {
            for (int e = 0; e < frames.length; e++) {
                frames[e] = random.nextDouble(0, rdf.box);
            }
            rdf.count(frames, layout, 0, molecules, counts);
        }
        double[] g = rdf.g(counts, samples);
        double n = molecules, volume = rdf.box * rdf.box * rdf.box;
        double[] pairs = {n * (n - 1) / 2, 2 * n * (n - 1), 2 * n * (n - 1)};
        for (int t = 0; t < Rdf.TYPES; t++) {
            long total = 0;
            for (int k = 0; k < bins; k++) {
                double expected = counts[t * bins + k] / g[t * bins + k];
                assertTrue(Math.abs(g[t * bins + k] - 1) < 5 / Math.sqrt(expected),
                        "type " + t + ", bin " + k + ": g = " + g[t * bins + k] + ", " + expected + " pairs expected");
                total += counts[t * bins + k];
            }
            double sphere = 4 * Math.PI / 3 * Math.pow(rdf.range, 3);
            assertEquals(1.0, total / (samples * pairs[t] * sphere / volume), 0.01, "type " + t + " over the range");
        }
    }

    @Test
    void theRangeIsTheCutoffButAtMostHalfTheBox() {
        Rdf rdf = new Rdf(new RunConstants(WaterInput.of(216, 1, 11.0, 1)), 4);
        assertTrue(rdf.box / 2 < 11.0, "a box of " + rdf.box);
        assertEquals(rdf.box / 2, rdf.range);
        assertEquals(6.0, new Rdf(new RunConstants(WaterInput.of(216, 1, 6.0, 1)), 4).range);
    }

    @Test
    void theCsvHasAHeaderAndARowPerBinAtItsCentre() {
        Rdf rdf = new Rdf(new RunConstants(WaterInput.of(27, 1, 0.0, 1)), 4);
        long[] counts = rdf.newCounts();
        counts[Rdf.OH * 4 + 2] = 10;
        List<String> lines = rdf.csv(counts, 2);
        assertEquals(5, lines.size());
        assertEquals("r,g_OO,g_OH,g_HH", lines.get(0));
        double width = rdf.range / 4, lo = 2 * width, hi = 3 * width;
        double shell = 4 * Math.PI / 3 * (hi * hi * hi - lo * lo * lo);
        String[] row = lines.get(3).split(",");
        assertEquals(2.5 * width, Double.parseDouble(row[0]), 1e-12 * rdf.range);
        assertEquals(0.0, Double.parseDouble(row[1]));
        assertEquals(10 / (2 * (2.0 * 27 * 26) * shell / Math.pow(rdf.box, 3)), Double.parseDouble(row[2]), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new Rdf(new RunConstants(WaterInput.of(27, 1, 0.0, 1)), 0));
        assertThrows(IllegalArgumentException.class, () -> rdf.g(counts, 0));
    }
}
