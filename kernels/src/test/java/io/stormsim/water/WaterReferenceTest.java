package io.stormsim.water;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sequential kernel against the original program's run of 512 molecules for 10 steps: every table
 * line as printed, and every quantity printed at full precision within a relative 1e-9.
 */
class WaterReferenceTest {
    private static final double TOLERANCE = 1e-9;

    @Test
    void tableLinesMatchThePrintedReference() throws IOException {
        Path dir = ReferenceData.directory();
        List<String> expected = tableLines(Files.readAllLines(dir.resolve(ReferenceData.PRINTED)));
        List<String> actual = new ArrayList<>();
        for (StepValues v : run(dir)) {
            for (String line : v.tableLines().split("\n")) {
                actual.add(line);
            }
        }
        assertEquals(20, expected.size(), "reference table lines");
        assertEquals(expected, actual);
    }

    @Test
    void fullPrecisionValuesWithinOnePartInABillion() throws IOException {
        Path dir = ReferenceData.directory();
        Map<String, Double> expected = fullPrecision(Files.readAllLines(dir.resolve(ReferenceData.FULL_PRECISION)));
        assertEquals(6 + 10 * 7, expected.size(), "full-precision reference values");
        RunConstants c = new RunConstants(WaterInput.read(dir.resolve(ReferenceData.INPUT)));
        Map<String, Double> actual = new HashMap<>();
        actual.put("BOXL", c.boxLength);
        actual.put("BOXH", c.halfBox);
        actual.put("CUTOFF", c.cutoff);
        actual.put("FPOT", c.potentialFactor);
        actual.put("FKIN", c.kineticFactor);
        actual.put("TSTEP", c.timeStep);
        for (StepValues v : run(dir)) {
            String s = v.step() + " ";
            actual.put(s + "TEN", v.kinetic());
            actual.put(s + "POTA", v.intramolecular());
            actual.put(s + "POTR", v.intermolecular());
            actual.put(s + "POTRF", v.reactionField());
            actual.put(s + "XTT", v.total());
            actual.put(s + "AVGT", v.temperature());
            actual.put(s + "XVIR", v.virial());
        }
        double worst = 0;
        String worstKey = "";
        for (Map.Entry<String, Double> e : expected.entrySet()) {
            Double a = actual.get(e.getKey());
            assertTrue(a != null, "no value computed for " + e.getKey());
            double rel = Math.abs(a - e.getValue()) / Math.abs(e.getValue());
            if (rel > worst) {
                worst = rel;
                worstKey = e.getKey();
            }
        }
        System.out.printf("water reference: max relative difference %.3e (%s)%n", worst, worstKey);
        assertTrue(worst <= TOLERANCE, "max relative difference " + worst + " at " + worstKey);
        assertEquals(expected.get("BOXL"), c.boxLength, 0.0, "the box is computed exactly as the original");
        assertEquals(expected.get("FKIN"), c.kineticFactor, 0.0);
    }

    private static List<StepValues> run(Path dir) throws IOException {
        WaterInput in = WaterInput.read(dir.resolve(ReferenceData.INPUT));
        double[] random = LatticeStart.readRandomNumbers(dir.resolve(ReferenceData.RANDOM), in.molecules());
        WaterRun run = WaterRun.latticeStart(in, random, 1);
        List<StepValues> out = new ArrayList<>();
        for (int i = 0; i < in.steps(); i++) {
            StepValues v = run.advance();
            if (v != null) {
                out.add(v);
            }
        }
        assertEquals(in.steps() / in.printEvery(), out.size());
        return out;
    }

    /** The table: the line pairs between the lattice banner and the timing lines. */
    private static List<String> tableLines(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (line.startsWith("***** NEW RUN")) {
                in = true;
            } else if (line.startsWith("COMPUTESTART")) {
                in = false;
            } else if (in && !line.startsWith("HP ")) {
                out.add(line);
            }
        }
        return out;
    }

    /** "HP KEY=value" pairs; per-step values keyed "step KEY". */
    private static Map<String, Double> fullPrecision(List<String> lines) {
        Map<String, Double> out = new HashMap<>();
        for (String line : lines) {
            if (!line.startsWith("HP ")) {
                continue;
            }
            String[] f = line.substring(3).trim().split("\\s+");
            String prefix = f[0].contains("=") ? "" : f[0] + " ";
            for (String kv : f) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    out.put(prefix + kv.substring(0, eq), Double.parseDouble(kv.substring(eq + 1)));
                }
            }
        }
        return out;
    }
}
