package io.stormsim.water;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.stormsim.water.WaterModel.*;

/**
 * The original's start: molecules on a cubic lattice, all in the same orientation, with velocities
 * from a file of pseudo-random numbers (random.in) shifted to zero total momentum and scaled to the
 * temperature per component. Higher derivatives start at zero; the accelerations come from the
 * intermolecular forces of the first exchange ({@link WaterPartition#startAccelerations}).
 */
public final class LatticeStart {
    private LatticeStart() {
    }

    /**
     * The 9 NMOL numbers a lattice start reads from a random-numbers file, as the original reads it:
     * whitespace-separated decimals, the first one skipped, then per molecule and atom (H1, O, H2) the
     * x, y and z velocity. Numbers after those needed are ignored.
     */
    public static double[] readRandomNumbers(Path file, int molecules) throws IOException {
        double[] out = new double[PER_MOLECULE * molecules];
        int read = -1; // the first number is read and discarded
        int line = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String text;
            while (read < out.length && (text = in.readLine()) != null) {
                line++;
                String trimmed = text.trim();
                if (trimmed.isEmpty()) {
                    continue;
                }
                for (String token : trimmed.split("\\s+")) {
                    if (read == out.length) {
                        break;
                    }
                    if (!WaterInput.REAL.matcher(token).matches()) {
                        throw new WaterInput.InputFormatException(file, line,
                                "expected a decimal number (random velocities), found '" + token + "'");
                    }
                    double v = Double.parseDouble(token);
                    if (read >= 0) {
                        out[read] = v;
                    }
                    read++;
                }
            }
        }
        if (read < out.length) {
            throw new WaterInput.InputFormatException(file, line, "the file ends after " + Math.max(read, 0)
                    + " numbers after the first; NMOL = " + molecules + " needs " + out.length
                    + " (9 a molecule: x y z of H1, O, H2)");
        }
        return out;
    }

    /**
     * The start's Gear derivatives, [order+1][9 NMOL]: lattice positions, velocities from {@code random}
     * (9 NMOL numbers as {@link #readRandomNumbers} returns them), zeros above.
     */
    public static double[][] derivatives(WaterInput in, RunConstants c, double[] random) {
        int n = in.molecules();
        if (random.length < PER_MOLECULE * n) {
            throw new IllegalArgumentException("random numbers: " + random.length + " given, NMOL = " + n
                    + " needs " + PER_MOLECULE * n);
        }
        double[][] x = new double[in.order() + 1][PER_MOLECULE * n];
        placeOnLattice(c, x[0]);
        velocities(c, random, x[1]);
        return x;
    }

    /** The spacing is the box over (cube root of NMOL less 1e-5), as the original computes it. */
    private static void placeOnLattice(RunConstants c, double[] x) {
        int n = c.molecules;
        int perAxis = WaterInput.moleculesPerAxis(n);
        double ns = StrictMath.pow(n, 1.0 / 3.0) - 0.00001;
        double spacing = c.boxLength / ns;
        double start = spacing * 0.50;
        double along = BOND * StrictMath.cos(ANGLE * 0.5), across = BOND * StrictMath.sin(ANGLE * 0.5);
        int m = 0;
        // Coordinates advance by repeated addition of the spacing, as in the original.
        double ox = start;
        for (int i = 0; i < perAxis; i++, ox += spacing) {
            double oy = start;
            for (int j = 0; j < perAxis; j++, oy += spacing) {
                double z = start;
                for (int k = 0; k < perAxis; k++, z += spacing, m++) {
                    int p = PER_MOLECULE * m;
                    set(x, p + 3 * H1, ox + along, oy + across, z);
                    set(x, p + 3 * O, ox, oy, z);
                    set(x, p + 3 * H2, ox + along, oy - across, z);
                }
            }
        }
    }

    private static void set(double[] x, int p, double vx, double vy, double vz) {
        x[p] = vx;
        x[p + 1] = vy;
        x[p + 2] = vz;
    }

    /** Velocities less their mean, per component scaled so that the kinetic energy is kT/2 per degree. */
    private static void velocities(RunConstants c, double[] random, double[] v) {
        int n = c.molecules;
        double[] mean = new double[3];
        for (int m = 0; m < n; m++) {
            for (int a = 0; a < ATOMS; a++) {
                for (int d = 0; d < 3; d++) {
                    mean[d] = mean[d] + random[PER_MOLECULE * m + 3 * a + d];
                }
            }
        }
        double[] scale = new double[3];
        double target = BOLTZMANN * TEMPERATURE * (ATOMS * n) / UNIT_MASS
                * square(UNIT_TIME * c.timeStep / UNIT_LENGTH);
        for (int d = 0; d < 3; d++) {
            mean[d] = mean[d] / (ATOMS * n);
            double sum = 0.0;
            for (int m = 0; m < n; m++) {
                int p = PER_MOLECULE * m + d;
                sum = sum + (square(random[p + 3 * H1] - mean[d]) + square(random[p + 3 * H2] - mean[d]))
                        / HYDROGEN_MASS + square(random[p + 3 * O] - mean[d]) / OXYGEN_MASS;
            }
            scale[d] = Math.sqrt(target / sum);
        }
        for (int m = 0; m < n; m++) {
            for (int a = 0; a < ATOMS; a++) {
                double mass = a == O ? OXYGEN_MASS : HYDROGEN_MASS;
                for (int d = 0; d < 3; d++) {
                    int p = PER_MOLECULE * m + 3 * a + d;
                    v[p] = (random[p] - mean[d]) * scale[d] / mass;
                }
            }
        }
    }

    private static double square(double x) {
        return x * x;
    }
}
