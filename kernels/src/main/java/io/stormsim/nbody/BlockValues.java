package io.stormsim.nbody;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The values of one block of a binary file, read in order through a reused buffer (a block may be larger than
 * any array a reader would hold at once): 4- or 8-byte floating-point numbers or unsigned integers, with the byte
 * offset of the value last read for messages.
 */
final class BlockValues {
    private static final int BUFFER = 1 << 16;
    private final Path file;
    private final FileChannel ch;
    private final Gadget2File.Block block;
    private final ByteBuffer buf;
    /** File offset of the next value. */
    private long next;

    BlockValues(Path file, FileChannel ch, Gadget2File.Block block, ByteOrder order) {
        this.file = file;
        this.ch = ch;
        this.block = block;
        this.buf = ByteBuffer.allocate(BUFFER).order(order).limit(0);
        this.next = block.offset();
    }

    /** The byte offset of the value last read. */
    long offset() {
        return next - block.width();
    }

    /** The next value as a double (a float widens exactly). */
    double nextDouble() throws IOException {
        ensure();
        next += block.width();
        return block.width() == 4 ? buf.getFloat() : buf.getDouble();
    }

    /** The next value as an unsigned integer: a 32-bit one widened, a 64-bit one as its bits. */
    long nextUnsigned() throws IOException {
        ensure();
        next += block.width();
        return block.width() == 4 ? Integer.toUnsignedLong(buf.getInt()) : buf.getLong();
    }

    private void ensure() throws IOException {
        if (buf.hasRemaining()) {
            return;
        }
        long left = block.offset() + block.bytes() - next;
        if (left <= 0) {
            throw new IllegalStateException("read past the " + block.label() + " block");
        }
        buf.clear().limit((int) Math.min(BUFFER, left));
        long at = next;
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new EOFException(Gadget2File.where(file, at + buf.position()) + "the file ended inside the "
                        + block.label() + " block while it was read (did it change since it was checked?)");
            }
        }
        buf.flip();
    }
}
