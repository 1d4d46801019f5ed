package io.stormsim.fft;

import io.stormsim.input.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Complex vectors as files: raw interleaved little-endian IEEE doubles, re0 im0 re1 im1 ..., 16 bytes per
 * point and nothing else (numpy: {@code x.astype(np.complex128).tofile(f)} writes it,
 * {@code np.fromfile(f, np.complex128)} reads it). Readers take any range, so each partition reads only
 * its own rows; values must be finite. Errors name the file and the byte offset where the data goes wrong.
 */
public final class ComplexFile {
    public static final int BYTES_PER_POINT = 16;
    private static final int CHUNK_POINTS = 1 << 16;
    private static final String EXPECTED = "a file of interleaved little-endian float64 (re, im) pairs, 16 bytes"
            + " per point";

    private ComplexFile() {
    }

    /** Points in the file; fails if it is empty or its size is not a multiple of 16 bytes (a truncated file). */
    public static long points(Path file) throws IOException {
        long size = InputFile.checkedSize(file, "complex points file", EXPECTED);
        if (size < 0) {
            throw new IOException(file + " is not a regular file (a pipe?): its points cannot be counted before"
                    + " reading, expected " + EXPECTED);
        }
        if (size == 0) {
            throw new IOException(file + " is empty, expected " + EXPECTED);
        }
        if (size % BYTES_PER_POINT != 0) {
            long whole = size / BYTES_PER_POINT;
            throw new EOFException(file + " has " + size + " bytes, not a whole number of 16-byte complex points:"
                    + " truncated, point " + whole + " starts at byte offset " + whole * BYTES_PER_POINT
                    + " and the data ends at byte offset " + size + ", expected " + EXPECTED);
        }
        return size / BYTES_PER_POINT;
    }

    /**
     * Reads points {@code from .. from+count-1} into (re, im) at {@code offset}; fails, naming the byte
     * offset, on a value that is not finite, a range past the end, or a file that {@link #points} rejects.
     */
    public static void read(Path file, long from, int count, double[] re, double[] im, int offset) throws IOException {
        long points = points(file);
        if (from + count > points) {
            throw new EOFException(file + ": points " + from + " to " + (from + count - 1) + " need bytes up to"
                    + " offset " + (from + count) * BYTES_PER_POINT + ", but the data ends at byte offset "
                    + points * BYTES_PER_POINT + " (" + points + " points)");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK_POINTS * BYTES_PER_POINT).order(ByteOrder.LITTLE_ENDIAN);
            for (int done = 0; done < count; ) {
                int chunk = Math.min(CHUNK_POINTS, count - done);
                buf.clear().limit(chunk * BYTES_PER_POINT);
                long position = (from + done) * BYTES_PER_POINT;
                while (buf.hasRemaining()) {
                    if (ch.read(buf, position + buf.position()) < 0) {
                        throw new EOFException(file + " shrank while being read: the data ends at byte offset "
                                + (position + buf.position()) + ", points up to " + (from + count - 1) + " need "
                                + (from + count) * BYTES_PER_POINT + " bytes");
                    }
                }
                buf.flip();
                for (int i = 0; i < chunk; i++) {
                    double r = buf.getDouble();
                    double m = buf.getDouble();
                    if (!Double.isFinite(r) || !Double.isFinite(m)) {
                        long point = from + done + i;
                        throw new IOException(file + ": point " + point + " is not finite ("
                                + (Double.isFinite(r) ? "imaginary part " + m : "real part " + r) + "), at byte offset "
                                + (point * BYTES_PER_POINT + (Double.isFinite(r) ? 8 : 0))
                                + ": values must be finite doubles");
                    }
                    re[offset + done + i] = r;
                    im[offset + done + i] = m;
                }
                done += chunk;
            }
        }
    }

    /** Writes the blocks' values in order (each row-major) as one file. */
    public static void write(Path file, Iterable<ComplexBlock> blocks) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK_POINTS * BYTES_PER_POINT).order(ByteOrder.LITTLE_ENDIAN);
            for (ComplexBlock b : blocks) {
                for (int i = 0; i < b.re.length; i++) {
                    buf.putDouble(b.re[i]).putDouble(b.im[i]);
                    if (!buf.hasRemaining()) {
                        drain(ch, buf);
                    }
                }
            }
            drain(ch, buf);
        }
    }

    private static void drain(FileChannel ch, ByteBuffer buf) throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
        buf.clear();
    }
}
