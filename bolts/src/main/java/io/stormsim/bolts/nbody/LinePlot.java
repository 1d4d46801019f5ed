package io.stormsim.bolts.nbody;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** A PNG line plot of y against x with labelled axes, drawn with Java2D (headless). */
public final class LinePlot {
    private static final int WIDTH = 900, HEIGHT = 540, LEFT = 110, RIGHT = 30, TOP = 50, BOTTOM = 70, TICKS = 5;

    private LinePlot() {
    }

    public static void write(Path file, String title, String xLabel, String yLabel, double[] x, double[] y)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        double x0 = min(x), x1 = max(x), y0 = Math.min(0, min(y)), y1 = Math.max(0, max(y));
        if (x1 == x0) {
            x1 = x0 + 1;
        }
        if (y1 == y0) {
            y1 = y0 + 1e-16;
        }
        int plotW = WIDTH - LEFT - RIGHT, plotH = HEIGHT - TOP - BOTTOM;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, TOP - 20);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawRect(LEFT, TOP, plotW, plotH);
        for (int i = 0; i <= TICKS; i++) {
            double xv = x0 + (x1 - x0) * i / TICKS, yv = y0 + (y1 - y0) * i / TICKS;
            int px = LEFT + plotW * i / TICKS, py = TOP + plotH - plotH * i / TICKS;
            g.setColor(new Color(230, 230, 230));
            g.drawLine(px, TOP, px, TOP + plotH);
            g.drawLine(LEFT, py, LEFT + plotW, py);
            g.setColor(Color.BLACK);
            g.drawString(String.format("%.3g", xv), px - 15, TOP + plotH + 18);
            g.drawString(String.format("%.2e", yv), 10, py + 4);
        }
        g.drawString(xLabel, LEFT + plotW / 2 - 20, HEIGHT - 20);
        g.drawString(yLabel, 10, TOP - 5);
        g.setColor(new Color(31, 119, 180));
        g.setStroke(new BasicStroke(2f));
        for (int i = 1; i < x.length; i++) {
            g.drawLine(px(x[i - 1], x0, x1, plotW), py(y[i - 1], y0, y1, plotH),
                    px(x[i], x0, x1, plotW), py(y[i], y0, y1, plotH));
        }
        if (x.length == 1) {
            g.fillOval(px(x[0], x0, x1, plotW) - 3, py(y[0], y0, y1, plotH) - 3, 6, 6);
        }
        g.dispose();
        ImageIO.write(image, "png", file.toFile());
    }

    private static int px(double v, double v0, double v1, int w) {
        return LEFT + (int) Math.round((v - v0) / (v1 - v0) * w);
    }

    private static int py(double v, double v0, double v1, int h) {
        return TOP + h - (int) Math.round((v - v0) / (v1 - v0) * h);
    }

    private static double min(double[] a) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : a) {
            m = Math.min(m, v);
        }
        return a.length == 0 ? 0 : m;
    }

    private static double max(double[] a) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : a) {
            m = Math.max(m, v);
        }
        return a.length == 0 ? 1 : m;
    }
}
