package io.stormsim.nbody.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lagrangian table: its columns named by centre and fraction as typed, each row's cells reading back as the
 * bits of the result they came from, one row per round in round order whatever the order (or repetition) of adds.
 */
class LagrangianCsvTest {
    @TempDir
    Path dir;

    @Test
    void fractionsAreLabelledInPlainDecimal() {
        assertEquals("0.001", LagrangianCsv.label(0.001));
        assertEquals("0.0001", LagrangianCsv.label(1e-4));
        assertEquals("0.5", LagrangianCsv.label(0.5));
        assertEquals("1.0", LagrangianCsv.label(1.0));
        assertEquals("0.125", LagrangianCsv.label(0.125));
    }

    @Test
    void theHeaderNamesEveryColumnByCentreAndFraction() {
        LagrangianCsv table = new LagrangianCsv(new double[] {0.001, 0.5, 1.0});
        assertEquals("round,time,r_dc_0.001,r_dc_0.5,r_dc_1.0,r_cm_0.001,r_cm_0.5,r_cm_1.0,dc_x,dc_y,dc_z,dc_radius,"
                + "rh_dc,rh_cm,sigr_dc_0.001,sigr_dc_0.5,sigr_dc_1.0,sigt_dc_0.001,sigt_dc_0.5,sigt_dc_1.0,"
                + "sigr_cm_0.001,sigr_cm_0.5,sigr_cm_1.0,sigt_cm_0.001,sigt_cm_0.5,sigt_cm_1.0,virial_ratio",
                table.header());
    }

    @Test
    void aRowHoldsTheResultsBitsInItsNamedColumns() throws IOException {
        double[] f = LagrangianRadii.defaultFractions();
        Bodies b = AnalysisFixtures.unequalMasses(2000, 5);
        LagrangianRadii.Both first = LagrangianRadii.both(b, f, 6);
        LagrangianRadii.Both later = LagrangianRadii.both(AnalysisFixtures.lattice(6, 1), f, 6);
        LagrangianCsv table = new LagrangianCsv(f);
        List<String> lines = List.of(table.header(), table.row(10, 0.25, first, 0.1, -0.4),
                table.row(20, 0.5, later, 0.3, -0.5));
        List<String> columns = Arrays.asList(table.header().split(","));
        String[] row = lines.get(1).split(",");
        assertEquals(columns.size(), row.length);
        assertEquals("10", row[0]);
        assertEquals(0.25, Double.parseDouble(row[1]));
        for (int i = 0; i < f.length; i++) {
            String fr = LagrangianCsv.label(f[i]);
            assertEquals(first.aboutDensityCentre().radius()[i], cell(row, columns, "r_dc_" + fr));
            assertEquals(first.aboutCentreOfMass().radius()[i], cell(row, columns, "r_cm_" + fr));
            assertEquals(first.aboutDensityCentre().sigmaRadial()[i], cell(row, columns, "sigr_dc_" + fr));
            assertEquals(first.aboutDensityCentre().sigmaTangential()[i], cell(row, columns, "sigt_dc_" + fr));
            assertEquals(first.aboutCentreOfMass().sigmaRadial()[i], cell(row, columns, "sigr_cm_" + fr));
            assertEquals(first.aboutCentreOfMass().sigmaTangential()[i], cell(row, columns, "sigt_cm_" + fr));
        }
        assertEquals(first.densityCentre().x(), cell(row, columns, "dc_x"));
        assertEquals(first.densityCentre().y(), cell(row, columns, "dc_y"));
        assertEquals(first.densityCentre().z(), cell(row, columns, "dc_z"));
        assertEquals(first.densityCentre().radius(), cell(row, columns, "dc_radius"));
        assertEquals(first.aboutDensityCentre().halfMassRadius(), cell(row, columns, "rh_dc"));
        assertEquals(first.aboutCentreOfMass().halfMassRadius(), cell(row, columns, "rh_cm"));
        assertEquals(0.1 / 0.4, cell(row, columns, "virial_ratio"));
        assertTrue(lines.get(2).startsWith("20,0.5,"));
        assertEquals(0.3 / 0.5, cell(lines.get(2).split(","), columns, "virial_ratio"));
    }

    private static double cell(String[] row, List<String> columns, String name) {
        int at = columns.indexOf(name);
        assertTrue(at >= 0, "column " + name);
        return Double.parseDouble(row[at]);
    }

    @Test
    void resultsForOtherFractionsAreRefused() {
        LagrangianCsv table = new LagrangianCsv(new double[] {0.5, 1.0});
        LagrangianRadii.Both r = LagrangianRadii.both(AnalysisFixtures.lattice(5, 1), new double[] {0.1, 1.0}, 6);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.row(1, 0, r, 1, -2));
        assertTrue(e.getMessage().contains("[0.1, 1.0]") && e.getMessage().contains("[0.5, 1.0]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LagrangianCsv(new double[] {0.5, 0.1}));
        assertTrue(e.getMessage().contains("fraction 0.1 follows 0.5"), e.getMessage());
    }
}
