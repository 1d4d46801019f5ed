package io.stormsim.water;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * C's printf {@code %W.Pf} and {@code %Wd}, so that printed tables match the original's byte for byte.
 * Java's own %f rounds the shortest decimal of a double half-up; C rounds the double's exact binary
 * value to nearest, ties to even, which differs when a value lies just below a rounding tie.
 */
public final class CFormat {
    private CFormat() {
    }

    /** {@code %width.precisionf} as glibc prints it, "-" kept on negative values that round to zero. */
    public static String fixed(double value, int width, int precision) {
        String s;
        if (Double.isNaN(value)) {
            s = (Double.doubleToRawLongBits(value) < 0 ? "-" : "") + "nan";
        } else if (Double.isInfinite(value)) {
            s = value < 0 ? "-inf" : "inf";
        } else {
            s = new BigDecimal(value).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
            if (!s.startsWith("-") && (value < 0 || Double.doubleToRawLongBits(value) == Long.MIN_VALUE)) {
                s = "-" + s;
            }
        }
        return pad(s, width);
    }

    /** {@code %widthd}. */
    public static String integer(long value, int width) {
        return pad(Long.toString(value), width);
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
