package io.stormsim.plot;

import io.stormsim.run.AtomicFiles;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The one look of every plot stormsim writes (XChart charts of {@value #WIDTH} x {@value #HEIGHT} pixels, white,
 * legend inside the plot) and their writing as PNG: headless, since workers and CI have no display, and
 * atomically, so a reader never sees half a picture.
 */
public final class Charts {
    public static final int WIDTH = 960, HEIGHT = 600;
    /** The hidden series of every XY chart ({@link #xy}): it draws nothing, and keeps the x ticks at round numbers. */
    public static final String ROUND_TICKS = "(round x ticks)";

    static {
        // before AWT first loads: a worker or CI machine has no display, and XChart draws through AWT
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    /** An XY chart; the axis titles name their units. */
    public static XYChart xy(String title, String xAxisTitle, String yAxisTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xAxisTitle)
                .yAxisTitle(yAxisTitle).build();
        style(chart.getStyler());
        // XChart puts the x ticks at every k-th data point instead of at round numbers when the x values of all
        // series together are equally spaced, as steps and times are (ticks at 1, 5, 9 ...); a value off that
        // grid, in a series that is neither drawn nor counted in the axis ranges, keeps them round
        chart.addSeries(ROUND_TICKS, new double[] {Double.NaN}, new double[] {Double.NaN}).setEnabled(false)
                .setShowInLegend(false);
        return chart;
    }

    /** The series a chart draws: all but {@link #ROUND_TICKS}. */
    public static List<String> drawnSeries(Chart<?, ? extends Series> chart) {
        return chart.getSeriesMap().values().stream().filter(Series::isEnabled).map(Series::getName).toList();
    }

    /** A bar chart of categories; the y axis title names its unit. */
    public static CategoryChart bars(String title, String xAxisTitle, String yAxisTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xAxisTitle).yAxisTitle(yAxisTitle).build();
        style(chart.getStyler());
        return chart;
    }

    private static void style(AxesChartStyler s) {
        s.setLocale(Locale.ROOT);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(Color.GRAY);
        s.setPlotGridLinesColor(new Color(0xdddddd));
        s.setLegendPosition(LegendPosition.InsideNW);
        s.setLegendBorderColor(Color.LIGHT_GRAY);
        s.setChartTitleBoxVisible(false);
        s.setMarkerSize(8);
    }

    /** Writes {@code chart} to {@code file} as PNG, whole or not at all. */
    public static void writePng(Chart<?, ?> chart, Path file) throws IOException {
        AtomicFiles.write(file, out -> BitmapEncoder.saveBitmap(chart, out, BitmapFormat.PNG));
    }
}
