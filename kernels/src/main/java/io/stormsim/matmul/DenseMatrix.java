package io.stormsim.matmul;

import java.util.Arrays;

/** A dense double matrix, row-major in one flat array: element (i, j) is {@code data[i * cols + j]}. */
public final class DenseMatrix {
    public final int rows;
    public final int cols;
    public final double[] data;

    public DenseMatrix(int rows, int cols, double[] data) {
        if (rows < 0 || cols < 0 || data.length != (long) rows * cols) {
            throw new IllegalArgumentException(rows + "x" + cols + " matrix needs " + (long) rows * cols
                    + " values, got " + data.length);
        }
        this.rows = rows;
        this.cols = cols;
        this.data = data;
    }

    public static DenseMatrix zeros(int rows, int cols) {
        return new DenseMatrix(rows, cols, new double[Math.multiplyExact(rows, cols)]);
    }

    /**
     * Uniform values in [-1, 1) from {@code seed}: element (i, j) is a function of (seed, i, j, cols)
     * only, so any block can be generated alone and equals the same block of the whole matrix.
     */
    public static double randomValue(long seed, int cols, int i, int j) {
        long z = seed * 0x9E3779B97F4A7C15L + ((long) i * cols + j) + 1;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-52 - 1.0;
    }

    public static DenseMatrix random(int rows, int cols, long seed) {
        DenseMatrix m = zeros(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m.data[i * cols + j] = randomValue(seed, cols, i, j);
            }
        }
        return m;
    }

    public double get(int i, int j) {
        return data[i * cols + j];
    }

    /** A copy of the bs x bs block (bi, bj), row-major. */
    public double[] block(int bi, int bj, int bs) {
        double[] out = new double[bs * bs];
        for (int r = 0; r < bs; r++) {
            System.arraycopy(data, (bi * bs + r) * cols + bj * bs, out, r * bs, bs);
        }
        return out;
    }

    /** Writes a bs x bs row-major block at block position (bi, bj). */
    public void setBlock(int bi, int bj, int bs, double[] block, int offset) {
        for (int r = 0; r < bs; r++) {
            System.arraycopy(block, offset + r * bs, data, (bi * bs + r) * cols + bj * bs, bs);
        }
    }

    /** Same shape and the same bits in every element (NaN payloads and signed zeros included). */
    public boolean sameBits(DenseMatrix o) {
        if (rows != o.rows || cols != o.cols) {
            return false;
        }
        for (int i = 0; i < data.length; i++) {
            if (Double.doubleToRawLongBits(data[i]) != Double.doubleToRawLongBits(o.data[i])) {
                return false;
            }
        }
        return true;
    }

    /** A 64-bit FNV-1a hash of the shape and every element's bits: equal matrices, equal hashes. */
    public long bitsHash() {
        return hashValues(hashShape(rows, cols), data, 0, data.length);
    }

    /** {@link #bitsHash} of a rows x cols matrix before its elements. */
    static long hashShape(int rows, int cols) {
        long h = 0xcbf29ce484222325L;
        h = (h ^ rows) * 0x100000001b3L;
        return (h ^ cols) * 0x100000001b3L;
    }

    /** {@code h} continued with the elements {@code values[from, to)}, in order. */
    static long hashValues(long h, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            h = (h ^ Double.doubleToRawLongBits(values[i])) * 0x100000001b3L;
        }
        return h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DenseMatrix m && rows == m.rows && cols == m.cols && Arrays.equals(data, m.data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * rows + cols) + Arrays.hashCode(data);
    }
}
