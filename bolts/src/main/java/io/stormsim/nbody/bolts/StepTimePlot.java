package io.stormsim.nbody.bolts;

import io.stormsim.plot.Charts;
import io.stormsim.run.Median;
import java.awt.Color;
import java.util.Arrays;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plot of a Barnes-Hut run's wall time per step ({@code step-time.png}): each phase's time on its slowest
 * partition stacked in phase order, bounds at the bottom, and the whole step's wall time at the sink as a
 * line above them; the gap between the two is the time no phase was computing (messages, waiting).
 * Round 0, the first force evaluation before any step, is left out: its wall time includes the start. Steps
 * far longer than usual (the JIT's first minutes, checkpoints, a busy machine) would flatten the bands into
 * the axis, so the y axis stops at {@value #AXIS_CUT} times the median step, and its title says so and gives
 * the longest step.
 */
final class StepTimePlot {
    static final String WHOLE_STEP = "whole step";
    static final String Y_AXIS = "wall time per step (ms)";
    static final int AXIS_CUT = 3;
    private static final Color[] PHASE_COLORS = {new Color(0x8c564b), new Color(0x9467bd), new Color(0x17becf),
        new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x1f77b4), new Color(0xbcbd22)};

    private StepTimePlot() {
    }

    /** The legend's name of {@code phase}: {@code essential tree} for {@code essential_tree_ms}. */
    static String label(Phase phase) {
        return phase.name().toLowerCase().replace('_', ' ');
    }

    /**
     * @param rounds    the rounds of the points, ascending
     * @param phaseMs   per {@link Phase}, its wall milliseconds at each point
     * @param roundMs   the whole round's wall milliseconds at each point
     * @param run       what was run, for the title
     */
    static XYChart chart(double[] rounds, double[][] phaseMs, double[] roundMs, String run) {
        int from = 0;
        while (from < rounds.length && rounds[from] < 1) {
            from++;
        }
        double[] steps = Arrays.copyOfRange(rounds, from, rounds.length);
        double[] stepMs = Arrays.copyOfRange(roundMs, from, roundMs.length);
        XYChart chart = Charts.xy("Wall time per step by phase, " + run, "step", Y_AXIS);
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setYAxisMin(0.0);
        double cut = AXIS_CUT * Median.of(stepMs), longest = Arrays.stream(stepMs).max().orElse(0);
        if (longest > cut) {
            chart.getStyler().setYAxisMax(cut);
            chart.setYAxisTitle(String.format(Locale.ROOT, "%s, axis cut at %dx the median step (longest %.0f ms)",
                    Y_AXIS, AXIS_CUT, longest));
        }
        double[][] top = new double[phaseMs.length][];
        double[] sum = new double[steps.length];
        for (int p = 0; p < phaseMs.length; p++) {
            for (int i = 0; i < steps.length; i++) {
                sum[i] += phaseMs[p][from + i];
            }
            top[p] = sum.clone();
        }
        // XChart stacks no XY areas: each phase's area reaches from 0 to the top of its band, and drawing them from
        // the top phase down leaves each band visible above the next (the legend lists them as they are stacked)
        for (int p = phaseMs.length - 1; p >= 0; p--) {
            Color color = PHASE_COLORS[p % PHASE_COLORS.length];
            XYSeries s = chart.addSeries(label(Phase.values()[p]), steps, top[p]);
            s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Area).setMarker(SeriesMarkers.NONE);
            s.setLineColor(color);
            s.setFillColor(color);
        }
        XYSeries whole = chart.addSeries(WHOLE_STEP, steps, stepMs);
        whole.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line).setMarker(SeriesMarkers.NONE);
        whole.setLineColor(Color.BLACK);
        return chart;
    }
}
