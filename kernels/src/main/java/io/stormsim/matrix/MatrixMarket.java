package io.stormsim.matrix;

import io.stormsim.run.AtomicFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Matrix Market dense array files ({@code %%MatrixMarket matrix array real general}): a header line,
 * comment lines starting with {@code %}, a size line "rows cols", then rows x cols values, one a line,
 * column by column (the format's order). Integer fields are read as doubles. Values must be finite.
 * Errors name the file and line. Written values are Java's shortest round-trip decimal, so a written
 * matrix reads back bit for bit.
 */
public final class MatrixMarket {
    public static final String HEADER = "%%MatrixMarket matrix array real general";

    private MatrixMarket() {
    }

    /** A malformed file: the message names the file, the line and what is wrong. */
    public static final class FormatException extends IOException {
        public FormatException(Path file, long line, String message) {
            super(file + ":" + line + ": " + message);
        }
    }

    public static DenseMatrix read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String header = in.readLine();
            long line = 1;
            if (header == null) {
                throw new FormatException(file, line, "empty file: expected the header '" + HEADER + "'");
            }
            checkHeader(file, header);
            String text;
            do {
                text = in.readLine();
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
                throw new FormatException(file, line, "size line '" + text.trim()
                        + "' is not two integers 'rows cols' (a dense array file has no entry count)");
            }
            if (rows < 1 || cols < 1 || (long) rows * cols > Integer.MAX_VALUE - 8) {
                throw new FormatException(file, line, "size " + rows + "x" + cols + " is not allowed: rows and cols"
                        + " must be >= 1 and rows*cols < 2^31");
            }
            double[] data = new double[rows * cols];
            long expected = (long) rows * cols;
            for (long v = 0; v < expected; v++) {
                text = in.readLine();
                line++;
                while (text != null && (text.startsWith("%") || text.isBlank())) {
                    text = in.readLine();
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
            while ((text = in.readLine()) != null) {
                line++;
                if (!text.isBlank() && !text.startsWith("%")) {
                    throw new FormatException(file, line, "more values than the " + expected + " of a " + rows + "x"
                            + cols + " array: '" + text.trim() + "'");
                }
            }
            return new DenseMatrix(rows, cols, data);
        }
    }

    private static void checkHeader(Path file, String header) throws FormatException {
        String[] f = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (f.length != 5 || !f[0].equals("%%matrixmarket") || !f[1].equals("matrix")) {
            throw new FormatException(file, 1, "bad header '" + header.trim() + "': expected '" + HEADER + "'");
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
            throw new FormatException(file, line, "'" + t + "' is not one number");
        }
        if (!Double.isFinite(value)) {
            throw new FormatException(file, line, "value '" + t + "' is not finite (NaN and Inf are not allowed)");
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
