package io.stormsim.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Utf8Lines splits lines as BufferedReader does, and names the line and byte of what it refuses. */
class Utf8LinesTest {
    /** The problems a reader is told of, as "line: what". */
    private static final Utf8Lines.Problem AS_IS = (line, what) -> new IOException(line + ": " + what);

    private static Utf8Lines lines(byte[] content, int maxLineChars) {
        return new Utf8Lines(new ByteArrayInputStream(content), maxLineChars, AS_IS);
    }

    @Test
    void splitsLikeBufferedReaderWithOffsetsAcrossBufferBoundaries() throws IOException {
        // Lines up to 200k characters (several 64 KiB buffers) of 1- to 4-byte characters, empty ones, and
        // every end of line, so characters and \r\n pairs fall across buffer boundaries.
        String[] pieces = {"a", "é", "€", "\uD834\uDD1E", "x,1.5"};
        String[] ends = {"\n", "\r\n", "\r"};
        Random rnd = new Random(11);
        StringBuilder text = new StringBuilder();
        List<Long> offsets = new ArrayList<>();
        long bytesSoFar = 0;
        for (int l = 0; l < 300; l++) {
            int len = rnd.nextInt(10) == 0 ? rnd.nextInt(200_000) : rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(40);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < len; c++) {
                line.append(pieces[rnd.nextInt(pieces.length)]);
            }
            String end = ends[rnd.nextInt(ends.length)];
            if (len == 0 && end.equals("\n") && text.length() > 0 && text.charAt(text.length() - 1) == '\r') {
                end = "\r"; // \r then \n would be one end of line, not two
            }
            text.append(line).append(end);
            bytesSoFar += line.toString().getBytes(StandardCharsets.UTF_8).length + end.length();
            // Documented: after a \r\n line the offset is past the \r only, until the next line is read.
            offsets.add(bytesSoFar - (end.equals("\r\n") ? 1 : 0));
        }
        String last = "last line without an end";
        text.append(last);
        offsets.add(bytesSoFar + last.length());
        List<String> expected = new BufferedReader(new StringReader(text.toString())).lines().toList();

        List<String> got = new ArrayList<>();
        try (Utf8Lines in = lines(text.toString().getBytes(StandardCharsets.UTF_8), Utf8Lines.MAX_LINE_CHARS)) {
            String line;
            while ((line = in.next()) != null) {
                got.add(line);
                assertEquals(got.size(), in.line());
                assertEquals(offsets.get(got.size() - 1), in.offset(), "offset after line " + in.line());
            }
        }
        assertEquals(expected, got);
    }

    @Test
    void namesTheLineAndByteOfBytesThatAreNotUtf8() {
        byte[] head = "id,mass\n1,2\r\n3,4\n".getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = new byte[head.length + 70_000 + 2];
        System.arraycopy(head, 0, bytes, 0, head.length);
        Arrays.fill(bytes, head.length, bytes.length, (byte) '7');
        // Past the first buffer, on line 4: the characters decoded before it are lines too.
        bytes[head.length + 70_000] = (byte) 0xfe;
        IOException e = assertThrows(IOException.class, () -> readAll(lines(bytes, Utf8Lines.MAX_LINE_CHARS)));
        assertEquals("4: byte offset " + (head.length + 70_000) + " (0xfe) is not UTF-8 text (a binary file?)",
                e.getMessage());
    }

    @Test
    void aMultiByteCharacterCutByTheEndOfTheFileIsNotUtf8() {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = {'a', '\n', euro[0], euro[1]};
        IOException e = assertThrows(IOException.class, () -> readAll(lines(bytes, 100)));
        assertEquals("2: byte offset 2 (0xe2) is not UTF-8 text (a binary file?)", e.getMessage());
    }

    @Test
    void aLineOverTheLimitFailsWithoutBeingReadWhole() throws IOException {
        int limit = 1000;
        String ok = "x".repeat(limit);
        byte[] head = (ok + "\n" + ok + "\r\n").getBytes(StandardCharsets.US_ASCII);
        int longLine = 10 << 20;
        byte[] bytes = Arrays.copyOf(head, head.length + longLine);
        Arrays.fill(bytes, head.length, bytes.length, (byte) '1');
        long[] consumed = {0};
        InputStream counting = new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                consumed[0] += Math.max(n, 0);
                return n;
            }
        };
        try (Utf8Lines in = new Utf8Lines(counting, limit, AS_IS)) {
            assertEquals(ok, in.next());
            assertEquals(ok, in.next());
            IOException e = assertThrows(IOException.class, in::next);
            assertEquals("3: the line is longer than 1000 characters, the longest this reader takes"
                    + " (is this the right file?)", e.getMessage());
        }
        assertTrue(consumed[0] < head.length + limit + (1 << 17), "read " + consumed[0] + " bytes of a "
                + longLine + "-byte line to refuse it");
    }

    @Test
    void excerptsAreShortAndShowControlCharacters() {
        assertEquals("a\\u0000b\\u001b", Utf8Lines.excerpt("a\0b\u001b"));
        String shown = Utf8Lines.excerpt("9".repeat(5000));
        assertEquals("9".repeat(60) + "... (5000 characters)", shown);
        assertEquals("id,mass", Utf8Lines.excerpt("id,mass"));
    }

    private static void readAll(Utf8Lines in) throws IOException {
        try (in) {
            while (in.next() != null) {
                continue;
            }
        }
    }
}
