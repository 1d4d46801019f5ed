package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.stream.StreamFormat;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The density image puts the bodies where they are: two clumps show as two bright spots in each projection. */
class DensityImageTest {
    @Test
    void clumpsAreBrightWhereTheyAreAndTheRestIsDark() throws Exception {
        // 900 bodies at (-1, -1, 0) and 100 at (+1, +1, 0): the frame is centred on their mean (-0.8, -0.8, 0)
        int n = 1000;
        long[] id = new long[n];
        float[] x = new float[n], y = new float[n], z = new float[n];
        for (int i = 0; i < n; i++) {
            id[i] = i;
            x[i] = i < 900 ? -1 : 1;
            y[i] = x[i];
        }
        StreamFormat.Sample s = new StreamFormat.Sample(7, 0.5, n, 1, id, x, y, z);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(new DensityImage().png(s, Map.of("rel_energy_error", 1e-6))));
        assertEquals(2 * DensityImage.PANEL + 10, image.getWidth());
        assertEquals(DensityImage.PANEL + DensityImage.HEADER, image.getHeight());
        int dense = brightness(pixelAt(image, 0, -1, -1));
        int sparse = brightness(pixelAt(image, 0, 1, 1));
        int empty = brightness(pixelAt(image, 0, 1, -1));
        assertTrue(dense > sparse && sparse > empty, dense + " > " + sparse + " > " + empty);
        assertEquals(0x000004, pixelAt(image, 0, 1, -1) & 0xffffff, "empty is the ramp's darkest");
        // x-z: both clumps at z = 0
        assertTrue(brightness(pixelAt(image, DensityImage.PANEL + 10, -1, 0)) > brightness(pixelAt(image, DensityImage.PANEL + 10, -1, 1)));
    }

    @Test
    void theRampRunsFromDarkToLight() {
        assertEquals(0x000004, DensityImage.colour(0));
        assertEquals(0xfcfdbf, DensityImage.colour(1));
        assertEquals(0xfcfdbf, DensityImage.colour(7), "clamped");
        assertTrue(brightness(DensityImage.colour(0.3)) < brightness(DensityImage.colour(0.7)));
    }

    /**
     * The pixel at (u, v) of the panel starting at column {@code left}: the frame's centre is (-0.8, -0.8, 0) and
     * its half-width 1.15 x 1.8 (the 95th percentile of the bodies' distance from it in any coordinate).
     */
    private static int pixelAt(BufferedImage image, int left, double u, double v) {
        double half = 1.15 * 1.8;
        double cu = -0.8, cv = left == 0 ? -0.8 : 0;
        int px = (int) ((u - cu + half) / (2 * half) * DensityImage.PANEL);
        int py = (int) ((cv + half - v) / (2 * half) * DensityImage.PANEL);
        return image.getRGB(left + Math.min(DensityImage.PANEL - 1, px), DensityImage.HEADER + Math.min(DensityImage.PANEL - 1, py));
    }

    private static int brightness(int rgb) {
        return (rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff);
    }
}
