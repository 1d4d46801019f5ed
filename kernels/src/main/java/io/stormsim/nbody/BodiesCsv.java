package io.stormsim.nbody;

import io.stormsim.input.InputFile;
import io.stormsim.input.Utf8Lines;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Bodies as CSV: a header line {@code id,mass,x,y,z,vx,vy,vz}, then one body per line. Numbers are
 * written so that reading them back gives the same bits. Reading rejects, with the file, line number
 * and field, anything that is not a body: wrong field counts, non-numbers, NaN or infinite values,
 * masses that are not positive, repeated ids, bytes that are not UTF-8 text, lines over
 * {@link Utf8Lines#MAX_LINE_CHARS} characters; a directory, a missing or an empty file are named as such.
 */
public final class BodiesCsv {
    public static final String HEADER = "id,mass,x,y,z,vx,vy,vz";
    private static final String[] FIELDS = HEADER.split(",");

    private BodiesCsv() {
    }

    /** A malformed bodies file; the message names the file, the line and what is wrong. */
    public static final class MalformedBodiesException extends IOException {
        public MalformedBodiesException(Path file, long line, String what) {
            super("bodies file " + file + ", line " + line + ": " + what);
        }
    }

    public static Bodies read(Path file) throws IOException {
        InputFile.checkedSize(file, "bodies file", "a CSV file with the header '" + HEADER + "'");
        try (Utf8Lines in = new Utf8Lines(file, Utf8Lines.MAX_LINE_CHARS,
                (line, what) -> new MalformedBodiesException(file, line, what))) {
            String header = in.next();
            if (header == null) {
                throw new MalformedBodiesException(file, 1, "the file is empty, expected the header '" + HEADER + "'");
            }
            if (!header.replace(" ", "").equals(HEADER)) {
                throw new MalformedBodiesException(file, 1, "the header must be '" + HEADER + "', found '"
                        + Utf8Lines.excerpt(header) + "'");
            }
            Bodies b = new Bodies(1024);
            long[] id = b.id;
            double[][] cols = {b.mass, b.x, b.y, b.z, b.vx, b.vy, b.vz};
            Map<Long, Long> lineOfId = new HashMap<>();
            int n = 0;
            long lineNo = 1;
            String line;
            while ((line = in.next()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != FIELDS.length) {
                    throw new MalformedBodiesException(file, lineNo, "expected " + FIELDS.length + " fields ("
                            + HEADER + "), found " + f.length);
                }
                if (n == id.length) {
                    id = Arrays.copyOf(id, 2 * n);
                    for (int c = 0; c < cols.length; c++) {
                        cols[c] = Arrays.copyOf(cols[c], 2 * n);
                    }
                }
                try {
                    id[n] = Long.parseLong(f[0].trim());
                } catch (NumberFormatException e) {
                    throw new MalformedBodiesException(file, lineNo, "id '" + Utf8Lines.excerpt(f[0].trim())
                            + "' is not an integer");
                }
                Long earlier = lineOfId.put(id[n], lineNo);
                if (earlier != null) {
                    throw new MalformedBodiesException(file, lineNo, "id " + id[n] + " already used on line " + earlier);
                }
                for (int c = 0; c < cols.length; c++) {
                    cols[c][n] = parseFinite(file, lineNo, FIELDS[c + 1], f[c + 1].trim());
                }
                if (!(cols[0][n] > 0)) {
                    throw new MalformedBodiesException(file, lineNo, "mass " + cols[0][n] + " must be > 0");
                }
                n++;
            }
            if (n == 0) {
                throw new MalformedBodiesException(file, lineNo, "no bodies after the header");
            }
            long[] cost = new long[n];
            Arrays.fill(cost, 1);
            return new Bodies(n, Arrays.copyOf(id, n), Arrays.copyOf(cols[0], n), Arrays.copyOf(cols[1], n),
                    Arrays.copyOf(cols[2], n), Arrays.copyOf(cols[3], n), Arrays.copyOf(cols[4], n),
                    Arrays.copyOf(cols[5], n), Arrays.copyOf(cols[6], n), cost);
        }
    }

    private static double parseFinite(Path file, long line, String field, String text) throws MalformedBodiesException {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new MalformedBodiesException(file, line, field + " '" + Utf8Lines.excerpt(text)
                    + "' is not a number");
        }
        if (!Double.isFinite(v)) {
            throw new MalformedBodiesException(file, line, field + " is " + Utf8Lines.excerpt(text)
                    + ": values must be finite");
        }
        return v;
    }

    /** Writes the bodies in the given order, atomically (a temporary file renamed into place). */
    public static void write(Bodies b, Path file) throws IOException {
        AtomicFiles.writeText(file, out -> {
            out.write(HEADER);
            out.newLine();
            StringBuilder row = new StringBuilder(160);
            for (int i = 0; i < b.n; i++) {
                row.setLength(0);
                row.append(b.id[i]).append(',').append(b.mass[i]).append(',').append(b.x[i]).append(',')
                        .append(b.y[i]).append(',').append(b.z[i]).append(',').append(b.vx[i]).append(',')
                        .append(b.vy[i]).append(',').append(b.vz[i]);
                out.write(row.toString());
                out.newLine();
            }
        });
    }
}
