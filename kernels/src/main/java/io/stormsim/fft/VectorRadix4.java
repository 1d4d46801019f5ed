package io.stormsim.fft;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link RowFft}'s radix-4 stage with SIMD lanes over i (the Vector API): the same operations in the
 * same order as the scalar loop, lane by lane, so the same bits. Loaded only where the JVM has the
 * {@code jdk.incubator.vector} module.
 */
final class VectorRadix4 {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int LANES = S.length();

    private VectorRadix4() {
    }

    static void stage(double[] re, double[] im, int offset, int n, int h, double[] w, int tw, double sign) {
        DoubleVector minusSign = DoubleVector.broadcast(S, -sign);
        DoubleVector plusSign = DoubleVector.broadcast(S, sign);
        for (int base = offset; base < offset + n; base += 4 * h) {
            for (int i = 0; i < h; i += LANES) {
                int i0 = base + i;
                int i1 = i0 + h;
                int i2 = i1 + h;
                int i3 = i2 + h;
                int t = tw + i;
                DoubleVector w1r = DoubleVector.fromArray(S, w, t);
                DoubleVector w1i = DoubleVector.fromArray(S, w, t + h);
                DoubleVector w2r = DoubleVector.fromArray(S, w, t + 2 * h);
                DoubleVector w2i = DoubleVector.fromArray(S, w, t + 3 * h);
                DoubleVector w3r = DoubleVector.fromArray(S, w, t + 4 * h);
                DoubleVector w3i = DoubleVector.fromArray(S, w, t + 5 * h);
                DoubleVector t0r = DoubleVector.fromArray(S, re, i0);
                DoubleVector t0i = DoubleVector.fromArray(S, im, i0);
                DoubleVector ar = DoubleVector.fromArray(S, re, i2);
                DoubleVector ai = DoubleVector.fromArray(S, im, i2);
                DoubleVector t1r = ar.mul(w1r).sub(ai.mul(w1i));
                DoubleVector t1i = ar.mul(w1i).add(ai.mul(w1r));
                ar = DoubleVector.fromArray(S, re, i1);
                ai = DoubleVector.fromArray(S, im, i1);
                DoubleVector t2r = ar.mul(w2r).sub(ai.mul(w2i));
                DoubleVector t2i = ar.mul(w2i).add(ai.mul(w2r));
                ar = DoubleVector.fromArray(S, re, i3);
                ai = DoubleVector.fromArray(S, im, i3);
                DoubleVector t3r = ar.mul(w3r).sub(ai.mul(w3i));
                DoubleVector t3i = ar.mul(w3i).add(ai.mul(w3r));
                DoubleVector s02r = t0r.add(t2r);
                DoubleVector s02i = t0i.add(t2i);
                DoubleVector d02r = t0r.sub(t2r);
                DoubleVector d02i = t0i.sub(t2i);
                DoubleVector s13r = t1r.add(t3r);
                DoubleVector s13i = t1i.add(t3i);
                DoubleVector rd13r = minusSign.mul(t1i.sub(t3i));
                DoubleVector rd13i = plusSign.mul(t1r.sub(t3r));
                s02r.add(s13r).intoArray(re, i0);
                s02i.add(s13i).intoArray(im, i0);
                d02r.add(rd13r).intoArray(re, i1);
                d02i.add(rd13i).intoArray(im, i1);
                s02r.sub(s13r).intoArray(re, i2);
                s02i.sub(s13i).intoArray(im, i2);
                d02r.sub(rd13r).intoArray(re, i3);
                d02i.sub(rd13i).intoArray(im, i3);
            }
        }
    }
}
