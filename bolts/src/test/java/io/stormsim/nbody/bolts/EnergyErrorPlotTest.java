package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.stormsim.plot.Charts;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The energy plot holds the error against time, titled with the run, and writes as a PNG of the chart's size. */
class EnergyErrorPlotTest {
    @TempDir
    Path dir;

    @Test
    void theChartHoldsTheErrorAgainstTimeWithItsUnits() throws Exception {
        double[] time = {0, 0.005, 0.01, 0.015};
        double[] error = {0, -1.5e-6, 2.25e-6, -4e-7};
        XYChart chart = EnergyErrorPlot.chart(time, error, "Barnes-Hut, 2,000 bodies, 2 partitions");
        assertEquals("Relative energy error, Barnes-Hut, 2,000 bodies, 2 partitions", chart.getTitle());
        assertEquals("time (N-body units, G = 1)", chart.getXAxisTitle());
        assertEquals("relative energy error (E - E0) / |E0|", chart.getYAxisTitle());
        assertEquals(List.of(EnergyErrorPlot.SERIES), Charts.drawnSeries(chart));
        XYSeries s = chart.getSeriesMap().get(EnergyErrorPlot.SERIES);
        assertArrayEquals(time, s.getXData());
        assertArrayEquals(error, s.getYData());

        Path png = dir.resolve("energy-error.png");
        Charts.writePng(chart, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
        assertFalse(Files.exists(dir.resolve("energy-error.png.tmp")), "no temporary file left");
    }

    @Test
    void aSinglePointStillDraws() throws Exception {
        Path png = dir.resolve("one.png");
        Charts.writePng(EnergyErrorPlot.chart(new double[] {0}, new double[] {0}, "one round"), png);
        assertEquals(Charts.WIDTH, ImageIO.read(png.toFile()).getWidth());
    }
}
