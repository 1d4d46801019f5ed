package io.stormsim.nbody.analysis.bolts;

import io.stormsim.plot.Charts;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plot of the Lagrangian radii about the density centre against time ({@code lagrangian.png}), log radius,
 * one line a mass fraction, drawn from the rows of {@code lagrangian.csv}.
 */
final class LagrangianPlot {
    private LagrangianPlot() {
    }

    /** @param header the CSV's header; rows its rows; run what was run, for the title */
    static XYChart chart(String header, List<String> rows, String run) {
        String[] columns = header.split(",");
        List<Integer> radii = new ArrayList<>();
        for (int c = 0; c < columns.length; c++) {
            if (columns[c].startsWith("r_dc_")) {
                radii.add(c);
            }
        }
        double[] time = new double[rows.size()];
        double[][] r = new double[radii.size()][rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            String[] v = rows.get(i).split(",");
            time[i] = Double.parseDouble(v[1]);
            for (int f = 0; f < radii.size(); f++) {
                r[f][i] = Double.parseDouble(v[radii.get(f)]);
            }
        }
        XYChart chart = Charts.xy("Lagrangian radii about the density centre, " + run, "time",
                "radius enclosing the mass fraction");
        chart.getStyler().setYAxisLogarithmic(true);
        // 16 fractions' lines: a legend inside would hide some
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setXAxisDecimalPattern("0.####");
        for (int f = 0; f < radii.size(); f++) {
            chart.addSeries(columns[radii.get(f)].substring("r_dc_".length()), time, r[f]).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }
}
