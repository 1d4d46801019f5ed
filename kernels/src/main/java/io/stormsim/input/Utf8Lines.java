package io.stormsim.input;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lines of a UTF-8 text input file, as {@link java.io.BufferedReader#readLine} gives them (a line ends
 * at \n, \r or \r\n), except that bytes which are not UTF-8 and lines longer than a limit fail with the
 * reader's own exception naming the line (and the byte offset of a bad byte): not a bare
 * MalformedInputException ("Input length = 1"), and no line is ever held in memory beyond the limit.
 */
public final class Utf8Lines implements Closeable {
    /** The longest line the project's readers take: far beyond any real line of theirs, small for a heap. */
    public static final int MAX_LINE_CHARS = 1 << 20;
    private static final int BUFFER = 1 << 16;
    private static final int EXCERPT_CHARS = 60;

    /** Makes the reader's own exception for a problem on line {@code line} (1-based). */
    @FunctionalInterface
    public interface Problem {
        IOException at(long line, String what);
    }

    private final InputStream in;
    private final int maxLineChars;
    private final Problem problem;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(BUFFER).flip();
    private final CharBuffer chars = CharBuffer.allocate(BUFFER).flip();
    private final StringBuilder line = new StringBuilder();
    /** File offset of {@code bytes}' first byte. */
    private long bufferStart;
    private long lines;
    private long offset;
    private boolean endOfInput;
    private boolean skipLineFeed;
    /** Where undecodable bytes start, once the decoder has met them; -1 before. */
    private long malformedAt = -1;
    private int malformedByte;

    public Utf8Lines(Path file, int maxLineChars, Problem problem) throws IOException {
        this(Files.newInputStream(file), maxLineChars, problem);
    }

    Utf8Lines(InputStream in, int maxLineChars, Problem problem) {
        this.in = in;
        this.maxLineChars = maxLineChars;
        this.problem = problem;
    }

    /** The next line without its end-of-line characters, or null at the end of the file. */
    public String next() throws IOException {
        line.setLength(0);
        while (true) {
            if (!chars.hasRemaining() && !decodeMore()) {
                return line.length() > 0 ? finishLine(0) : null;
            }
            char[] a = chars.array();
            int p = chars.position();
            int limit = chars.limit();
            if (skipLineFeed) {
                skipLineFeed = false;
                if (a[p] == '\n') {
                    chars.position(p + 1);
                    offset++;
                    continue;
                }
            }
            int start = p;
            while (p < limit && a[p] != '\n' && a[p] != '\r') {
                p++;
            }
            if (line.length() + (p - start) > maxLineChars) {
                throw problem.at(lines + 1, "the line is longer than " + maxLineChars
                        + " characters, the longest this reader takes (is this the right file?)");
            }
            line.append(a, start, p - start);
            if (p < limit) {
                skipLineFeed = a[p] == '\r';
                chars.position(p + 1);
                return finishLine(1);
            }
            chars.position(p);
        }
    }

    /** The number of the line {@link #next} returned last (1-based; 0 before the first). */
    public long line() {
        return lines;
    }

    /** The reader's own exception for a problem on line {@code line}, for a reader built on this one. */
    public IOException problem(long line, String what) {
        return problem.at(line, what);
    }

    /** The byte offset just past the last line returned and its end of line (of \r\n, maybe only the \r). */
    public long offset() {
        return offset;
    }

    private String finishLine(int endOfLineBytes) {
        lines++;
        String text = line.toString();
        offset += utf8Length(text) + endOfLineBytes;
        return text;
    }

    /** Decodes at least one more character into {@code chars}; false at the end of the input. */
    private boolean decodeMore() throws IOException {
        if (malformedAt >= 0) {
            throw malformed();
        }
        chars.clear();
        while (true) {
            CoderResult r = decoder.decode(bytes, chars, endOfInput);
            if (r.isError()) {
                malformedAt = bufferStart + bytes.position();
                malformedByte = bytes.get(bytes.position()) & 0xff;
                break;
            }
            if (r.isOverflow() || chars.position() > 0 || endOfInput) {
                break;
            }
            bufferStart += bytes.position();
            bytes.compact();
            int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
            if (n < 0) {
                endOfInput = true;
            } else {
                bytes.position(bytes.position() + n);
            }
            bytes.flip();
        }
        chars.flip();
        if (!chars.hasRemaining() && malformedAt >= 0) {
            throw malformed();
        }
        return chars.hasRemaining();
    }

    private IOException malformed() {
        return problem.at(lines + 1, String.format("byte offset %d (0x%02x) is not UTF-8 text (a binary file?)",
                malformedAt, malformedByte));
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }

    /**
     * {@code text} (taken from a file) as a message shows it: at most 60 characters, the rest counted, and
     * control characters as \\uXXXX, so a long or binary line does not swamp the message.
     */
    public static String excerpt(String text) {
        StringBuilder s = new StringBuilder();
        int shown = Math.min(text.length(), EXCERPT_CHARS);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                s.append(String.format("\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        if (shown < text.length()) {
            s.append("... (").append(text.length()).append(" characters)");
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
