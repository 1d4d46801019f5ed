package io.stormsim.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.plot.Charts;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The scaling plot: measured step times, the phases and the two fits on log-log axes with their units. */
class ScalingPlotTest {
    @TempDir
    Path dir;

    @Test
    void theChartHoldsTheMeasurementsThePhasesAndTheFits() throws Exception {
        double[] n = {1000, 10000, 100000};
        double[] seconds = {0.004, 0.06, 1.1};
        String[] phases = {"bounds", "force"};
        double[][] phaseSeconds = {{0, 4e-5, 3.5e-4}, {0.0025, 0.06, 1.08}};
        XYChart chart = ScalingPlot.chart(n, seconds, phases, phaseSeconds, 461e-9, 688e-9, "a CPU");
        assertEquals("N (bodies)", chart.getXAxisTitle());
        assertEquals("time per step (s)", chart.getYAxisTitle());
        assertTrue(chart.getStyler().isXAxisLogarithmic() && chart.getStyler().isYAxisLogarithmic(), "log-log");
        assertTrue(chart.getTitle().contains("a CPU"), chart.getTitle());
        String fitAll = "fit 461 ns x N log2 N (all N)", fitBig = "fit 688 ns x N log2 N (N >= 1e5)";
        assertEquals(List.of(ScalingPlot.MEASURED, "bounds", "force", fitAll, fitBig), Charts.drawnSeries(chart));
        XYSeries measured = chart.getSeriesMap().get(ScalingPlot.MEASURED);
        assertArrayEquals(n, measured.getXData());
        assertArrayEquals(seconds, measured.getYData());
        assertArrayEquals(new double[] {10000, 100000}, chart.getSeriesMap().get("bounds").getXData(),
                "a phase that took no measurable time has no point on the log axis");
        assertArrayEquals(phaseSeconds[1], chart.getSeriesMap().get("force").getYData());
        XYSeries fit = chart.getSeriesMap().get(fitBig);
        assertEquals(50, fit.getXData().length);
        assertEquals(1000, fit.getXData()[0], 1e-9);
        assertEquals(100000, fit.getXData()[49], 1e-6);
        assertEquals(688e-9 * 1e5 * Math.log(1e5) / Math.log(2), fit.getYData()[49], 1e-12);

        Path png = dir.resolve("scaling.png");
        Charts.writePng(chart, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
    }
}
