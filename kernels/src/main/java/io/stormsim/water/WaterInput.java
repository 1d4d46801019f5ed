package io.stormsim.water;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The ten fields of a SPLASH-2 Water input file, in the original's order and read as it reads them
 * (whitespace-separated, lines do not matter): TSTEP NMOL NSTEP NORDER NSAVE NRST NPRINT NFMC NumProcs
 * CUTOFF. Every value is validated; errors name the file, the line, the field and what is allowed.
 *
 * <p>What the original allows, and why: NMOL must be n^3 (the lattice start places n molecules along
 * each axis); NORDER is 3 to 6 (the Gear corrector has coefficients for 3 to 7, but the original stores
 * derivatives up to the sixth only, so its order 7 would read the force slot as the seventh derivative);
 * NPRINT must be positive (the original divides by it); CUTOFF 0 asks for the default, half the box
 * capped at 11 Angstrom, and a given cutoff may not exceed 11 Angstrom (the original silently lowers it;
 * here it is an error). NSAVE, NRST and NFMC are kept but change nothing: the original writes no data
 * or restart files. NumProcs is the original's process count, at most its 128.
 */
public record WaterInput(double timeStepSeconds, int molecules, int steps, int order, int saveEvery,
                         int restartEvery, int printEvery, int nfmc, int processors, double cutoff) {

    public static final int MIN_ORDER = 3, MAX_ORDER = 6, MAX_PROCESSORS = 128;
    /** Largest molecules per axis: keeps every array index (12 doubles a molecule) an int. */
    public static final int MAX_PER_AXIS = 500;

    public WaterInput {
        check("TSTEP", timeStepSeconds, Double.isFinite(timeStepSeconds) && timeStepSeconds > 0,
                "a time step in seconds, finite and > 0 (the original's input uses 1.5e-16)");
        check("NMOL", molecules, moleculesPerAxis(molecules) > 0,
                "a cube n^3 of an integer n in 1.." + MAX_PER_AXIS + " (the lattice start)");
        check("NSTEP", steps, steps >= 0, "an integer >= 0");
        check("NORDER", order, order >= MIN_ORDER && order <= MAX_ORDER,
                "an integer from " + MIN_ORDER + " to " + MAX_ORDER + " (the Gear orders the original supports)");
        check("NPRINT", printEvery, printEvery >= 1, "an integer >= 1 (potential energies every NPRINT steps)");
        check("NumProcs", processors, processors >= 1 && processors <= MAX_PROCESSORS,
                "an integer from 1 to " + MAX_PROCESSORS);
        check("CUTOFF", cutoff, Double.isFinite(cutoff) && cutoff >= 0 && cutoff <= WaterModel.MAX_CUTOFF,
                "0 (the default: half the box, at most 11 Angstrom) or a radius in Angstrom in (0, 11]");
    }

    /** n if {@code molecules} is n^3 with 1 <= n <= {@link #MAX_PER_AXIS}, else 0. */
    public static int moleculesPerAxis(int molecules) {
        for (int n = 1; n <= MAX_PER_AXIS; n++) {
            long cube = (long) n * n * n;
            if (cube == molecules) {
                return n;
            }
            if (cube > molecules) {
                return 0;
            }
        }
        return 0;
    }

    /** An input with the given size, cutoff and print interval, and the reference deck's other values. */
    public static WaterInput of(int molecules, int steps, double cutoff, int printEvery) {
        return new WaterInput(1.5e-16, molecules, steps, 6, -1, 3000, printEvery, 0, 1, cutoff);
    }

    public WaterInput withSteps(int newSteps) {
        return new WaterInput(timeStepSeconds, molecules, newSteps, order, saveEvery, restartEvery, printEvery,
                nfmc, processors, cutoff);
    }

    private static void check(String key, Object value, boolean ok, String allowed) {
        if (!ok) {
            throw new IllegalArgumentException(key + " = " + value + " is not allowed: must be " + allowed);
        }
    }

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    /** What C's %lf accepts in these files: a decimal number with optional fraction and exponent. */
    static final Pattern REAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private static final String[] KEYS = {"TSTEP", "NMOL", "NSTEP", "NORDER", "NSAVE", "NRST", "NPRINT", "NFMC",
            "NumProcs", "CUTOFF"};

    /** Reads and validates an input file; a malformed or invalid one fails naming the file and line. */
    public static WaterInput read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        double[] real = new double[KEYS.length];
        int[] lineOf = new int[KEYS.length];
        int field = 0;
        for (int l = 0; l < lines.size(); l++) {
            String text = lines.get(l).trim();
            if (text.isEmpty()) {
                continue;
            }
            for (String token : text.split("\\s+")) {
                if (field == KEYS.length) {
                    throw new InputFormatException(file, l + 1, "expected the end of the file after CUTOFF (the "
                            + KEYS.length + " fields are complete), found '" + token + "'");
                }
                boolean isReal = field == 0 || field == KEYS.length - 1;
                if (!(isReal ? REAL : INTEGER).matcher(token).matches()) {
                    throw new InputFormatException(file, l + 1, "expected " + KEYS[field] + " (field " + (field + 1)
                            + " of " + KEYS.length + ", " + (isReal ? "a number" : "an integer") + "), found '"
                            + token + "'");
                }
                try {
                    real[field] = isReal ? Double.parseDouble(token) : Integer.parseInt(token);
                } catch (NumberFormatException e) {
                    throw new InputFormatException(file, l + 1, "expected " + KEYS[field]
                            + " as an integer within 32 bits, found '" + token + "'");
                }
                lineOf[field++] = l + 1;
            }
        }
        if (field < KEYS.length) {
            throw new InputFormatException(file, lines.size(), "the file ends before " + KEYS[field] + " (field "
                    + (field + 1) + " of " + KEYS.length + ": TSTEP NMOL NSTEP NORDER NSAVE NRST NPRINT NFMC"
                    + " NumProcs CUTOFF)");
        }
        try {
            return new WaterInput(real[0], (int) real[1], (int) real[2], (int) real[3], (int) real[4],
                    (int) real[5], (int) real[6], (int) real[7], (int) real[8], real[9]);
        } catch (IllegalArgumentException e) {
            String key = e.getMessage().substring(0, e.getMessage().indexOf(' '));
            int line = 0;
            for (int f = 0; f < KEYS.length; f++) {
                if (KEYS[f].equals(key)) {
                    line = lineOf[f];
                }
            }
            throw new InputFormatException(file, line, e.getMessage());
        }
    }

    /** A malformed or invalid input file: the message names the file and the line. */
    public static final class InputFormatException extends IOException {
        public InputFormatException(Path file, int line, String message) {
            super(file + ":" + line + ": " + message);
        }
    }
}
