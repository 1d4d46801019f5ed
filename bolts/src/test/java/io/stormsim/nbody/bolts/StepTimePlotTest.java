package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.plot.Charts;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The step-time plot stacks the phases in phase order under the whole step's time, from step 1 on. */
class StepTimePlotTest {
    @TempDir
    Path dir;

    @Test
    void thePhasesAreStackedUnderTheWholeStep() throws Exception {
        RoundSeries series = new RoundSeries(64);
        for (long r = 0; r <= 20; r++) {
            series.add(RoundSeriesTest.figures(r));
        }
        XYChart chart = StepTimePlot.chart(series.rounds(), series.phaseMillis(), series.roundMillis(), "a run");
        assertEquals("Wall time per step by phase, a run", chart.getTitle());
        assertEquals("step", chart.getXAxisTitle());
        assertEquals("wall time per step (ms)", chart.getYAxisTitle(), "no step 3x longer than the median: axis not cut");
        assertNull(chart.getStyler().getYAxisMax());
        assertEquals(List.of("update", "force", "essential tree", "tree", "migrate", "decompose", "bounds",
                StepTimePlot.WHOLE_STEP), Charts.drawnSeries(chart));
        for (String name : Charts.drawnSeries(chart)) {
            XYSeries s = chart.getSeriesMap().get(name);
            assertEquals(20, s.getXData().length, s.getName() + ": steps 1..20, round 0 left out");
            assertEquals(1, s.getXData()[0], s.getName());
            assertEquals(20, s.getXData()[19], s.getName());
        }
        // at step r phase p took p + r ms, so the band tops are the running sums
        for (Phase phase : Phase.values()) {
            double[] top = chart.getSeriesMap().get(StepTimePlot.label(phase)).getYData();
            int p = phase.ordinal();
            for (int i = 0; i < 20; i++) {
                int r = i + 1;
                assertEquals(p * (p + 1) / 2.0 + (p + 1) * r, top[i], 1e-12, phase + " at step " + r);
            }
        }
        double[] wholeStep = chart.getSeriesMap().get(StepTimePlot.WHOLE_STEP).getYData();
        assertArrayEquals(Arrays.copyOfRange(series.roundMillis(), 1, 21), wholeStep);

        Path png = dir.resolve("step-time.png");
        Charts.writePng(chart, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(Charts.WIDTH, image.getWidth());
        assertEquals(Charts.HEIGHT, image.getHeight());
        int force = chart.getSeriesMap().get("force").getFillColor().getRGB();
        assertTrue(pixels(image, force) > 1000, "the force band is drawn");
    }

    @Test
    void aStepFarLongerThanUsualCutsTheAxisAndTheTitleSaysSo() {
        double[] rounds = {0, 1, 2, 3, 4};
        double[] roundMs = {500, 10, 400, 12, 11};
        double[][] phaseMs = new double[Phase.values().length][rounds.length];
        XYChart chart = StepTimePlot.chart(rounds, phaseMs, roundMs, "a run");
        assertEquals(3 * 11.5, chart.getStyler().getYAxisMax(), 1e-12, "3x the median of steps 1..4");
        assertEquals("wall time per step (ms), axis cut at 3x the median step (longest 400 ms)", chart.getYAxisTitle());
        assertArrayEquals(new double[] {10, 400, 12, 11}, chart.getSeriesMap().get(StepTimePlot.WHOLE_STEP).getYData(),
                "the data stay whole");
    }

    private static int pixels(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                count += image.getRGB(x, y) == rgb ? 1 : 0;
            }
        }
        return count;
    }
}
