package io.stormsim.run;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files written whole or not at all: the content goes to a temporary file beside the target, which is then
 * renamed over it in one atomic step. A reader (a user, a launcher waiting for a done file, a restarted
 * task) sees the old file or the new one, never part of one; a write that fails leaves no temporary file.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes a file's bytes. */
    @FunctionalInterface
    public interface Bytes {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes a file's text (UTF-8). */
    @FunctionalInterface
    public interface Text {
        void writeTo(BufferedWriter out) throws IOException;
    }

    /** Writes a file through a library that opens the path it is given itself (a temporary file beside the target). */
    @FunctionalInterface
    public interface ToPath {
        void writeTo(Path tmp) throws IOException;
    }

    public static void write(Path file, Bytes content) throws IOException {
        writeVia(file, tmp -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                content.writeTo(out);
            }
        });
    }

    public static void writeVia(Path file, ToPath content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            // a library may open without truncating: what a crashed earlier write left must not become a tail
            Files.deleteIfExists(tmp);
            content.writeTo(tmp);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    public static void writeText(Path file, Text content) throws IOException {
        write(file, out -> {
            BufferedWriter text = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            content.writeTo(text);
            text.flush();
        });
    }

    public static void writeString(Path file, CharSequence text) throws IOException {
        writeText(file, out -> out.append(text));
    }

    public static void writeLines(Path file, Iterable<? extends CharSequence> lines) throws IOException {
        writeText(file, out -> {
            for (CharSequence line : lines) {
                out.append(line).append('\n');
            }
        });
    }
}
