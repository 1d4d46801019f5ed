package io.stormsim.nbody;

import io.stormsim.input.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One file of a GADGET-2 snapshot, located before it is read: its byte order and format, its header, and where
 * the data of the POS, VEL, ID and MASS blocks lie, each with 4- or 8-byte values as its size says against the
 * header's counts (single or double precision, 32- or 64-bit ids). Locating reads only the header and the record
 * markers, every record's (those past MASS too, which are skipped: gas blocks), so the files of a snapshot are
 * all checked before any body array is allocated, and a header with a huge count fails on the block sizes.
 *
 * <p>Format 1 is Fortran records in the order HEAD, POS, VEL, ID, MASS (MASS only when a type present in the
 * file has no mass in the header's MassTable); format 2 puts before each block an 8-byte record of its 4-character
 * label and a length, which is not needed (the block's own markers give it) and not checked. The byte order is the
 * one in which the first marker reads 256 (format 1) or 8 (format 2).
 */
final class Gadget2File {
    static final String KIND = "GADGET-2 snapshot file";
    static final String EXPECTED = "a GADGET-2 snapshot (Fortran records in either byte order: format 1 starting"
            + " with a 256-byte header record, or format 2 starting with an 8-byte 'HEAD' label record)";
    private static final int LABEL_BYTES = 8;

    /** Where a block's values are: {@code bytes} of {@code width}-byte values from {@code offset}. */
    record Block(String label, long offset, long bytes, int width) {
    }

    /** The byte order and format a file's first 12 bytes announce; null when they are not a GADGET-2 file's. */
    record Signature(ByteOrder order, int format) {
        static Signature of(byte[] first) {
            if (first.length < 4) {
                return null;
            }
            for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                int marker = ByteBuffer.wrap(first).order(order).getInt(0);
                if (marker == Gadget2Header.BYTES) {
                    return new Signature(order, 1);
                }
                if (marker == LABEL_BYTES && first.length >= 8
                        && "HEAD".equals(new String(first, 4, 4, StandardCharsets.ISO_8859_1))) {
                    return new Signature(order, 2);
                }
            }
            return null;
        }

        String describe() {
            return "format " + format + ", " + (order == ByteOrder.LITTLE_ENDIAN ? "little" : "big") + "-endian";
        }
    }

    final Path path;
    final Signature signature;
    final Gadget2Header header;
    final Block pos, vel, ids, mass;

    private Gadget2File(Path path, Signature signature, Gadget2Header header, Map<String, Block> blocks) {
        this.path = path;
        this.signature = signature;
        this.header = header;
        this.pos = blocks.get("POS");
        this.vel = blocks.get("VEL");
        this.ids = blocks.get("ID");
        this.mass = blocks.get("MASS");
    }

    /** The start of a message about the byte at {@code offset} of {@code file}. */
    static String where(Path file, long offset) {
        return KIND + " " + file + ", byte offset " + offset + ": ";
    }

    /** Opens {@code file} and checks its first bytes; the channel is the caller's to close. */
    private static FileChannel open(Path file, long[] size) throws IOException {
        size[0] = InputFile.checkedSize(file, KIND, EXPECTED);
        if (size[0] == 0) {
            throw new IOException(KIND + " " + file + " is empty, expected " + EXPECTED);
        }
        if (size[0] < 0) {
            throw new IOException(KIND + " " + file + " is not a regular file: its blocks are read by offset,"
                    + " expected " + EXPECTED);
        }
        return FileChannel.open(file);
    }

    private static Signature signature(Path file, FileChannel ch) throws IOException {
        ByteBuffer first = ByteBuffer.allocate(12);
        while (first.hasRemaining() && ch.read(first, first.position()) > 0) {
            continue;
        }
        Signature s = Signature.of(Arrays.copyOf(first.array(), first.position()));
        if (s == null) {
            int marker = first.position() >= 4 ? first.order(ByteOrder.LITTLE_ENDIAN).getInt(0) : -1;
            throw new IOException(where(file, 0) + (first.position() < 4 ? "the file ends before the first record"
                    + " marker" : "the first record marker is " + Integer.toUnsignedString(marker) + " (0x"
                    + String.format("%08x", marker) + " little-endian)") + ", expected 256 (format 1) or 8"
                    + " followed by 'HEAD' (format 2), in either byte order: not a GADGET-2 snapshot");
        }
        return s;
    }

    /** The header alone (for a count before reading). */
    static Gadget2Header header(Path file) throws IOException {
        long[] size = new long[1];
        try (FileChannel ch = open(file, size)) {
            Records r = new Records(file, ch, size[0], signature(file, ch));
            return r.header(r.signature.format == 2 ? r.label(0, true).next : 0);
        }
    }

    /** Locates the header and blocks of {@code file}, checking every record marker. */
    static Gadget2File scan(Path file) throws IOException {
        long[] size = new long[1];
        try (FileChannel ch = open(file, size)) {
            Records r = new Records(file, ch, size[0], signature(file, ch));
            return r.signature.format == 1 ? r.format1() : r.format2();
        }
    }

    /** A label record of format 2: the label and where the block's own record starts. */
    private record Label(String label, long next) {
    }

    /** The record structure of one open file. */
    private static final class Records {
        private final Path file;
        private final FileChannel ch;
        private final long size;
        private final Signature signature;
        private final ByteBuffer four;

        Records(Path file, FileChannel ch, long size, Signature signature) {
            this.file = file;
            this.ch = ch;
            this.size = size;
            this.signature = signature;
            this.four = ByteBuffer.allocate(4).order(signature.order);
        }

        Gadget2File format1() throws IOException {
            Gadget2Header h = header(0);
            Map<String, Block> blocks = new HashMap<>();
            long at = Gadget2Header.BYTES + 8;
            for (String label : new String[] {"POS", "VEL", "ID", "MASS"}) {
                if (label.equals("MASS") && h.countInMassBlock() == 0) {
                    break;
                }
                Block b = block(at, label, h);
                blocks.put(label, b);
                at = b.offset + b.bytes + 4;
            }
            while (at < size) {
                at = skip(at, "block after " + (blocks.containsKey("MASS") ? "MASS" : "ID"));
            }
            return new Gadget2File(file, signature, h, blocks);
        }

        Gadget2File format2() throws IOException {
            Label head = label(0, true);
            Gadget2Header h = header(head.next);
            Map<String, Block> blocks = new HashMap<>();
            long at = head.next + Gadget2Header.BYTES + 8;
            while (at < size) {
                Label l = label(at, false);
                if (l.label.equals("HEAD") || blocks.containsKey(l.label)) {
                    throw new IOException(where(file, at) + "a second " + l.label + " block, expected each block"
                            + " once");
                }
                if (l.label.equals("POS") || l.label.equals("VEL") || l.label.equals("ID")
                        || l.label.equals("MASS") && h.countInMassBlock() > 0) {
                    Block b = block(l.next, l.label, h);
                    blocks.put(l.label, b);
                    at = b.offset + b.bytes + 4;
                } else {
                    at = skip(l.next, l.label + " block");
                }
            }
            for (String label : new String[] {"POS", "VEL", "ID", "MASS"}) {
                if (!blocks.containsKey(label) && (!label.equals("MASS") || h.countInMassBlock() > 0)) {
                    throw new IOException(where(file, size) + "the file ends without a " + label + " block"
                            + (label.equals("MASS") ? " (" + h.countInMassBlock() + " particles are of types whose"
                            + " MassTable entry is 0)" : "") + ", expected one in " + signature.describe());
                }
            }
            return new Gadget2File(file, signature, h, blocks);
        }

        Gadget2Header header(long at) throws IOException {
            long len = opening(at, "header");
            if (len != Gadget2Header.BYTES) {
                throw new IOException(where(file, at) + "the header record has " + len + " bytes, expected "
                        + Gadget2Header.BYTES + (signature.format == 1 ? "" : " after the HEAD label"));
            }
            closing(at, len, "header");
            ByteBuffer h = ByteBuffer.allocate(Gadget2Header.BYTES).order(signature.order);
            fill(h, at + 4);
            return Gadget2Header.parse(h, at + 4, offset -> where(file, offset));
        }

        Label label(long at, boolean first) throws IOException {
            long len = opening(at, "block label");
            if (len != LABEL_BYTES) {
                throw new IOException(where(file, at) + "a record of " + len + " bytes where format 2 has a block"
                        + " label record of 8 bytes");
            }
            closing(at, len, "block label");
            ByteBuffer l = ByteBuffer.allocate(LABEL_BYTES);
            fill(l, at + 4);
            String label = new String(l.array(), 0, 4, StandardCharsets.ISO_8859_1).trim();
            if (first && !label.equals("HEAD")) {
                throw new IOException(where(file, at + 4) + "the first block is '" + label + "', expected HEAD");
            }
            return new Label(label, at + 4 + LABEL_BYTES + 4);
        }

        /** A POS, VEL, ID or MASS record at {@code at}, whose size must fit the header's counts. */
        Block block(long at, String label, Gadget2Header h) throws IOException {
            long len = opening(at, label + " block");
            int perParticle = label.equals("POS") || label.equals("VEL") ? 3 : 1;
            long count = label.equals("MASS") ? h.countInMassBlock() : h.count();
            long values = perParticle * count;
            int width = len == 4 * values ? 4 : len == 8 * values ? 8 : 0;
            if (width == 0) {
                String of = label.equals("MASS") ? count + " particles of types whose MassTable entry is 0"
                        : "header's " + count + " particles";
                throw new IOException(where(file, at) + "the " + label + " block has " + len + " bytes, expected "
                        + 4 * perParticle + " x " + count + " = " + 4 * values + " (" + (label.equals("ID")
                        ? "32-bit ids" : "floats") + ") or " + 8 * values + " (" + (label.equals("ID") ? "64-bit"
                        + " ids" : "doubles") + ") for the " + of);
            }
            closing(at, len, label + " block");
            return new Block(label, at + 4, len, width);
        }

        /** Checks the record at {@code at} and gives where the next one starts. */
        long skip(long at, String what) throws IOException {
            long len = opening(at, what);
            closing(at, len, what);
            return at + 8 + len;
        }

        long opening(long at, String what) throws IOException {
            if (size - at < 4) {
                throw new IOException(where(file, at) + "truncated: the file ends at byte offset " + size
                        + ", inside the opening marker of the " + what + " record");
            }
            return Integer.toUnsignedLong(readInt(at));
        }

        void closing(long at, long len, String what) throws IOException {
            if (size - at - 8 < len) {
                throw new IOException(where(file, at) + "truncated: the " + what + " record of " + len + " bytes"
                        + " and its closing marker need bytes up to offset " + (at + 8 + len) + ", the file ends at"
                        + " byte offset " + size);
            }
            int close = readInt(at + 4 + len);
            if (Integer.toUnsignedLong(close) != len) {
                throw new IOException(where(file, at) + "the " + what + " record opens with length " + len
                        + " and closes with " + Integer.toUnsignedString(close) + " (at byte offset " + (at + 4 + len)
                        + "), expected the same (not a Fortran record file?)");
            }
        }

        private int readInt(long at) throws IOException {
            fill(four.clear(), at);
            return four.getInt(0);
        }

        private void fill(ByteBuffer b, long at) throws IOException {
            while (b.hasRemaining()) {
                if (ch.read(b, at + b.position()) < 0) {
                    throw new EOFException(where(file, at + b.position()) + "the file ended while being read");
                }
            }
        }
    }
}
