package io.stormsim.input;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The checks an input reader makes before it opens its file, so that a wrong path (a directory, nothing
 * there, no permission) is named as such rather than failing later inside a read with a bare system message.
 */
public final class InputFile {
    private InputFile() {
    }

    /**
     * The size of {@code file} in bytes, or -1 when it is not a regular file (a pipe, whose size is not
     * known before it is read), once it is known to exist, not to be a directory, and to be readable.
     * {@code kind} names the file in messages ("bodies file"), {@code expected} says what it should hold.
     */
    public static long checkedSize(Path file, String kind, String expected) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(kind + " " + file + " is a directory, expected " + expected);
        }
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, kind + " cannot be read: there is no such file"
                    + " (expected " + expected + ")");
        }
        if (!Files.isReadable(file)) {
            throw new AccessDeniedException(file.toString(), null, kind + " cannot be read (no permission)");
        }
        return Files.isRegularFile(file) ? Files.size(file) : -1;
    }
}
