package io.stormsim.nbody.bolts;

import io.stormsim.plot.Charts;
import java.awt.Color;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The plot of a Barnes-Hut run's relative energy error against time ({@code energy-error.png}). */
final class EnergyErrorPlot {
    static final String SERIES = "(E - E0) / |E0|";
    private static final Color LINE = new Color(0x1f77b4);

    private EnergyErrorPlot() {
    }

    /** @param run what was run, for the title */
    static XYChart chart(double[] time, double[] relEnergyError, String run) {
        XYChart chart = Charts.xy("Relative energy error, " + run, "time (N-body units, G = 1)",
                "relative energy error (E - E0) / |E0|");
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisDecimalPattern("0.####");
        chart.addSeries(SERIES, time, relEnergyError).setMarker(SeriesMarkers.NONE).setLineColor(LINE);
        return chart;
    }
}
