package io.stormsim.benchmarks;

import io.stormsim.plot.Charts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;

/**
 * The Barnes-Hut benchmark's bar chart: median seconds per step of the sequential kernel and of the topology at
 * each partition count, one bar per N.
 */
final class BarnesHutPlot {
    static final String SEQUENTIAL = "sequential";

    private BarnesHutPlot() {
    }

    /** The category of the topology at {@code partitions}. */
    static String category(int partitions) {
        return partitions == 1 ? "topology, 1 partition" : "topology, " + partitions + " partitions";
    }

    /** The series of body count {@code n}. */
    static String series(int n) {
        return String.format(Locale.ROOT, "N = %,d", n);
    }

    /**
     * @param sizes      the body counts
     * @param partitions the partition counts
     * @param sequential per N, the sequential kernel's seconds per step
     * @param topology   per N and partition count, the topology's seconds per step
     * @param run        what was run, for the title
     */
    static CategoryChart chart(int[] sizes, int[] partitions, double[] sequential, double[][] topology, String run) {
        CategoryChart chart = Charts.bars("Barnes-Hut step time, " + run, "", "time per step (s)");
        chart.getStyler().setLabelsVisible(true);
        // the pattern of the axis and of the values on the bars
        chart.getStyler().setYAxisDecimalPattern("0.0##");
        List<String> categories = new ArrayList<>(List.of(SEQUENTIAL));
        for (int p : partitions) {
            categories.add(category(p));
        }
        for (int i = 0; i < sizes.length; i++) {
            List<Double> seconds = new ArrayList<>(List.of(sequential[i]));
            for (double t : topology[i]) {
                seconds.add(t);
            }
            chart.addSeries(series(sizes[i]), categories, seconds);
        }
        return chart;
    }
}
