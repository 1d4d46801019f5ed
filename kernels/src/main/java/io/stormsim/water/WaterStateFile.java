package io.stormsim.water;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The restart file of a Water run ({@link WaterState}), little-endian binary:
 * <pre>
 *   offset  size           field
 *   0       8              magic "STSWATER"
 *   8       4              int version (1)
 *   12      8              double TSTEP (seconds)
 *   20      4 x 8          int NMOL, NSTEP, NORDER, NSAVE, NRST, NPRINT, NFMC, NumProcs
 *   52      8              double CUTOFF (as given; 0 = default)
 *   60      4              int steps done
 *   64      8              double running sum of kinetic energy (the temperature average's numerator)
 *   72      8              double running sum of minus the virial
 *   80      8              double box length (a check: the reader recomputes it from the input)
 *   88      8 (NORDER+1) 9 NMOL   the Gear derivatives, order by order; in each, molecule by molecule
 *                          H1, O, H2, each x y z (Angstrom; order k scaled by dt^k/k!)
 *   end-4   4              int CRC-32C of every byte before it
 * </pre>
 * Written to a temporary file in the same directory and moved into place atomically, so a failed write
 * leaves any previous file as it was and nothing partial. Reading checks the size, the checksum and the
 * input's values, naming the file and the byte offset of what is wrong.
 */
public final class WaterStateFile {
    private WaterStateFile() {
    }

    private static final byte[] MAGIC = "STSWATER".getBytes(StandardCharsets.US_ASCII);
    private static final int VERSION = 1;
    static final int HEADER = 88;
    private static final int CHUNK = 1 << 16;

    public static long size(WaterInput in) {
        return HEADER + 8L * (in.order() + 1) * WaterModel.PER_MOLECULE * in.molecules() + 4;
    }

    public static void write(Path file, WaterState s) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                CRC32C crc = new CRC32C();
                ByteBuffer b = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
                WaterInput in = s.input();
                b.put(MAGIC).putInt(VERSION).putDouble(in.timeStepSeconds());
                b.putInt(in.molecules()).putInt(in.steps()).putInt(in.order()).putInt(in.saveEvery())
                        .putInt(in.restartEvery()).putInt(in.printEvery()).putInt(in.nfmc()).putInt(in.processors());
                b.putDouble(in.cutoff()).putInt(s.step()).putDouble(s.kineticSum()).putDouble(s.virialSum());
                b.putDouble(new RunConstants(in).boxLength);
                for (double[] order : s.derivatives()) {
                    for (double v : order) {
                        if (b.remaining() < 8) {
                            flush(ch, b, crc);
                        }
                        b.putDouble(v);
                    }
                }
                flush(ch, b, crc);
                b.putInt((int) crc.getValue());
                b.flip();
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void flush(FileChannel ch, ByteBuffer b, CRC32C crc) throws IOException {
        b.flip();
        crc.update(b.duplicate());
        while (b.hasRemaining()) {
            ch.write(b);
        }
        b.clear();
    }

    /** A malformed restart file: the message names the file and the byte offset. */
    public static final class StateFormatException extends IOException {
        public StateFormatException(Path file, long offset, String message) {
            super(file + ": byte " + offset + ": " + message);
        }
    }

    public static WaterState read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < HEADER + 4) {
                throw new StateFormatException(file, size, "file of " + size + " bytes is shorter than the "
                        + (HEADER + 4) + "-byte header and checksum of a Water state file");
            }
            CRC32C crc = new CRC32C();
            ByteBuffer b = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
            fill(ch, b, HEADER, crc);
            byte[] magic = new byte[MAGIC.length];
            b.get(magic);
            if (!Arrays.equals(magic, MAGIC)) {
                throw new StateFormatException(file, 0, "not a Water state file: expected magic \"STSWATER\"");
            }
            int version = b.getInt();
            if (version != VERSION) {
                throw new StateFormatException(file, 8, "version " + version + ", this reader knows version " + VERSION);
            }
            WaterInput in;
            double tstep = b.getDouble();
            int[] ints = new int[8];
            for (int k = 0; k < ints.length; k++) {
                ints[k] = b.getInt();
            }
            double cutoff = b.getDouble();
            try {
                in = new WaterInput(tstep, ints[0], ints[1], ints[2], ints[3], ints[4], ints[5], ints[6], ints[7], cutoff);
            } catch (IllegalArgumentException e) {
                throw new StateFormatException(file, 12, "input parameters: " + e.getMessage());
            }
            int step = b.getInt();
            double kineticSum = b.getDouble(), virialSum = b.getDouble(), box = b.getDouble();
            if (size != size(in)) {
                throw new StateFormatException(file, size, "file has " + size + " bytes, NMOL = " + in.molecules()
                        + " and NORDER = " + in.order() + " need " + size(in));
            }
            double expectedBox = new RunConstants(in).boxLength;
            if (Double.doubleToRawLongBits(box) != Double.doubleToRawLongBits(expectedBox)) {
                throw new StateFormatException(file, 80, "box length " + box + " differs from " + expectedBox
                        + " computed from the input: written by a different model or platform");
            }
            double[][] x = new double[in.order() + 1][WaterModel.PER_MOLECULE * in.molecules()];
            long offset = HEADER;
            for (double[] order : x) {
                for (int e = 0; e < order.length; e++) {
                    if (!b.hasRemaining()) {
                        fill(ch, b, (int) Math.min(CHUNK, size - 4 - offset), crc);
                    }
                    order[e] = b.getDouble();
                    offset += 8;
                }
            }
            b.clear().limit(4);
            while (b.hasRemaining()) {
                ch.read(b);
            }
            b.flip();
            int stored = b.getInt();
            if (stored != (int) crc.getValue()) {
                throw new StateFormatException(file, size - 4, "checksum mismatch: the file is corrupt");
            }
            try {
                return new WaterState(in, step, kineticSum, virialSum, x);
            } catch (IllegalArgumentException e) {
                throw new StateFormatException(file, 60, e.getMessage());
            }
        }
    }

    /** Reads exactly {@code bytes} bytes into b (cleared), counts them into the checksum, flips b. */
    private static void fill(FileChannel ch, ByteBuffer b, int bytes, CRC32C crc) throws IOException {
        b.clear().limit(bytes);
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IOException("unexpected end of file");
            }
        }
        b.flip();
        crc.update(b.duplicate());
    }
}
