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

    @Test
    void rowKernelMatchesTheNaiveDftAtEveryLength() {
        for (int log = 0; log <= 10; log++) {
            int n = 1 << log;
            double[][] x = signal(log, 3);
            RowFft row = new RowFft(n);
            for (Direction d : Direction.values()) {
                double[] re = x[0].clone();
                double[] im = x[1].clone();
                row.row(re, im, 0, d);
                double[][] want = NaiveDft.transform(x[0], x[1], d);
                if (d == Direction.INVERSE) {
                    for (int i = 0; i < n; i++) {
                        want[0][i] *= n;
                        want[1][i] *= n;
                    }
                }
                double err = NaiveDft.relativeL2(re, im, want[0], want[1]);
                assertTrue(err <= bound(log), "n = " + n + " " + d + ": relative L2 error " + err);
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

    /** The topology's data flow, without Storm: stripes, block exchanges, the same passes; same bits as sequential. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void stripedTransformHasTheSequentialBits(int partitions) {
        for (int m : new int[] {6, 7}) {
            double[][] x = signal(m, 8);
            SixStepFft fft = new SixStepFft(m);
            for (Direction d : Direction.values()) {
                ComplexBlock want = fft.transform(x[0], x[1], d);
                List<ComplexBlock> a = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    int first = Striping.first(fft.n2, partitions, p);
                    int rows = Striping.count(fft.n2, partitions, p);
                    ComplexBlock s = ComplexBlock.zeros(rows, fft.n1);
                    Signals.generate(8, (long) first * fft.n1, rows * fft.n1, s.re, s.im, 0);
                    a.add(s);
                }
                List<List<ComplexBlock>> b = exchange(a, fft.n1);
                List<List<ComplexBlock>> dd = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    dd.add(fft.rowPass(1, b.get(p), Striping.first(fft.n1, partitions, p), d, partitions));
                }
                List<List<ComplexBlock>> f = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    f.add(fft.rowPass(2, received(dd, p), Striping.first(fft.n2, partitions, p), d, partitions));
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

    /** The first transpose: what each partition receives from each (in source order) of a striped rows x cols matrix. */
    static List<List<ComplexBlock>> exchange(List<ComplexBlock> stripes, int cols) {
        int parts = stripes.size();
        List<List<ComplexBlock>> sent = new ArrayList<>();
        for (ComplexBlock stripe : stripes) {
            List<ComplexBlock> blocks = new ArrayList<>();
            for (int q = 0; q < parts; q++) {
                blocks.add(stripe.transposedColumns(Striping.first(cols, parts, q), Striping.end(cols, parts, q)));
            }
            sent.add(blocks);
        }
        List<List<ComplexBlock>> out = new ArrayList<>();
        for (int q = 0; q < parts; q++) {
            out.add(received(sent, q));
        }
        return out;
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
    void simdAndScalarRowFftsAreTheSameBits() {
        for (int log = 0; log <= 12; log++) {
            double[][] x = signal(log, 21);
            for (Direction d : Direction.values()) {
                double[] vr = x[0].clone();
                double[] vi = x[1].clone();
                double[] sr = x[0].clone();
                double[] si = x[1].clone();
                new RowFft(1 << log).row(vr, vi, 0, d);
                new RowFft(1 << log, false).row(sr, si, 0, d);
                assertArrayEquals(sr, vr, 0.0, "n = 2^" + log + " " + d);
                assertArrayEquals(si, vi, 0.0, "n = 2^" + log + " " + d);
            }
        }
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> new SixStepFft(0));
        assertThrows(IllegalArgumentException.class, () -> new SixStepFft(29));
        assertThrows(IllegalArgumentException.class, () -> new RowFft(12));
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
