package io.stormsim.cli;

import io.stormsim.stream.StreamFormat;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The bodies themselves: a body sample of the live stream binned into two projected density images, x-y and x-z,
 * side by side, colour by log(count), with the round, the time and the energy error written above them (a PNG).
 * The frame is fixed by the first sample drawn (centred on its mean, enclosing 95% of it with a margin), so that
 * successive images show the system evolving rather than the frame breathing.
 */
final class DensityImage {
    static final int PANEL = 360;
    static final int HEADER = 28;
    private static final int BINS = 180;
    /** black, purple, red, orange, pale yellow: dark where empty, brightening with density */
    private static final int[] RAMP = {0x000004, 0x3b0f70, 0x8c2981, 0xde4968, 0xfe9f6d, 0xfcfdbf};
    private double cx, cy, cz, half;
    private boolean framed;
    private StreamFormat.Sample drawn;
    private byte[] drawnPng;

    /** The PNG of {@code s}, with {@code figures} (its round's diag fields: time, rel_energy_error) written on it. */
    synchronized byte[] png(StreamFormat.Sample s, Map<String, Number> figures) {
        // every open page asks for the latest sample's image: it is drawn once
        if (s == drawn) {
            return drawnPng;
        }
        if (!framed && s.count() > 0) {
            frame(s);
        }
        BufferedImage image = new BufferedImage(2 * PANEL + 10, PANEL + HEADER, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        panel(image, s, s.y(), cy, 0);
        panel(image, s, s.z(), cz, PANEL + 10);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        Number error = figures.get("rel_energy_error");
        g.drawString(String.format("round %d   t = %.4g   dE/E0 = %s   %d of %d bodies", s.round(), s.time(),
                error == null ? "-" : String.format("%.3e", error.doubleValue()), s.count(), s.totalBodies()), 6, 18);
        g.setColor(Color.LIGHT_GRAY);
        g.drawString("x-y", 6, HEADER + 16);
        g.drawString("x-z", PANEL + 16, HEADER + 16);
        g.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a PNG to memory", e);
        }
        drawn = s;
        drawnPng = png.toByteArray();
        return drawnPng;
    }

    private void frame(StreamFormat.Sample s) {
        int n = s.count();
        for (int i = 0; i < n; i++) {
            cx += s.x()[i];
            cy += s.y()[i];
            cz += s.z()[i];
        }
        cx /= n;
        cy /= n;
        cz /= n;
        double[] reach = new double[n];
        for (int i = 0; i < n; i++) {
            reach[i] = Math.max(Math.abs(s.x()[i] - cx), Math.max(Math.abs(s.y()[i] - cy), Math.abs(s.z()[i] - cz)));
        }
        Arrays.sort(reach);
        half = Math.max(1e-12, 1.15 * reach[(int) Math.min(n - 1, Math.floor(0.95 * n))]);
        framed = true;
    }

    /** x against {@code v} (y or z) binned, drawn at column {@code left} below the header. */
    private void panel(BufferedImage image, StreamFormat.Sample s, float[] v, double cv, int left) {
        int[] counts = new int[BINS * BINS];
        int max = 0;
        for (int i = 0; i < s.count(); i++) {
            int bx = (int) Math.floor((s.x()[i] - cx + half) / (2 * half) * BINS);
            int by = (int) Math.floor((cv + half - v[i]) / (2 * half) * BINS);
            if (bx >= 0 && bx < BINS && by >= 0 && by < BINS) {
                max = Math.max(max, ++counts[by * BINS + bx]);
            }
        }
        double scale = max > 0 ? 1 / Math.log1p(max) : 0;
        int cell = PANEL / BINS;
        for (int by = 0; by < BINS; by++) {
            for (int bx = 0; bx < BINS; bx++) {
                int rgb = colour(Math.log1p(counts[by * BINS + bx]) * scale);
                for (int dy = 0; dy < cell; dy++) {
                    for (int dx = 0; dx < cell; dx++) {
                        image.setRGB(left + bx * cell + dx, HEADER + by * cell + dy, rgb);
                    }
                }
            }
        }
    }

    /** {@code f} in [0, 1] along the ramp. */
    static int colour(double f) {
        double at = Math.max(0, Math.min(1, f)) * (RAMP.length - 1);
        int i = Math.min(RAMP.length - 2, (int) at);
        double w = at - i;
        int rgb = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int a = RAMP[i] >> shift & 0xff, b = RAMP[i + 1] >> shift & 0xff;
            rgb |= (int) Math.round(a + w * (b - a)) << shift;
        }
        return rgb;
    }
}
