package io.stormsim.sort;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Sort records as a binary file, all integers little-endian:
 * <pre>
 * byte  0  magic, the 8 ASCII bytes "STRMSORT"
 * byte  8  int32 format version, 1
 * byte 12  int32 key bits, 32 or 64
 * byte 16  int32 flags: bit 0 set if each key has a payload; other bits 0
 * byte 20  int32 reserved, 0
 * byte 24  int64 record count n
 * byte 32  n records, each the key (4 or 8 bytes, unsigned) then, with payloads, the payload (8 bytes)
 * </pre>
 * and nothing after them. Readers check the header against the file's size before reading a record and
 * fail with a {@link FormatException} naming the file, the byte offset and what was expected there; any
 * range of records can be read, so each partition reads only its own stripe. Writers write a temporary
 * file beside the target and move it into place atomically, so a failed write leaves nothing behind.
 * (numpy, 64-bit keys with payloads: {@code np.fromfile(f, dtype=[('key', '<u8'), ('payload', '<u8')], offset=32)}.)
 */
public final class SortFile {
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 32;
    private static final byte[] MAGIC = "STRMSORT".getBytes(StandardCharsets.US_ASCII);
    private static final int PAYLOAD_FLAG = 1;
    private static final int CHUNK_BYTES = 1 << 20;

    private SortFile() {
    }

    /** A file that is not a valid sort file: the message names the file, the byte offset and what was expected. */
    public static final class FormatException extends IOException {
        public FormatException(Path file, long offset, String message) {
            super(file + " at byte " + offset + ": " + message);
        }
    }

    /** What the header says, checked against the file size. */
    public record Header(int keyBits, boolean hasPayloads, long count) {
        public int recordBytes() {
            return keyBits / 8 + (hasPayloads ? 8 : 0);
        }
    }

    /** The header of {@code file}, after checking it and that the file holds exactly its records. */
    public static Header header(Path file) throws IOException {
        try (FileChannel ch = open(file)) {
            return header(file, ch);
        }
    }

