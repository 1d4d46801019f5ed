package io.stormsim.nbody.analysis;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * The table of Lagrangian radii over a run, as CSV: a header, then one row per output time, ordered by round.
 * Columns: {@code round,time}, the radius of each fraction about the density centre ({@code r_dc_0.5}) and about
 * the centre of mass ({@code r_cm_0.5}), the density centre {@code dc_x,dc_y,dc_z}, its density radius
 * {@code dc_radius}, the half-mass radii {@code rh_dc,rh_cm}, the dispersions of the shell each fraction closes
 * ({@code sigr_dc_0.5, sigt_dc_0.5, sigr_cm_0.5, sigt_cm_0.5}; see {@link LagrangianRadii} for their meaning) and
 * the virial ratio {@code virial_ratio = T / |W|}. Fractions are written in plain decimal, as typed (0.001, not
 * 1.0E-3); numbers by {@link Double#toString}, which reads back as the same bits.
 *
 * <p>This class makes the header and the rows; {@link io.stormsim.run.RoundRows} keeps the file (a replayed round
 * replaces the rows from it on, the file is rewritten whole at each row).
 */
public final class LagrangianCsv {
    private final double[] fractions;
    private final String header;

    public LagrangianCsv(double[] fractions) {
        LagrangianRadii.checkFractions(fractions);
        this.fractions = fractions.clone();
        this.header = header(this.fractions);
    }

    public String header() {
        return header;
    }

    /** The fraction as a column label: plain decimal, the shortest that reads back as the same double. */
    public static String label(double fraction) {
        String s = BigDecimal.valueOf(fraction).stripTrailingZeros().toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

    private static String header(double[] fractions) {
        StringBuilder h = new StringBuilder("round,time");
        columns(h, "r_dc_", fractions);
        columns(h, "r_cm_", fractions);
        h.append(",dc_x,dc_y,dc_z,dc_radius,rh_dc,rh_cm");
        columns(h, "sigr_dc_", fractions);
        columns(h, "sigt_dc_", fractions);
        columns(h, "sigr_cm_", fractions);
        columns(h, "sigt_cm_", fractions);
        return h.append(",virial_ratio").toString();
    }

    private static void columns(StringBuilder h, String prefix, double[] fractions) {
        for (double f : fractions) {
            h.append(',').append(prefix).append(label(f));
        }
    }

    /** The row of {@code round}; kinetic and potential energy give the virial ratio. */
    public String row(long round, double time, LagrangianRadii.Both r, double kinetic, double potential) {
        for (LagrangianRadii.Shells s : new LagrangianRadii.Shells[] {r.aboutDensityCentre(), r.aboutCentreOfMass()}) {
            if (!Arrays.equals(s.fractions(), fractions)) {
                throw new IllegalArgumentException("radii of fractions " + Arrays.toString(s.fractions())
                        + " for a table of fractions " + Arrays.toString(fractions));
            }
        }
        LagrangianRadii.Shells dc = r.aboutDensityCentre(), cm = r.aboutCentreOfMass();
        StringBuilder row = new StringBuilder().append(round).append(',').append(time);
        values(row, dc.radius());
        values(row, cm.radius());
        DensityCentre.Result c = r.densityCentre();
        values(row, new double[] {c.x(), c.y(), c.z(), c.radius(), dc.halfMassRadius(), cm.halfMassRadius()});
        values(row, dc.sigmaRadial());
        values(row, dc.sigmaTangential());
        values(row, cm.sigmaRadial());
        values(row, cm.sigmaTangential());
        return row.append(',').append(kinetic / Math.abs(potential)).toString();
    }

    private static void values(StringBuilder row, double[] v) {
        for (double d : v) {
            row.append(',').append(d);
        }
    }
}
