package io.stormsim.nbody;

import io.stormsim.input.InputFile;
import io.stormsim.input.Utf8Lines;
import io.stormsim.input.Utf8LinesReader;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Bodies as CSV. Written with the header {@code id,mass,x,y,z,vx,vy,vz}, one body per line, numbers so that
 * reading them back gives the same bits. Read with Apache Commons CSV (quoted fields, CRLF or LF): a header naming
 * the columns in any order (case aside), mass, x, y, z, vx, vy and vz required, id optional (without it the bodies
 * get ids 0, 1, ... in file order), other columns ignored and named once in a note. Reading rejects, with the
 * file, line number and field, anything that is not a body: rows whose field count is not the header's,
 * non-numbers, NaN or infinite values, masses that are not positive, repeated ids, bytes that are not UTF-8 text,
 * lines over {@link Utf8Lines#MAX_LINE_CHARS} characters (and records, quoted across lines, over twice that); a
 * directory, a missing or an empty file are named as such. A record is named by the line it ends on, its own for
 * every record not quoted across lines.
 */
public final class BodiesCsv {
    public static final String HEADER = "id,mass,x,y,z,vx,vy,vz";
    private static final String ID = "id";
    private static final String[] VALUES = {"mass", "x", "y", "z", "vx", "vy", "vz"};
    private static final String EXPECTED = "a CSV file with the header '" + HEADER + "' (columns in any order, id"
            + " optional)";
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setTrim(true).setIgnoreEmptyLines(true).get();

    private BodiesCsv() {
    }

    /** A malformed bodies file; the message names the file, the line and what is wrong. */
    public static final class MalformedBodiesException extends IOException {
        public MalformedBodiesException(Path file, long line, String what) {
            super("bodies file " + file + ", line " + line + ": " + what);
        }
    }

    public static Bodies read(Path file) throws IOException {
        return load(file).bodies();
    }

    /** The bodies of {@code file}, with a note naming the columns it ignored; no units (a CSV file states none). */
    public static LoadedBodies load(Path file) throws IOException {
        InputFile.checkedSize(file, "bodies file", EXPECTED);
        try (Utf8LinesReader text = new Utf8LinesReader(new Utf8Lines(file, Utf8Lines.MAX_LINE_CHARS,
                (line, what) -> new MalformedBodiesException(file, line, what)), 2L * Utf8Lines.MAX_LINE_CHARS);
             CSVParser csv = CSVParser.builder().setReader(text).setFormat(FORMAT).get()) {
            Iterator<CSVRecord> records = csv.iterator();
            try {
                return read(file, text, csv, records);
            } catch (UncheckedIOException e) {
                if (e.getCause() instanceof CSVException bad) {
                    throw new MalformedBodiesException(file, Math.max(1, csv.getCurrentLineNumber()), bad.getMessage());
                }
                throw e.getCause();
            }
        }
    }

    private static LoadedBodies read(Path file, Utf8LinesReader text, CSVParser csv, Iterator<CSVRecord> records)
            throws IOException {
        if (!records.hasNext()) {
            throw new MalformedBodiesException(file, 1, "the file is empty, expected the header '" + HEADER
                    + "' (columns in any order, id optional)");
        }
        Columns columns = Columns.of(file, records.next());
        Bodies b = new Bodies(1024);
        long[] id = b.id;
        double[][] cols = {b.mass, b.x, b.y, b.z, b.vx, b.vy, b.vz};
        long[] lineOf = new long[1024];
        int n = 0;
        long lineNo = csv.getCurrentLineNumber();
        text.recordStarts(lineNo + 1);
        while (records.hasNext()) {
            CSVRecord r = records.next();
            lineNo = csv.getCurrentLineNumber();
            text.recordStarts(lineNo + 1);
            if (r.size() == 1 && r.get(0).isEmpty()) {
                continue; // a line of spaces
            }
            if (r.size() != columns.names.length) {
                throw new MalformedBodiesException(file, lineNo, "expected " + columns.names.length + " fields ("
                        + Utf8Lines.excerpt(String.join(",", columns.names)) + "), found " + r.size());
            }
            if (n == id.length) {
                id = Arrays.copyOf(id, 2 * n);
                lineOf = Arrays.copyOf(lineOf, 2 * n);
                for (int c = 0; c < cols.length; c++) {
                    cols[c] = Arrays.copyOf(cols[c], 2 * n);
                }
            }
            id[n] = columns.id < 0 ? n : parseId(file, lineNo, r.get(columns.id));
            lineOf[n] = lineNo;
            for (int c = 0; c < cols.length; c++) {
                cols[c][n] = parseFinite(file, lineNo, VALUES[c], r.get(columns.values[c]));
            }
            if (!(cols[0][n] > 0)) {
                throw new MalformedBodiesException(file, lineNo, "mass " + cols[0][n] + " must be > 0");
            }
            n++;
        }
        if (n == 0) {
            throw new MalformedBodiesException(file, Math.max(1, lineNo), "no bodies after the header");
        }
        int[] repeat = UniqueIds.firstRepeat(Arrays.copyOf(id, n));
        if (repeat != null) {
            throw new MalformedBodiesException(file, lineOf[repeat[1]], "id " + id[repeat[1]] + " already used on"
                    + " line " + lineOf[repeat[0]]);
        }
        long[] cost = new long[n];
        Arrays.fill(cost, 1);
        Bodies out = new Bodies(n, Arrays.copyOf(id, n), Arrays.copyOf(cols[0], n), Arrays.copyOf(cols[1], n),
                Arrays.copyOf(cols[2], n), Arrays.copyOf(cols[3], n), Arrays.copyOf(cols[4], n),
                Arrays.copyOf(cols[5], n), Arrays.copyOf(cols[6], n), cost);
        List<String> notes = columns.ignored.isEmpty() ? List.of() : List.of("bodies file " + file + ": column(s) "
                + columns.ignored + " ignored (a body is " + (columns.id < 0 ? "" : "id, ") + String.join(", ", VALUES)
                + (columns.id < 0 ? "; ids 0 to " + (n - 1) + " in file order" : "") + ")");
        return new LoadedBodies(out, null, "CSV", notes);
    }

    /** Where the header puts each column a body needs; -1 for no id. */
    private record Columns(String[] names, int id, int[] values, List<String> ignored) {
        static Columns of(Path file, CSVRecord header) throws MalformedBodiesException {
            String[] names = new String[header.size()];
            Map<String, Integer> at = new HashMap<>();
            for (int i = 0; i < names.length; i++) {
                // a byte order mark, as spreadsheets write one, is not part of the first name
                names[i] = i == 0 && header.get(0).startsWith("\uFEFF") ? header.get(0).substring(1).trim()
                        : header.get(i);
                Integer earlier = at.put(names[i].toLowerCase(Locale.ROOT), i);
                if (earlier != null) {
                    throw new MalformedBodiesException(file, 1, "the header names column '"
                            + Utf8Lines.excerpt(names[i]) + "' twice (fields " + (earlier + 1) + " and " + (i + 1)
                            + ")");
                }
            }
            List<String> missing = new ArrayList<>();
            int[] values = new int[VALUES.length];
            for (int c = 0; c < VALUES.length; c++) {
                Integer i = at.remove(VALUES[c]);
                values[c] = i == null ? -1 : i;
                if (i == null) {
                    missing.add(VALUES[c]);
                }
            }
            if (!missing.isEmpty()) {
                throw new MalformedBodiesException(file, 1, "the header must name the columns "
                        + String.join(",", VALUES) + " (in any order, with id optional) as in '" + HEADER
                        + "', found '" + Utf8Lines.excerpt(String.join(",", names)) + "': no column "
                        + String.join(", ", missing));
            }
            Integer id = at.remove(ID);
            List<String> ignored = new ArrayList<>();
            for (int i = 0; i < names.length; i++) {
                if (at.containsKey(names[i].toLowerCase(Locale.ROOT))) {
                    ignored.add("'" + Utf8Lines.excerpt(names[i]) + "'");
                }
            }
            return new Columns(names, id == null ? -1 : id, values, ignored);
        }
    }

    private static long parseId(Path file, long line, String text) throws MalformedBodiesException {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new MalformedBodiesException(file, line, "id '" + Utf8Lines.excerpt(text) + "' is not an integer");
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
