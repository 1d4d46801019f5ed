package io.stormsim.input;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a {@link Utf8Lines}, each ended by one '\n', as a {@link Reader}: a parser reading it (a CSV
 * parser) gets Utf8Lines' protections, bad UTF-8 and over-long lines failing with the line and byte offset, and
 * counts the same lines, since every line ends with exactly one '\n' whatever it ended with in the file.
 *
 * <p>A parser may also join lines (a quoted field across line ends): {@link #recordStarts} opens a budget of
 * {@code maxRecordChars} characters, past which a read fails naming the line the record started on, so an
 * unclosed quote fails instead of gathering the rest of a large file into one field. A read returns at most the
 * rest of one line, so the parser's look-ahead takes one line at most beyond the record.
 */
public final class Utf8LinesReader extends Reader {
    private final Utf8Lines lines;
    private final long maxRecordChars;
    private String line = "";
    /** The next character of {@code line} to serve; {@code line.length()} is its '\n'; past it, none left. */
    private int at = 1;
    private boolean ended;
    private long servedSinceRecord;
    private long recordLine = 1;

    public Utf8LinesReader(Utf8Lines lines, long maxRecordChars) {
        this.lines = lines;
        this.maxRecordChars = maxRecordChars;
    }

    /** A record starts at the next character the parser has not read (on line {@code line}, 1-based). */
    public void recordStarts(long line) {
        servedSinceRecord = 0;
        recordLine = line;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (at > line.length()) {
            if (ended || (line = lines.next()) == null) {
                ended = true;
                line = "";
                return -1;
            }
            at = 0;
        }
        int n = Math.min(len, line.length() + 1 - at);
        int text = Math.min(n, line.length() - at);
        line.getChars(at, at + text, buf, off);
        if (text < n) {
            buf[off + text] = '\n';
        }
        at += n;
        servedSinceRecord += n;
        if (servedSinceRecord > maxRecordChars) {
            throw lines.problem(recordLine, "a record from here runs past " + maxRecordChars
                    + " characters, to line " + lines.line() + " (a quote '\"' that is not closed?)");
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
