package io.stormsim.matmul;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The packed Vector API kernel against two oracles: the scalar loop of fused multiply-adds in k order
 * (the kernel's documented summation order: same bits), and the naive triple loop (separate multiply
 * and add) within the standard bound |C - C_naive|_ij <= 2 gamma_k (|A| |B|)_ij, gamma_k = k u / (1 - k u),
 * u = 2^-53: each of the two is within gamma_k (|A||B|)_ij of the exact product (Higham, Accuracy and
 * Stability of Numerical Algorithms, 3.5). Both register tiles run whatever the machine (the one it
 * would not pick runs slower, not differently): sizes that are whole tiles, one short of and one past a
 * tile, tiny and rectangular, so that every edge tile and panel remainder is exercised; m above 8 tile
 * heights, k above the kernel's 256 and n above its 2048 columns cross its cache blocks.
 */
class DgemmTest {
    private static final double U = 0x1.0p-53;

    static double[] fmaChain(int m, int n, int k, double[] a, double[] b, double[] c) {
        double[] out = c.clone();
        for (int i = 0; i < m; i++) {
            for (int p = 0; p < k; p++) {
                double aip = a[i * k + p];
                for (int j = 0; j < n; j++) {
                    out[i * n + j] = Math.fma(aip, b[p * n + j], out[i * n + j]);
                }
            }
        }
        return out;
    }

    static double[] naive(int m, int n, int k, double[] a, double[] b) {
        double[] out = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[i * k + p] * b[p * n + j];
                }
                out[i * n + j] = s;
            }
        }
        return out;
    }

    static double[] absProduct(int m, int n, int k, double[] a, double[] b) {
        double[] out = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int p = 0; p < k; p++) {
                double aip = Math.abs(a[i * k + p]);
                for (int j = 0; j < n; j++) {
                    out[i * n + j] += aip * Math.abs(b[p * n + j]);
                }
            }
        }
        return out;
    }

    static Stream<Arguments> tilesAndSizes() {
        int[][] sizes = {{1, 1, 1}, {2, 1, 3}, {3, 5, 7}, {4, 8, 1}, {6, 8, 5}, {8, 24, 5}, {16, 48, 33}, {7, 23, 2},
            {9, 25, 3}, {5, 7, 4}, {17, 13, 9}, {33, 41, 300}, {65, 49, 10}, {130, 67, 257}, {200, 3, 40}, {3, 200, 40},
            {5, 2061, 3}, {97, 9, 520}};
        return Arrays.stream(Dgemm.Tile.values())
                .flatMap(tile -> Arrays.stream(sizes).map(s -> Arguments.of(tile, s[0], s[1], s[2])));
    }

    @ParameterizedTest(name = "{0} tile: {1}x{3} times {3}x{2}")
    @MethodSource("tilesAndSizes")
    void sameBitsAsTheFmaChainAndWithinTheBoundOfTheNaiveLoop(Dgemm.Tile tile, int m, int n, int k) {
        double[] a = DenseMatrix.random(m, k, 11).data, b = DenseMatrix.random(k, n, 12).data;
        double[] c0 = DenseMatrix.random(m, n, 13).data;
        double[] c = c0.clone();
        new Dgemm(tile).multiplyAdd(m, n, k, a, 0, k, b, 0, n, c, 0, n);
        double[] expected = fmaChain(m, n, k, a, b, c0);
        for (int i = 0; i < c.length; i++) {
            assertTrue(Double.doubleToRawLongBits(c[i]) == Double.doubleToRawLongBits(expected[i]),
                    "element " + i + ": " + c[i] + " != fma chain " + expected[i]);
        }
        double[] product = new double[m * n];
        new Dgemm(tile).multiplyAdd(m, n, k, a, 0, k, b, 0, n, product, 0, n);
        double[] reference = naive(m, n, k, a, b), abs = absProduct(m, n, k, a, b);
        double gamma = k * U / (1 - k * U);
        for (int i = 0; i < product.length; i++) {
            double bound = 2 * gamma * abs[i];
            assertTrue(Math.abs(product[i] - reference[i]) <= bound, "element " + i + ": |" + product[i] + " - "
                    + reference[i] + "| > " + bound);
        }
    }

    @Test
    void kPanelsAccumulatedInOrderGiveTheBitsOfOneCall() {
        int m = 21, n = 19, k = 600;
        double[] a = DenseMatrix.random(m, k, 1).data, b = DenseMatrix.random(k, n, 2).data;
        double[] whole = new double[m * n], split = new double[m * n];
        Dgemm kernel = new Dgemm();
        kernel.multiplyAdd(m, n, k, a, 0, k, b, 0, n, whole, 0, n);
        for (int p0 = 0; p0 < k; p0 += 40) {
            kernel.multiplyAdd(m, n, 40, a, p0, k, b, p0 * n, n, split, 0, n);
        }
        assertTrue(new DenseMatrix(m, n, whole).sameBits(new DenseMatrix(m, n, split)));
    }

    @Test
    void submatricesWithLeadingDimensionsAndOffsets() {
        DenseMatrix a = DenseMatrix.random(40, 50, 3), b = DenseMatrix.random(50, 60, 4);
        int m = 13, n = 22, k = 17;
        double[] c = new double[30 * 70];
        new Dgemm().multiplyAdd(m, n, k, a.data, 5 * 50 + 7, 50, b.data, 2 * 60 + 3, 60, c, 4 * 70 + 9, 70);
        for (int i = 0; i < 30; i++) {
            for (int j = 0; j < 70; j++) {
                double expected = 0;
                if (i >= 4 && i < 4 + m && j >= 9 && j < 9 + n) {
                    for (int p = 0; p < k; p++) {
                        expected = Math.fma(a.get(5 + i - 4, 7 + p), b.get(2 + p, 3 + j - 9), expected);
                    }
                }
                assertTrue(c[i * 70 + j] == expected, "(" + i + "," + j + "): " + c[i * 70 + j] + " != " + expected);
            }
        }
    }
}
