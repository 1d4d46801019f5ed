package io.stormsim.nbody;

import io.stormsim.input.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The one entry to initial conditions files ({@code stormsim.nbody.bodies.file}), whatever tool wrote them: the
 * format is told by the content, not the name: the HDF5 signature (at byte 0, or after a user block of 512 x 2^k
 * bytes) for GADGET-4 / SWIFT HDF5 ({@link Hdf5Reader}); a first record marker of 256, or of 8 followed by
 * "HEAD", in either byte order, for a GADGET-2 snapshot ({@link Gadget2Reader}); anything else is read as CSV
 * ({@link BodiesCsv}), whose reader names a binary file's first byte that is not text. Units are returned as
 * the file states them, not converted.
 */
public final class InitialConditions {
    static final String KIND = "bodies file";
    static final String EXPECTED = "a GADGET-2 snapshot (format 1 or 2), an HDF5 file in the GADGET-4 / SWIFT layout"
            + " or a CSV file with the header '" + BodiesCsv.HEADER + "' (columns in any order, id optional)";
    /** A CSV row as stormsim writes it is at least ~100 characters: a count from a CSV file's size. */
    private static final long CSV_BYTES_PER_BODY = 100;
    private static final byte[] HDF5_SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    private static final int FIRST_USER_BLOCK = 512;

    /** The formats, as {@link #detect} tells them. */
    public enum Format {
        GADGET2, HDF5, CSV
    }

    private InitialConditions() {
    }

    /** The bodies of {@code file} (all files of a multi-file snapshot), the units it states, its format, notes. */
    public static LoadedBodies read(Path file) throws IOException {
        return switch (detect(file)) {
            case GADGET2 -> Gadget2Reader.read(file);
            case HDF5 -> Hdf5Reader.read(file);
            case CSV -> BodiesCsv.load(file);
        };
    }

    /** The count of bodies the file's header gives (all files of a snapshot); for a CSV file, one from its size. */
    public static long totalBodies(Path file) throws IOException {
        return switch (detect(file)) {
            case GADGET2 -> Gadget2Reader.totalBodies(file);
            case HDF5 -> Hdf5Reader.totalBodies(file);
            case CSV -> Math.max(0, InputFile.checkedSize(file, KIND, EXPECTED)) / CSV_BYTES_PER_BODY;
        };
    }

    /** The format of {@code file}, from its first bytes. */
    public static Format detect(Path file) throws IOException {
        long size = InputFile.checkedSize(file, KIND, EXPECTED);
        if (size == 0) {
            throw new IOException(KIND + " " + file + " is empty, expected " + EXPECTED);
        }
        if (size < 0) {
            return Format.CSV; // a pipe: read as a stream, once
        }
        try (FileChannel ch = FileChannel.open(file)) {
            byte[] first = bytes(ch, 0, 12);
            if (Gadget2File.Signature.of(first) != null) {
                return Format.GADGET2;
            }
            for (long at = 0; at + HDF5_SIGNATURE.length <= size; at = at == 0 ? FIRST_USER_BLOCK : 2 * at) {
                if (Arrays.equals(bytes(ch, at, HDF5_SIGNATURE.length), HDF5_SIGNATURE)) {
                    return Format.HDF5;
                }
            }
        }
        return Format.CSV;
    }

    /** Up to {@code n} bytes from {@code at} (fewer at the end of the file). */
    private static byte[] bytes(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {
            continue;
        }
        return Arrays.copyOf(b.array(), b.position());
    }
}
