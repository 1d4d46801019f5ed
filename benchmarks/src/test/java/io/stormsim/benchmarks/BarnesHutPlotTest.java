package io.stormsim.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stormsim.plot.Charts;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/** The Barnes-Hut benchmark's bars: per N, the sequential step time and the topology's at each partition count. */
class BarnesHutPlotTest {
    @TempDir
    Path dir;

    @Test
    void oneSeriesPerNWithABarPerRun() throws Exception {
        CategoryChart chart = BarnesHutPlot.chart(new int[] {20000, 100000}, new int[] {1, 2}, new double[] {0.14, 1.1},
                new double[][] {{0.16, 0.11}, {1.2, 0.7}}, "a run");
        assertEquals("Barnes-Hut step time, a run", chart.getTitle());
        assertEquals("time per step (s)", chart.getYAxisTitle());
        assertEquals(List.of("N = 20,000", "N = 100,000"), List.copyOf(chart.getSeriesMap().keySet()));
        CategorySeries big = chart.getSeriesMap().get("N = 100,000");
        assertEquals(List.of("sequential", "topology, 1 partition", "topology, 2 partitions"), List.copyOf(big.getXData()));
        assertEquals(List.of(1.1, 1.2, 0.7), List.copyOf(big.getYData()));

        Path png = dir.resolve("barnes-hut.png");
        Charts.writePng(chart, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
    }
}
