package io.stormsim.fft;

/**
 * A rows x cols block of complex numbers, row-major, real and imaginary parts in two flat arrays.
 *
 * <p>Split rather than interleaved: the row FFT's butterflies and the transposes then work on plain
 * double arrays with unit stride (no lane shuffles for SIMD, half the data per cache line touched when
 * only one part is read), and a block goes over the wire as two primitive arrays. Interleaved data
 * (JTransforms' layout, the file format) is converted only at the edges.
 */
public final class ComplexBlock {
    public final int rows;
    public final int cols;
    public final double[] re;
    public final double[] im;

    public ComplexBlock(int rows, int cols, double[] re, double[] im) {
        long size = (long) rows * cols;
        if (rows < 0 || cols < 0 || re.length != size || im.length != size) {
            throw new IllegalArgumentException("block " + rows + " x " + cols + " needs arrays of " + size
                    + " values, got " + re.length + " and " + im.length);
        }
        this.rows = rows;
        this.cols = cols;
        this.re = re;
        this.im = im;
    }

    public static ComplexBlock zeros(int rows, int cols) {
        return new ComplexBlock(rows, cols, new double[rows * cols], new double[rows * cols]);
    }

    /** The columns {@code from .. to-1} of this block, as a new rows x (to - from) block. */
    public ComplexBlock columns(int from, int to) {
        ComplexBlock c = zeros(rows, to - from);
        for (int r = 0; r < rows; r++) {
            System.arraycopy(re, r * cols + from, c.re, r * c.cols, c.cols);
            System.arraycopy(im, r * cols + from, c.im, r * c.cols, c.cols);
        }
        return c;
    }

    /** Copies {@code block} into this block with its top-left corner at (0, {@code col}); rows must match. */
    public void place(ComplexBlock block, int col) {
        if (block.rows != rows || col + block.cols > cols) {
            throw new IllegalArgumentException("a " + block.rows + " x " + block.cols + " block does not fit a "
                    + rows + " x " + cols + " block at column " + col);
        }
        for (int r = 0; r < rows; r++) {
            System.arraycopy(block.re, r * block.cols, re, r * cols + col, block.cols);
            System.arraycopy(block.im, r * block.cols, im, r * cols + col, block.cols);
        }
    }

    /** The blocks, all with the same number of rows, side by side in list order (transposed stripes joined). */
    public static ComplexBlock sideBySide(java.util.List<ComplexBlock> blocks) {
        int rows = blocks.get(0).rows;
        int cols = blocks.stream().mapToInt(b -> b.cols).sum();
        ComplexBlock joined = zeros(rows, cols);
        int col = 0;
        for (ComplexBlock b : blocks) {
            joined.place(b, col);
            col += b.cols;
        }
        return joined;
    }

    /** Rows {@code from .. to-1} as a new block. */
    public ComplexBlock rowRange(int from, int to) {
        return new ComplexBlock(to - from, cols, java.util.Arrays.copyOfRange(re, from * cols, to * cols),
                java.util.Arrays.copyOfRange(im, from * cols, to * cols));
    }
}
