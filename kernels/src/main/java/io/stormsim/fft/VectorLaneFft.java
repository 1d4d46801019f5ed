package io.stormsim.fft;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD loops of {@link LaneFft} and {@link SixStepFft} (the Vector API): vectors over the lanes of a
 * group of rows, each lane through the same IEEE operations in the same order as the scalar loops, so the
 * same bits. One vector is one value of a group (all its lanes). Loaded only where the JVM has the {@code jdk.incubator.vector} module.
 */
final class VectorLaneFft {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final int LANES = S.length();

    private VectorLaneFft() {
    }

    /**
     * Whether a group of {@code group} lanes is one vector: the loops then index values, not vectors within
     * them (an inner loop over the vectors of a value measured 30% slower on AVX-512). Elsewhere (AVX2)
     * the scalar loops run.
     */
    static boolean fits(int group) {
        return group == LANES;
    }

    static void radix2(double[] re, double[] im, int from, int to, int g) {
        for (int b = from * g; b < to * g; b += 2 * g) {
            DoubleVector ur = DoubleVector.fromArray(S, re, b);
            DoubleVector ui = DoubleVector.fromArray(S, im, b);
            DoubleVector vr = DoubleVector.fromArray(S, re, b + g);
            DoubleVector vi = DoubleVector.fromArray(S, im, b + g);
            ur.add(vr).intoArray(re, b);
            ui.add(vi).intoArray(im, b);
            ur.sub(vr).intoArray(re, b + g);
            ui.sub(vi).intoArray(im, b + g);
        }
    }

    /** {@link LaneFft}'s radix-4 stage of quarter length h (one loop body: C2 would not inline a helper). */
    static void radix4(double[] re, double[] im, int from, int to, int h, double[] w, int tw, boolean forward, int g) {
        int hg = h * g;
        int first = forward ? hg : 3 * hg;
        int third = forward ? 3 * hg : hg;
        for (int i = 0; i < h; i++) {
            boolean twiddled = i > 0;
            DoubleVector w1r = DoubleVector.broadcast(S, w[tw + i]);
            DoubleVector w1i = DoubleVector.broadcast(S, w[tw + h + i]);
            DoubleVector w2r = DoubleVector.broadcast(S, w[tw + 2 * h + i]);
            DoubleVector w2i = DoubleVector.broadcast(S, w[tw + 3 * h + i]);
            DoubleVector w3r = DoubleVector.broadcast(S, w[tw + 4 * h + i]);
            DoubleVector w3i = DoubleVector.broadcast(S, w[tw + 5 * h + i]);
            for (int b = (from + i) * g; b < to * g; b += 4 * hg) {
                    DoubleVector t0r = DoubleVector.fromArray(S, re, b);
                    DoubleVector t0i = DoubleVector.fromArray(S, im, b);
                    DoubleVector t1r = DoubleVector.fromArray(S, re, b + 2 * hg);
                    DoubleVector t1i = DoubleVector.fromArray(S, im, b + 2 * hg);
                    DoubleVector t2r = DoubleVector.fromArray(S, re, b + hg);
                    DoubleVector t2i = DoubleVector.fromArray(S, im, b + hg);
                    DoubleVector t3r = DoubleVector.fromArray(S, re, b + 3 * hg);
                    DoubleVector t3i = DoubleVector.fromArray(S, im, b + 3 * hg);
                    if (twiddled) {
                        DoubleVector ar = t1r;
                        t1r = ar.mul(w1r).sub(t1i.mul(w1i));
                        t1i = ar.mul(w1i).add(t1i.mul(w1r));
                        ar = t2r;
                        t2r = ar.mul(w2r).sub(t2i.mul(w2i));
                        t2i = ar.mul(w2i).add(t2i.mul(w2r));
                        ar = t3r;
                        t3r = ar.mul(w3r).sub(t3i.mul(w3i));
                        t3i = ar.mul(w3i).add(t3i.mul(w3r));
                    }
                    DoubleVector s02r = t0r.add(t2r);
                    DoubleVector s02i = t0i.add(t2i);
                    DoubleVector d02r = t0r.sub(t2r);
                    DoubleVector d02i = t0i.sub(t2i);
                    DoubleVector s13r = t1r.add(t3r);
                    DoubleVector s13i = t1i.add(t3i);
                    DoubleVector ur = t1r.sub(t3r);
                    DoubleVector ui = t1i.sub(t3i);
                    s02r.add(s13r).intoArray(re, b);
                    s02i.add(s13i).intoArray(im, b);
                    d02r.add(ui).intoArray(re, b + first);
                    d02i.sub(ur).intoArray(im, b + first);
                    s02r.sub(s13r).intoArray(re, b + 2 * hg);
                    s02i.sub(s13i).intoArray(im, b + 2 * hg);
                    d02r.sub(ui).intoArray(re, b + third);
                    d02i.add(ur).intoArray(im, b + third);
                }
            }
        }

    /** dst[d .. d+g) = src[s .. s+g), both parts. */
    static void copy(double[] srcRe, double[] srcIm, int s, double[] dstRe, double[] dstIm, int d) {
        DoubleVector.fromArray(S, srcRe, s).intoArray(dstRe, d);
        DoubleVector.fromArray(S, srcIm, s).intoArray(dstIm, d);
    }

    /**
     * {@link Twiddles}' multiply of value k (lanes at k g) by base (br, bi) times the lane factors at
     * lane[k g ..]: w = base * lane, x = x * w.
     */
    static void twiddle(double[] re, double[] im, int at, double br, double bi, double[] laneRe, double[] laneIm,
            int lane) {
        DoubleVector vbr = DoubleVector.broadcast(S, br);
        DoubleVector vbi = DoubleVector.broadcast(S, bi);
        DoubleVector lr = DoubleVector.fromArray(S, laneRe, lane);
        DoubleVector li = DoubleVector.fromArray(S, laneIm, lane);
        DoubleVector wr = vbr.mul(lr).sub(vbi.mul(li));
        DoubleVector wi = vbr.mul(li).add(vbi.mul(lr));
        DoubleVector xr = DoubleVector.fromArray(S, re, at);
        DoubleVector xi = DoubleVector.fromArray(S, im, at);
        xr.mul(wr).sub(xi.mul(wi)).intoArray(re, at);
        xr.mul(wi).add(xi.mul(wr)).intoArray(im, at);
    }
}
