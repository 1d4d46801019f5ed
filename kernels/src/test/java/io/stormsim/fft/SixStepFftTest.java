package io.stormsim.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jtransforms.fft.DoubleFFT_1D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SixStepFftTest {
    static final double EPS = Math.ulp(1.0);

    static double[][] signal(int m, long seed) {
        int n = 1 << m;
        double[] re = new double[n];
        double[] im = new double[n];
        Signals.generate(seed, 0, n, re, im, 0);
        return new double[][] {re, im};
    }

    /** The accuracy bound docs/workloads/fft.md states: relative L2 error <= log2(N) * eps against an exact DFT. */
    static double bound(int m) {
        return Math.max(1, m) * EPS;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void matchesTheNaiveDftBothWays(int m) {
        double[][] x = signal(m, 17 + m);
        SixStepFft fft = new SixStepFft(m);
        for (Direction d : Direction.values()) {
            ComplexBlock got = fft.transform(x[0], x[1], d);
            double[][] want = NaiveDft.transform(x[0], x[1], d);
            double err = NaiveDft.relativeL2(got.re, got.im, want[0], want[1]);
            assertTrue(err <= bound(m), "m = " + m + " " + d + ": relative L2 error " + err + " > " + bound(m));
        }
    }

    /** Each lane of a group its own row: G different signals, each against the naive DFT. */
    @Test
    void rowKernelMatchesTheNaiveDftAtEveryLengthInEveryLane() {
        int g = LaneFft.GROUP;
        for (int log = 0; log <= 10; log++) {
            int n = 1 << log;
            LaneFft fft = new LaneFft(n);
            for (Direction d : Direction.values()) {
                double[] re = new double[g * n];
                double[] im = new double[g * n];
                double[][][] rows = new double[g][][];
                for (int b = 0; b < g; b++) {
                    rows[b] = signal(log, 3 + b);
                    for (int i = 0; i < n; i++) {
                        re[fft.bitReversed(i) * g + b] = rows[b][0][i];
                        im[fft.bitReversed(i) * g + b] = rows[b][1][i];
                    }
                }
                fft.transform(re, im, d);
                for (int b = 0; b < g; b++) {
                    double[][] want = NaiveDft.transform(rows[b][0], rows[b][1], d);
                    double[] gotRe = new double[n];
                    double[] gotIm = new double[n];
                    for (int i = 0; i < n; i++) {
                        gotRe[i] = re[i * g + b] / (d == Direction.INVERSE ? n : 1);
                        gotIm[i] = im[i * g + b] / (d == Direction.INVERSE ? n : 1);
                    }
                    double err = NaiveDft.relativeL2(gotRe, gotIm, want[0], want[1]);
                    assertTrue(err <= bound(log), "n = " + n + " " + d + " lane " + b + ": relative L2 error " + err);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 10, 15, 20})
    void inverseOfForwardIsTheInput(int m) {
        double[][] x = signal(m, 99);
        SixStepFft fft = new SixStepFft(m);
        ComplexBlock f = fft.transform(x[0], x[1], Direction.FORWARD);
        ComplexBlock back = fft.transform(f.re, f.im, Direction.INVERSE);
        double err = NaiveDft.relativeL2(back.re, back.im, x[0], x[1]);
        assertTrue(err <= 2 * bound(m), "m = " + m + ": round trip relative L2 error " + err + " > " + 2 * bound(m));
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 17, 18})
    void agreesWithJTransforms(int m) {
        double[][] x = signal(m, 5);
        int n = 1 << m;
        double[] interleaved = new double[2 * n];
        for (int i = 0; i < n; i++) {
            interleaved[2 * i] = x[0][i];
            interleaved[2 * i + 1] = x[1][i];
        }
        new DoubleFFT_1D(n).complexForward(interleaved);
        double[] jre = new double[n];
        double[] jim = new double[n];
        for (int i = 0; i < n; i++) {
            jre[i] = interleaved[2 * i];
            jim[i] = interleaved[2 * i + 1];
        }
        ComplexBlock got = new SixStepFft(m).transform(x[0], x[1], Direction.FORWARD);
        double err = NaiveDft.relativeL2(got.re, got.im, jre, jim);
        assertTrue(err <= 2 * bound(m), "m = " + m + ": relative L2 difference from JTransforms " + err);
    }

    /**
     * The topology's data flow, without Storm: stripes, block exchanges, the same passes; same bits as
     * sequential, with stripes that split groups of rows (3 and 5 partitions) and that hold whole ones.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void stripedTransformHasTheSequentialBits(int partitions) {
        for (int m : new int[] {6, 7, 10, 11}) {
            double[][] x = signal(m, 8);
            SixStepFft fft = new SixStepFft(m);
            for (Direction d : Direction.values()) {
                ComplexBlock want = fft.transform(x[0], x[1], d);
                List<List<ComplexBlock>> a = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    int first = Striping.first(fft.n2, partitions, p);
                    int rows = Striping.count(fft.n2, partitions, p);
                    ComplexBlock s = ComplexBlock.zeros(rows, fft.n1);
                    Signals.generate(8, (long) first * fft.n1, rows * fft.n1, s.re, s.im, 0);
                    List<ComplexBlock> blocks = new ArrayList<>();
                    for (int q = 0; q < partitions; q++) {
                        blocks.add(s.columns(Striping.first(fft.n1, partitions, q), Striping.end(fft.n1, partitions, q)));
                    }
                    a.add(blocks);
                }
                List<List<ComplexBlock>> b = new ArrayList<>();
                for (int q = 0; q < partitions; q++) {
                    List<ComplexBlock> out = fft.outputBlocks(1, Striping.count(fft.n1, partitions, q), partitions);
                    fft.rowPass(1, received(a, q), Striping.first(fft.n1, partitions, q), d, out);
                    b.add(out);
                }
                List<List<ComplexBlock>> f = new ArrayList<>();
                for (int r = 0; r < partitions; r++) {
                    List<ComplexBlock> out = fft.outputBlocks(2, Striping.count(fft.n2, partitions, r), partitions);
                    fft.rowPass(2, received(b, r), Striping.first(fft.n2, partitions, r), d, out);
                    f.add(out);
                }
                int at = 0;
                for (int p = 0; p < partitions; p++) {
                    ComplexBlock s = ComplexBlock.sideBySide(received(f, p));
                    for (int i = 0; i < s.re.length; i++, at++) {
                        assertEquals(Double.doubleToRawLongBits(want.re[at]), Double.doubleToRawLongBits(s.re[i]));
                        assertEquals(Double.doubleToRawLongBits(want.im[at]), Double.doubleToRawLongBits(s.im[i]));
                    }
                }
                assertEquals(fft.n, at);
            }
        }
    }

    /** The blocks every partition sent partition q, in source order. */
    static List<ComplexBlock> received(List<List<ComplexBlock>> sent, int q) {
        List<ComplexBlock> in = new ArrayList<>();
        for (List<ComplexBlock> fromP : sent) {
            in.add(fromP.get(q));
        }
        return in;
    }

    @Test
    void inPlaceIsTheSameBits() {
        double[][] x = signal(9, 12);
        SixStepFft fft = new SixStepFft(9);
        ComplexBlock want = fft.transform(x[0], x[1], Direction.FORWARD);
        fft.transform(x[0], x[1], x[0], x[1], Direction.FORWARD);
        assertArrayEquals(want.re, x[0], 0.0);
        assertArrayEquals(want.im, x[1], 0.0);
    }

    @Test
    void simdAndScalarTransformsAreTheSameBits() {
        for (int m = 1; m <= 12; m++) {
            double[][] x = signal(m, 21);
            for (Direction d : Direction.values()) {
                ComplexBlock v = new SixStepFft(m, true).transform(x[0], x[1], d);
                ComplexBlock s = new SixStepFft(m, false).transform(x[0], x[1], d);
                assertArrayEquals(s.re, v.re, 0.0, "m = " + m + " " + d);
                assertArrayEquals(s.im, v.im, 0.0, "m = " + m + " " + d);
            }
        }
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> new SixStepFft(0));
        assertThrows(IllegalArgumentException.class, () -> new SixStepFft(29));
        assertThrows(IllegalArgumentException.class, () -> new LaneFft(12));
    }

    @Test
    void signalsOfAnyRangeAreTheSameBits() {
        double[][] whole = signal(8, 4);
        double[] re = new double[100];
        double[] im = new double[100];
        Signals.generate(4, 50, 100, re, im, 0);
        assertArrayEquals(java.util.Arrays.copyOfRange(whole[0], 50, 150), re);
        assertArrayEquals(java.util.Arrays.copyOfRange(whole[1], 50, 150), im);
    }
}
