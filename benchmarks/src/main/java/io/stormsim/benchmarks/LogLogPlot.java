package io.stormsim.benchmarks;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/** A log-log line plot written as PNG with Java2D (headless). */
final class LogLogPlot {
    static final Color BLACK = Color.BLACK, RED = new Color(0xd62728);
    static final Color[] PALETTE = {new Color(0x8c564b), new Color(0x1f77b4), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x17becf)};

    private LogLogPlot() {
    }

    enum Style { POINTS, LINE, DASHED }

    record Series(String label, double[] x, double[] y, Color color, Style style) {
        static Series points(String label, double[] x, double[] y, Color c) {
            return new Series(label, x, y, c, Style.POINTS);
        }

        static Series line(String label, double[] x, double[] y, Color c) {
            return new Series(label, x, y, c, Style.LINE);
        }

        static Series dashed(String label, double[] x, double[] y, Color c) {
            return new Series(label, x, y, c, Style.DASHED);
        }
    }

    static void write(Path png, String title, String xLabel, String yLabel, List<Series> series) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int w = 900, h = 620, left = 90, right = 30, top = 50, bottom = 70;
        double xMin = Double.POSITIVE_INFINITY, xMax = 0, yMin = Double.POSITIVE_INFINITY, yMax = 0;
        for (Series s : series) {
            for (int i = 0; i < s.x.length; i++) {
                if (s.y[i] > 0) {
                    xMin = Math.min(xMin, s.x[i]);
                    xMax = Math.max(xMax, s.x[i]);
                    yMin = Math.min(yMin, s.y[i]);
                    yMax = Math.max(yMax, s.y[i]);
                }
            }
        }
        double lx0 = Math.floor(Math.log10(xMin)), lx1 = Math.ceil(Math.log10(xMax));
        double ly0 = Math.floor(Math.log10(yMin)), ly1 = Math.ceil(Math.log10(yMax));
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        int pw = w - left - right, ph = h - top - bottom;
        Mapper m = new Mapper(left, top, pw, ph, lx0, lx1, ly0, ly1);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        // grid and decade labels
        for (double d = lx0; d <= lx1 + 1e-9; d++) {
            for (int k = 1; k < 10 && d + Math.log10(k) <= lx1 + 1e-9; k++) {
                int px = m.x(Math.pow(10, d) * k);
                g.setColor(k == 1 ? new Color(0xcccccc) : new Color(0xeeeeee));
                g.drawLine(px, top, px, top + ph);
            }
            g.setColor(BLACK);
            String lab = decade((int) d);
            g.drawString(lab, m.x(Math.pow(10, d)) - g.getFontMetrics().stringWidth(lab) / 2, top + ph + 18);
        }
        for (double d = ly0; d <= ly1 + 1e-9; d++) {
            for (int k = 1; k < 10 && d + Math.log10(k) <= ly1 + 1e-9; k++) {
                int py = m.y(Math.pow(10, d) * k);
                g.setColor(k == 1 ? new Color(0xcccccc) : new Color(0xeeeeee));
                g.drawLine(left, py, left + pw, py);
            }
            g.setColor(BLACK);
            String lab = decade((int) d);
            g.drawString(lab, left - 8 - g.getFontMetrics().stringWidth(lab), m.y(Math.pow(10, d)) + 4);
        }
        g.setColor(BLACK);
        g.drawRect(left, top, pw, ph);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        FontMetrics fm = g.getFontMetrics();
        g.drawString(title, (w - fm.stringWidth(title)) / 2, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        fm = g.getFontMetrics();
        g.drawString(xLabel, left + (pw - fm.stringWidth(xLabel)) / 2, h - 25);
        Graphics2D gy = (Graphics2D) g.create();
        gy.rotate(-Math.PI / 2);
        gy.drawString(yLabel, -(top + (ph + fm.stringWidth(yLabel)) / 2), 25);
        gy.dispose();
        // series
        Stroke solid = new BasicStroke(2f);
        Stroke dashed = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f);
        for (Series s : series) {
            g.setColor(s.color);
            if (s.style == Style.POINTS) {
                g.setStroke(new BasicStroke(1.5f));
                Path2D p = new Path2D.Double();
                for (int i = 0; i < s.x.length; i++) {
                    int px = m.x(s.x[i]), py = m.y(s.y[i]);
                    g.fillOval(px - 5, py - 5, 10, 10);
                    if (i == 0) {
                        p.moveTo(px, py);
                    } else {
                        p.lineTo(px, py);
                    }
                }
                g.draw(p);
            } else {
                g.setStroke(s.style == Style.LINE ? solid : dashed);
                Path2D p = new Path2D.Double();
                boolean started = false;
                for (int i = 0; i < s.x.length; i++) {
                    if (s.y[i] <= 0) {
                        continue;
                    }
                    if (!started) {
                        p.moveTo(m.x(s.x[i]), m.y(s.y[i]));
                        started = true;
                    } else {
                        p.lineTo(m.x(s.x[i]), m.y(s.y[i]));
                    }
                }
                g.draw(p);
            }
        }
        // legend (top left)
        g.setStroke(new BasicStroke(2f));
        int ly = top + 20;
        g.setColor(new Color(255, 255, 255, 230));
        g.fillRect(left + 10, top + 6, 240, 20 * series.size() + 6);
        for (Series s : series) {
            g.setColor(s.color);
            if (s.style == Style.POINTS) {
                g.fillOval(left + 22, ly - 9, 10, 10);
            } else {
                g.setStroke(s.style == Style.LINE ? solid : dashed);
                g.drawLine(left + 16, ly - 4, left + 40, ly - 4);
            }
            g.setColor(BLACK);
            g.drawString(s.label, left + 48, ly);
            ly += 20;
        }
        g.dispose();
        Files.createDirectories(png.toAbsolutePath().getParent());
        ImageIO.write(img, "png", png.toFile());
    }

    private static String decade(int d) {
        return switch (d) {
            case 0 -> "1";
            case 1 -> "10";
            case 2 -> "100";
            case -1 -> "0.1";
            case -2 -> "0.01";
            case -3 -> "0.001";
            default -> "1e" + d;
        };
    }

    private record Mapper(int left, int top, int pw, int ph, double lx0, double lx1, double ly0, double ly1) {
        int x(double v) {
            return (int) Math.round(left + pw * (Math.log10(v) - lx0) / (lx1 - lx0));
        }

        int y(double v) {
            return (int) Math.round(top + ph - ph * (Math.log10(v) - ly0) / (ly1 - ly0));
        }
    }
}
