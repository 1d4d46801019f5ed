package io.stormsim.water.bolts;

import io.stormsim.water.WaterModel;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * One partition's piece of a checkpoint: the steps done, the running sums behind the printed averages,
 * and the Gear derivatives of its molecules [from, to). Pieces of any partition count join into the whole
 * state ({@link #join}), so a run may resume with another count.
 *
 * <pre>
 *   int magic 0x57415452 ("WATR"), int version 1, int steps done, double kinetic sum, double virial sum,
 *   int from, int to, int orders, then orders x 9 (to - from) doubles (big-endian)
 * </pre>
 */
record CheckpointPiece(int step, double kineticSum, double virialSum, int from, int to, double[][] derivatives) {
    private static final int MAGIC = 0x57415452, VERSION = 1;

    void write(OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(step);
        out.writeDouble(kineticSum);
        out.writeDouble(virialSum);
        out.writeInt(from);
        out.writeInt(to);
        out.writeInt(derivatives.length);
        for (double[] order : derivatives) {
            for (double v : order) {
                out.writeDouble(v);
            }
        }
        out.flush();
    }

    static CheckpointPiece read(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(stream, 1 << 16));
        int magic = in.readInt(), version = in.readInt();
        if (magic != MAGIC || version != VERSION) {
            throw new IOException("not a Water checkpoint piece (version " + VERSION + ")");
        }
        int step = in.readInt();
        double kineticSum = in.readDouble(), virialSum = in.readDouble();
        int from = in.readInt(), to = in.readInt(), orders = in.readInt();
        if (from < 0 || to < from || orders < 1 || orders > 16) {
            throw new IOException("bad piece header: molecules " + from + ".." + to + ", " + orders + " orders");
        }
        double[][] x = new double[orders][WaterModel.PER_MOLECULE * (to - from)];
        for (double[] order : x) {
            for (int e = 0; e < order.length; e++) {
                order[e] = in.readDouble();
            }
        }
        return new CheckpointPiece(step, kineticSum, virialSum, from, to, x);
    }

    /** The whole derivatives [orders][9 NMOL] from pieces that must cover molecules 0..NMOL-1 in order. */
    static double[][] join(List<CheckpointPiece> pieces, int molecules, int orders) throws IOException {
        double[][] all = new double[orders][WaterModel.PER_MOLECULE * molecules];
        int next = 0;
        for (CheckpointPiece p : pieces) {
            if (p.from != next || p.derivatives.length != orders || p.step != pieces.get(0).step) {
                throw new IOException("checkpoint piece of molecules " + p.from + ".." + (p.to - 1) + " (step " + p.step
                        + ", " + p.derivatives.length + " orders) does not follow molecule " + next + " of a run of "
                        + molecules + " molecules, " + orders + " orders, step " + pieces.get(0).step);
            }
            for (int k = 0; k < orders; k++) {
                System.arraycopy(p.derivatives[k], 0, all[k], WaterModel.PER_MOLECULE * p.from, p.derivatives[k].length);
            }
            next = p.to;
        }
        if (next != molecules) {
            throw new IOException("checkpoint pieces end at molecule " + next + ", the run has " + molecules);
        }
        return all;
    }
}
