package io.stormsim.benchmarks;

import io.stormsim.plot.Charts;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The scaling study's log-log plot (docs/scaling.png): the sequential kernel's seconds per step against N,
 * measured and per phase, with the fits t = a N log2 N over all N and over N >= 1e5.
 */
final class ScalingPlot {
    static final String MEASURED = "measured, whole step";
    private static final int FIT_POINTS = 50;
    private static final Color FIT = new Color(0xd62728);
    private static final Color[] PHASE_COLORS = {new Color(0x8c564b), new Color(0x9467bd), new Color(0x2ca02c),
        new Color(0x1f77b4), new Color(0xbcbd22)};
    private static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f,
            new float[] {6f, 4f}, 0f);

    private ScalingPlot() {
    }

    /** The legend's name of the fit with coefficient {@code a} seconds over {@code sizes}. */
    static String fitName(double a, String sizes) {
        return String.format("fit %.0f ns x N log2 N (%s)", a * 1e9, sizes);
    }

    /**
     * @param n            the body counts, ascending
     * @param seconds      seconds per step at each N
     * @param phases       the phases' names
     * @param phaseSeconds per phase, its seconds per step at each N
     * @param aAll         the fit's a over all N, seconds
     * @param aBig         the fit's a over N >= 1e5, seconds
     * @param machine      the CPU, for the title
     */
    static XYChart chart(double[] n, double[] seconds, String[] phases, double[][] phaseSeconds, double aAll,
                         double aBig, String machine) {
        XYChart chart = Charts.xy("Sequential Barnes-Hut step time, theta 0.5, Plummer sphere; " + machine + ", 1 core",
                "N (bodies)", "time per step (s)");
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        // plain numbers at the decades (1,000 ... 1,000,000 and 0.0001 ... 10), not XChart's 1E4 beside 1000
        chart.getStyler().setXAxisDecimalPattern("#,##0").setYAxisDecimalPattern("0.#####");
        XYSeries measured = chart.addSeries(MEASURED, n, seconds);
        measured.setMarker(SeriesMarkers.CIRCLE).setMarkerColor(Color.BLACK);
        measured.setLineColor(Color.BLACK);
        for (int p = 0; p < phases.length; p++) {
            // a log axis has no place for a phase that took no measurable time
            double[] t = phaseSeconds[p];
            int[] kept = IntStream.range(0, n.length).filter(i -> t[i] > 0).toArray();
            XYSeries s = chart.addSeries(phases[p], Arrays.stream(kept).mapToDouble(i -> n[i]).toArray(),
                    Arrays.stream(kept).mapToDouble(i -> t[i]).toArray());
            s.setMarker(SeriesMarkers.NONE).setLineColor(PHASE_COLORS[p % PHASE_COLORS.length]);
            s.setLineStyle(DASHED);
        }
        double[] fitN = new double[FIT_POINTS];
        for (int i = 0; i < FIT_POINTS; i++) {
            fitN[i] = n[0] * Math.pow(n[n.length - 1] / n[0], i / (FIT_POINTS - 1.0));
        }
        XYSeries all = chart.addSeries(fitName(aAll, "all N"), fitN, nLog2N(fitN, aAll));
        all.setMarker(SeriesMarkers.NONE).setLineColor(FIT);
        XYSeries big = chart.addSeries(fitName(aBig, "N >= 1e5"), fitN, nLog2N(fitN, aBig));
        big.setMarker(SeriesMarkers.NONE).setLineColor(FIT);
        big.setLineStyle(DASHED);
        return chart;
    }

    private static double[] nLog2N(double[] n, double a) {
        return Arrays.stream(n).map(v -> a * v * Stats.log2(v)).toArray();
    }
}
