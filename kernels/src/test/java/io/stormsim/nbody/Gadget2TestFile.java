package io.stormsim.nbody;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The tests' own GADGET-2 writer, written from the format's description (GADGET-2's user guide, section 6) and not
 * from the reader: one file of a snapshot in any layout the reader takes (format 1 or 2, either byte order,
 * single or double precision, 32- or 64-bit ids, masses in the table or the MASS block, trailing gas blocks), and
 * the expected bodies, as the stored values give them back. It records where each record starts, for truncation.
 */
final class Gadget2TestFile {
    ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    int format = 1;
    boolean doubles;
    boolean longIds;
    /** Trailing U block for the gas, as a snapshot with gas has: the reader must skip it. */
    boolean gasBlock;
    final int[] npart = new int[6];
    final double[] massTable = new double[6];
    /** Totals of the snapshot per type; the file's counts when left null. */
    long[] total;
    int numFiles = 1;
    double time = 0.5, redshift, boxSize;
    /** Where each record (a label record too) starts; the file's length last. */
    final List<Long> recordStarts = new ArrayList<>();

    /** The file's bytes for {@code b}, whose bodies are taken in type order by {@code npart}. */
    byte[] bytes(Bodies b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        recordStarts.clear();
        ByteBuffer h = buffer(256);
        for (int t = 0; t < 6; t++) {
            h.putInt(npart[t]);
        }
        for (int t = 0; t < 6; t++) {
            h.putDouble(massTable[t]);
        }
        h.putDouble(time).putDouble(redshift).putInt(0).putInt(0);
        long[] tot = total != null ? total : java.util.Arrays.stream(npart).asLongStream().toArray();
        for (int t = 0; t < 6; t++) {
            h.putInt((int) tot[t]);
        }
        h.putInt(0).putInt(numFiles).putDouble(boxSize).putDouble(0.3).putDouble(0.7).putDouble(0.7).putInt(0)
                .putInt(0);
        for (int t = 0; t < 6; t++) {
            h.putInt((int) (tot[t] >>> 32));
        }
        block(out, "HEAD", h.array());
        int n = b.n;
        ByteBuffer pos = buffer(3 * n * width());
        ByteBuffer vel = buffer(3 * n * width());
        for (int i = 0; i < n; i++) {
            real(pos, b.x[i]).real(pos, b.y[i]).real(pos, b.z[i]);
            real(vel, b.vx[i]).real(vel, b.vy[i]).real(vel, b.vz[i]);
        }
        block(out, "POS ", pos.array());
        block(out, "VEL ", vel.array());
        ByteBuffer ids = buffer(n * (longIds ? 8 : 4));
        for (int i = 0; i < n; i++) {
            if (longIds) {
                ids.putLong(b.id[i]);
            } else {
                ids.putInt((int) b.id[i]);
            }
        }
        block(out, "ID  ", ids.array());
        int inBlock = 0, i = 0;
        for (int t = 0; t < 6; t++) {
            inBlock += massTable[t] == 0 ? npart[t] : 0;
        }
        if (inBlock > 0) {
            ByteBuffer m = buffer(inBlock * width());
            for (int t = 0; t < 6; t++) {
                for (int j = 0; j < npart[t]; j++, i++) {
                    if (massTable[t] == 0) {
                        real(m, b.mass[i]);
                    }
                }
            }
            block(out, "MASS", m.array());
        }
        if (gasBlock) {
            ByteBuffer u = buffer(npart[0] * 4);
            for (int j = 0; j < npart[0]; j++) {
                u.putFloat(1.5f);
            }
            block(out, "U   ", u.array());
        }
        recordStarts.add((long) out.size());
        return out.toByteArray();
    }

    /** The bodies a reader must give back: values as stored, masses from the table where it has one. */
    Bodies expected(Bodies b) {
        Bodies e = new Bodies(b.n);
        int i = 0;
        for (int t = 0; t < 6; t++) {
            for (int j = 0; j < npart[t]; j++, i++) {
                e.x[i] = stored(b.x[i]);
                e.y[i] = stored(b.y[i]);
                e.z[i] = stored(b.z[i]);
                e.vx[i] = stored(b.vx[i]);
                e.vy[i] = stored(b.vy[i]);
                e.vz[i] = stored(b.vz[i]);
                e.id[i] = longIds ? b.id[i] : b.id[i] & 0xffffffffL;
                e.mass[i] = massTable[t] != 0 ? massTable[t] : stored(b.mass[i]);
            }
        }
        return e;
    }

    private double stored(double v) {
        return doubles ? v : (float) v;
    }

    private int width() {
        return doubles ? 8 : 4;
    }

    private Gadget2TestFile real(ByteBuffer b, double v) {
        if (doubles) {
            b.putDouble(v);
        } else {
            b.putFloat((float) v);
        }
        return this;
    }

    private ByteBuffer buffer(int bytes) {
        return ByteBuffer.allocate(bytes).order(order);
    }

    private void block(ByteArrayOutputStream out, String label, byte[] data) {
        if (format == 2) {
            ByteBuffer l = buffer(8);
            l.put(label.getBytes(StandardCharsets.US_ASCII)).putInt(data.length + 8);
            record(out, l.array());
        }
        record(out, data);
    }

    private void record(ByteArrayOutputStream out, byte[] data) {
        recordStarts.add((long) out.size());
        byte[] marker = buffer(4).putInt(data.length).array();
        out.writeBytes(marker);
        out.writeBytes(data);
        out.writeBytes(marker);
    }
}
