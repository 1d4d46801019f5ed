package io.stormsim.nbody;

import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Bodies as exact binary (checkpoints): magic, version, count, then each array in full (ids, masses,
 * positions, velocities, costs), big-endian. Reading gives back the same bits. A stream that is not such a
 * piece (bad magic, a truncated piece, bytes after the last array) fails naming the byte offset.
 */
public final class BodiesBinary {
    private static final int MAGIC = 0x53534244; // "SSBD"
    /** Unchanged when cost became weighted work (was interactions): an old file only balances one round less well. */
    private static final int VERSION = 1;
    private static final int HEADER_BYTES = 12;
    /** Id, mass, position, velocity, cost: 9 values of 8 bytes. */
    private static final int BYTES_PER_BODY = 72;
    private static final String[] ARRAYS = {"ids", "masses", "x", "y", "z", "vx", "vy", "vz", "costs"};
    /** Arrays grow as their values arrive, so a count that a short stream does not back costs no memory. */
    private static final int FIRST_ALLOCATION = 1 << 13;

    private BodiesBinary() {
    }

    public static void write(Bodies b, OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(stream);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(b.n);
        for (long v : b.id) {
            out.writeLong(v);
        }
        for (double[] a : new double[][] {b.mass, b.x, b.y, b.z, b.vx, b.vy, b.vz}) {
            for (double v : a) {
                out.writeDouble(v);
            }
        }
        for (long v : b.cost) {
            out.writeLong(v);
        }
        out.flush();
    }

    /** Reads one piece, which must be the whole of the stream. */
    public static Bodies read(InputStream stream) throws IOException {
        ByteBuffer header = ByteBuffer.wrap(new byte[HEADER_BYTES]);
        int got = stream.readNBytes(header.array(), 0, HEADER_BYTES);
        if (got == 0) {
            throw new EOFException("empty, expected a stormsim bodies piece (magic 'SSBD', version " + VERSION
                    + ", count, then " + BYTES_PER_BODY + " bytes per body)");
        }
        if (got >= 4 && header.getInt(0) != MAGIC) {
            throw new IOException(String.format("byte offset 0: not a stormsim bodies file (bad magic number 0x%08x,"
                    + " expected 0x%08x 'SSBD')", header.getInt(0), MAGIC));
        }
        if (got < HEADER_BYTES) {
            throw new EOFException("truncated: the data ends at byte offset " + got + ", inside the "
                    + HEADER_BYTES + "-byte header (magic, version, body count)");
        }
        int version = header.getInt(4);
        if (version != VERSION) {
            throw new IOException("byte offset 4: bodies file version " + version + ", this build reads version "
                    + VERSION);
        }
        int n = header.getInt(8);
        if (n < 0) {
            throw new IOException("byte offset 8: body count " + n + " is negative");
        }
        Reader in = new Reader(stream, n);
        long[] id = in.longs(0);
        double[][] values = new double[7][];
        for (int a = 0; a < values.length; a++) {
            values[a] = in.doubles(a + 1);
        }
        long[] cost = in.longs(ARRAYS.length - 1);
        if (stream.read() >= 0) {
            throw new IOException("byte offset " + in.expectedBytes() + ": more bytes after the " + n
                    + " bodies of the header's count (" + in.expectedBytes() + " bytes)");
        }
        return new Bodies(n, id, values[0], values[1], values[2], values[3], values[4], values[5], values[6], cost);
    }

    /** Reads the arrays of n bodies in chunks, knowing the offset of each, so a short stream is named precisely. */
    private static final class Reader {
        private final InputStream in;
        private final int n;
        private final ByteBuffer chunk = ByteBuffer.allocate(1 << 16);

        Reader(InputStream in, int n) {
            this.in = in;
            this.n = n;
        }

        long expectedBytes() {
            return HEADER_BYTES + (long) BYTES_PER_BODY * n;
        }

        long[] longs(int array) throws IOException {
            long[] out = new long[Math.min(n, FIRST_ALLOCATION)];
            for (int done = 0; done < n; ) {
                int count = fill(array, done);
                if (done + count > out.length) {
                    out = Arrays.copyOf(out, (int) Math.min(n, 2L * (done + count)));
                }
                chunk.asLongBuffer().get(out, done, count);
                done += count;
            }
            return out;
        }

        double[] doubles(int array) throws IOException {
            double[] out = new double[Math.min(n, FIRST_ALLOCATION)];
            for (int done = 0; done < n; ) {
                int count = fill(array, done);
                if (done + count > out.length) {
                    out = Arrays.copyOf(out, (int) Math.min(n, 2L * (done + count)));
                }
                chunk.asDoubleBuffer().get(out, done, count);
                done += count;
            }
            return out;
        }

        /** Reads the next values of array {@code array} from value {@code done} on into {@code chunk}; how many. */
        private int fill(int array, int done) throws IOException {
            int count = Math.min(n - done, chunk.capacity() / 8);
            int got = in.readNBytes(chunk.array(), 0, count * 8);
            if (got < count * 8) {
                long start = HEADER_BYTES + 8L * ((long) array * n + done);
                throw new EOFException("truncated: the data ends at byte offset " + (start + got) + ", at "
                        + ARRAYS[array] + " value " + (done + got / 8) + " of " + n + "; the header's count of " + n
                        + " bodies needs " + expectedBytes() + " bytes");
            }
            chunk.position(0).limit(count * 8);
            return count;
        }
    }
}
