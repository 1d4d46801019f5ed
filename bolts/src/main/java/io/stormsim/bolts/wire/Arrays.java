package io.stormsim.bolts.wire;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** Length-prefixed primitive arrays on Kryo streams: bulk copies, no per-element objects. */
final class Arrays {
    private Arrays() {
    }

    static void writeDoubles(Output out, double[] a, int count) {
        out.writeInt(count, true);
        out.writeDoubles(a, 0, count);
    }

    static double[] readDoubles(Input in) {
        return in.readDoubles(in.readInt(true));
    }

    static void writeLongs(Output out, long[] a, int count) {
        out.writeInt(count, true);
        out.writeLongs(a, 0, count);
    }

    static long[] readLongs(Input in) {
        return in.readLongs(in.readInt(true));
    }

    static void writeInts(Output out, int[] a, int count) {
        out.writeInt(count, true);
        out.writeInts(a, 0, count);
    }

    static int[] readInts(Input in) {
        return in.readInts(in.readInt(true));
    }
}