    private static FileChannel open(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new FormatException(file, 0, "expected a sort records file, found a directory");
        }
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new FormatException(file, 0, "expected a sort records file, found no file");
        } catch (IOException e) {
            throw new FormatException(file, 0, "expected a readable sort records file, cannot open it (" + e + ")");
        }
    }

    private static Header header(Path file, FileChannel ch) throws IOException {
        long size = ch.size();
        if (size == 0) {
            throw new FormatException(file, 0, "the file is empty, expected a " + HEADER_BYTES + "-byte header");
        }
        if (size < HEADER_BYTES) {
            throw new FormatException(file, size, "the file ends inside the " + HEADER_BYTES + "-byte header");
        }
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        readFully(file, ch, h, 0);
        h.flip();
        byte[] magic = new byte[MAGIC.length];
        h.get(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new FormatException(file, 0, "expected the magic \"STRMSORT\", found bytes " + hex(magic));
        }
        int version = h.getInt();
        if (version != VERSION) {
            throw new FormatException(file, 8, "expected format version " + VERSION + ", found " + version);
        }
        int keyBits = h.getInt();
        if (keyBits != 32 && keyBits != 64) {
            throw new FormatException(file, 12, "expected key bits 32 or 64, found " + keyBits);
        }
        int flags = h.getInt();
        if ((flags & ~PAYLOAD_FLAG) != 0) {
            throw new FormatException(file, 16, "expected flags 0 or 1 (payloads), found " + flags);
        }
        int reserved = h.getInt();
        if (reserved != 0) {
            throw new FormatException(file, 20, "expected the reserved field 0, found " + reserved);
        }
        long count = h.getLong();
        Header header = new Header(keyBits, flags == PAYLOAD_FLAG, count);
        long recordBytes = header.recordBytes();
        if (count < 0) {
            throw new FormatException(file, 24, "expected a record count >= 0, found " + count);
        }
        long room = (size - HEADER_BYTES) / recordBytes;
        if (count > room) {
            throw new FormatException(file, size, "the file ends (truncated): the header's count " + count
                    + " (byte 24) needs " + recordBytes + "-byte records up to byte "
                    + (count > (Long.MAX_VALUE - HEADER_BYTES) / recordBytes ? "beyond 2^63" : HEADER_BYTES
                    + count * recordBytes));
        }
        long end = HEADER_BYTES + count * recordBytes;
        if (size != end) {
            throw new FormatException(file, end, "expected the end of the file after " + count + " records (the"
                    + " header's count, byte 24), found " + (size - end) + " more bytes");
        }
        return header;
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }

    /** All records of {@code file}. */
    public static SortRecords read(Path file) throws IOException {
        try (FileChannel ch = open(file)) {
            Header h = header(file, ch);
            if (h.count() > Integer.MAX_VALUE - 8) {
                throw new FormatException(file, 24, "expected at most " + (Integer.MAX_VALUE - 8)
                        + " records to read at once, found " + h.count() + ": read it in ranges");
            }
            return read(file, ch, h, 0, (int) h.count());
        }
    }

    /** Records {@code from .. from+count-1} of {@code file}. */
    public static SortRecords read(Path file, long from, int count) throws IOException {
        try (FileChannel ch = open(file)) {
            Header h = header(file, ch);
            if (from < 0 || count < 0 || from > h.count() - count) {
                throw new IllegalArgumentException("records " + from + " .. " + (from + count - 1) + " of " + file
                        + ": it holds " + h.count());
            }
            return read(file, ch, h, from, count);
        }
    }

    private static SortRecords read(Path file, FileChannel ch, Header h, long from, int count) throws IOException {
        SortRecords r = SortRecords.allocate(h.keyBits(), h.hasPayloads(), count);
        r.resize(count);
        int recordBytes = h.recordBytes();
        int perChunk = CHUNK_BYTES / recordBytes;
        ByteBuffer buf = ByteBuffer.allocateDirect(perChunk * recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        int[] ints = r.intKeys();
        long[] longs = r.longKeys(), payloads = r.payloads();
        for (int done = 0; done < count; ) {
            int chunk = Math.min(perChunk, count - done);
            buf.clear().limit(chunk * recordBytes);
            readFully(file, ch, buf, HEADER_BYTES + (from + done) * recordBytes);
            buf.flip();
            for (int i = done; i < done + chunk; i++) {
                if (ints != null) {
                    ints[i] = buf.getInt();
                } else {
                    longs[i] = buf.getLong();
                }
                if (payloads != null) {
                    payloads[i] = buf.getLong();
                }
            }
            done += chunk;
        }
        return r;
    }

    private static void readFully(Path file, FileChannel ch, ByteBuffer buf, long position) throws IOException {
        int start = buf.position();
        while (buf.hasRemaining()) {
            if (ch.read(buf, position + buf.position() - start) < 0) {
                throw new FormatException(file, position + buf.position() - start,
                        "the file ended while being read (did it shrink?), expected " + buf.remaining() + " more bytes");
            }
        }
    }

    /** Writes {@code r} as {@code file}, replacing it atomically; on failure nothing is left behind. */
    public static void write(Path file, SortRecords r) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, file.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
                buf.put(MAGIC).putInt(VERSION).putInt(r.keyBits()).putInt(r.hasPayloads() ? PAYLOAD_FLAG : 0)
                        .putInt(0).putLong(r.size());
                int recordBytes = new Header(r.keyBits(), r.hasPayloads(), r.size()).recordBytes();
                int[] ints = r.intKeys();
                long[] longs = r.longKeys(), payloads = r.payloads();
                for (int i = 0; i < r.size(); i++) {
                    if (buf.remaining() < recordBytes) {
                        drain(ch, buf);
                    }
                    if (ints != null) {
                        buf.putInt(ints[i]);
                    } else {
                        buf.putLong(longs[i]);
                    }
                    if (payloads != null) {
                        buf.putLong(payloads[i]);
                    }
                }
                drain(ch, buf);
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
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
