package io.stormsim.nbody;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Bodies as exact binary (checkpoints): magic, version, count, then each array in full (ids, masses,
 * positions, velocities, costs), big-endian. Reading gives back the same bits.
 */
public final class BodiesBinary {
    private static final int MAGIC = 0x53534244; // "SSBD"
    /** Unchanged when cost became weighted work (was interactions): an old file only balances one round less well. */
    private static final int VERSION = 1;

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

    public static Bodies read(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        if (in.readInt() != MAGIC) {
            throw new IOException("not a stormsim bodies file (bad magic number)");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("bodies file version " + version + ", this build reads version " + VERSION);
        }
        Bodies b = new Bodies(in.readInt());
        for (int i = 0; i < b.n; i++) {
            b.id[i] = in.readLong();
        }
        for (double[] a : new double[][] {b.mass, b.x, b.y, b.z, b.vx, b.vy, b.vz}) {
            for (int i = 0; i < b.n; i++) {
                a[i] = in.readDouble();
            }
        }
        for (int i = 0; i < b.n; i++) {
            b.cost[i] = in.readLong();
        }
        return b;
    }
}
