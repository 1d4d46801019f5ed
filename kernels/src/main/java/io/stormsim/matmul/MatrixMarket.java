package io.stormsim.matmul;

import io.stormsim.input.InputFile;
import io.stormsim.input.Utf8Lines;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Matrix Market dense array files ({@code %%MatrixMarket matrix array real general}): a header line,
 * comment lines starting with {@code %}, a size line "rows cols", then rows x cols values, one a line,
 * column by column (the format's order). Integer fields are read as doubles. Values must be finite.
 * Errors name the file and line; bytes that are not UTF-8 text and lines over
 * {@link Utf8Lines#MAX_LINE_CHARS} characters are errors too. Written values are Java's shortest
 * round-trip decimal, so a written matrix reads back bit for bit.
 */
public final class MatrixMarket {
    public static final String HEADER = "%%MatrixMarket matrix array real general";
    /** Arrays up to this many values are read until the values run out, so the error names where they do. */
    private static final long CHECKED_BEFORE_ALLOCATION = 1 << 20;

    private MatrixMarket() {
    }

    /** A malformed file: the message names the file, the line and what is wrong. */
    public static final class FormatException extends IOException {
        public FormatException(Path file, long line, String message) {
            super(file + ":" + line + ": " + message);
        }
    }

    public static DenseMatrix read(Path file) throws IOException {
        long bytes = InputFile.checkedSize(file, "matrix file", "a Matrix Market file ('" + HEADER + "')");
        try (Utf8Lines in = new Utf8Lines(file, Utf8Lines.MAX_LINE_CHARS,
                (at, what) -> new FormatException(file, at, what))) {
            String header = in.next();
            long line = 1;
            if (header == null) {
                throw new FormatException(file, line, "empty file: expected the header '" + HEADER + "'");
            }
            checkHeader(file, header);
            String text;
            do {
                text = in.next();
                line++;
                if (text == null) {
                    throw new FormatException(file, line, "end of file before the size line 'rows cols'");
                }
            } while (text.startsWith("%") || text.isBlank());
            String[] size = text.trim().split("\\s+");
            int rows, cols;
            try {
                if (size.length != 2) {
                    throw new NumberFormatException();
                }
                rows = Integer.parseInt(size[0]);
                cols = Integer.parseInt(size[1]);
            } catch (NumberFormatException e) {
                throw new FormatException(file, line, "size line '" + Utf8Lines.excerpt(text.trim())
                        + "' is not two integers 'rows cols' (a dense array file has no entry count)");
            }
            if (rows < 1 || cols < 1 || (long) rows * cols > Integer.MAX_VALUE - 8) {
                throw new FormatException(file, line, "size " + rows + "x" + cols + " is not allowed: rows and cols"
                        + " must be >= 1 and rows*cols < 2^31");
            }
            long expected = (long) rows * cols;
            checkRoomFor(file, line, rows, cols, bytes < 0 ? Long.MAX_VALUE : bytes - in.offset());
            double[] data = new double[rows * cols];
            for (long v = 0; v < expected; v++) {
                text = in.next();
                line++;
                while (text != null && (text.startsWith("%") || text.isBlank())) {
                    text = in.next();
                    line++;
                }
                if (text == null) {
                    throw new FormatException(file, line, "end of file after " + v + " values: a " + rows + "x" + cols
                            + " array needs " + expected);
                }
                double value = parseValue(file, line, text);
                int i = (int) (v % rows), j = (int) (v / rows);
                data[i * cols + j] = value;
            }
            while ((text = in.next()) != null) {
                line++;
                if (!text.isBlank() && !text.startsWith("%")) {
                    throw new FormatException(file, line, "more values than the " + expected + " of a " + rows + "x"
                            + cols + " array: '" + Utf8Lines.excerpt(text.trim()) + "'");
                }
            }
            return new DenseMatrix(rows, cols, data);
        }
    }

    /**
     * A large array is allocated only if the rest of the file can hold its values (a digit and an end of
     * line each, the last one's optional) and the heap can: a truncated file or a wrong size line fails
     * here rather than with an OutOfMemoryError.
     */
    private static void checkRoomFor(Path file, long line, int rows, int cols, long bytesLeft) throws IOException {
        long values = (long) rows * cols;
        if (values <= CHECKED_BEFORE_ALLOCATION) {
            return;
        }
        if (2 * values - 1 > bytesLeft) {
            throw new FormatException(file, line, "size " + rows + "x" + cols + " needs " + values + " values, at"
                    + " least " + (2 * values - 1) + " bytes, but only " + bytesLeft + " bytes follow this line"
                    + " (a truncated file, or a wrong size line?)");
        }
        long maxHeap = Runtime.getRuntime().maxMemory();
        if (8 * values > maxHeap) {
            throw new IOException(file + ":" + line + ": a " + rows + "x" + cols + " array needs "
                    + 8 * values + " bytes, more than this JVM's whole heap (" + maxHeap + " bytes, -Xmx)");
        }
    }

    private static void checkHeader(Path file, String header) throws FormatException {
        String[] f = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (f.length != 5 || !f[0].equals("%%matrixmarket") || !f[1].equals("matrix")) {
            throw new FormatException(file, 1, "bad header '" + Utf8Lines.excerpt(header.trim()) + "': expected '"
                    + HEADER + "'");
        }
        if (!f[2].equals("array")) {
            throw new FormatException(file, 1, "format '" + f[2] + "' is not supported: only dense 'array' files"
                    + " (header '" + HEADER + "')");
        }
        if (!f[3].equals("real") && !f[3].equals("integer") && !f[3].equals("double")) {
            throw new FormatException(file, 1, "field '" + f[3] + "' is not supported: must be real or integer");
        }
        if (!f[4].equals("general")) {
            throw new FormatException(file, 1, "symmetry '" + f[4] + "' is not supported: must be general");
        }
    }

    private static double parseValue(Path file, long line, String text) throws FormatException {
        String t = text.trim();
        double value;
        try {
            if (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0) {
                throw new NumberFormatException();
            }
            value = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new FormatException(file, line, "'" + Utf8Lines.excerpt(t) + "' is not one number");
        }
        if (!Double.isFinite(value)) {
            throw new FormatException(file, line, "value '" + Utf8Lines.excerpt(t)
                    + "' is not finite (NaN and Inf are not allowed)");
        }
        return value;
    }

    public static void write(Path file, DenseMatrix m) throws IOException {
        AtomicFiles.writeText(file, out -> {
            out.write(HEADER);
            out.write('\n');
            out.write(m.rows + " " + m.cols + "\n");
            for (int j = 0; j < m.cols; j++) {
                for (int i = 0; i < m.rows; i++) {
                    out.write(Double.toString(m.data[i * m.cols + j]));
                    out.write('\n');
                }
            }
        });
    }
}
