package io.stormsim.fft;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A rows x cols block of complex numbers, row-major, real and imaginary parts in two flat arrays.
 *
 * <p>Split rather than interleaved: the row FFT's butterflies and the transposes then work on plain
 * double arrays with unit stride (no lane shuffles for SIMD, half the data per cache line touched when
 * only one part is read), and a block goes over the wire as two primitive arrays. Interleaved data
 * (JTransforms' layout, the file format) is converted only at the edges.
 *
 * <p>A block that a producer reuses (overwrites for every step) carries a stamp, seqlock style: the step
 * its values belong to, or {@link #BEING_WRITTEN}. The producer calls {@link #startWrite} before its first
 * write for a new step and {@link #publish} after its last; a reader checks {@link #stamp} before and after
 * reading the values ({@link StampCheck}), as a StampedLock optimistic read validates. Both stamps naming the
 * reader's step mean no write for another step touched the values in between: no lock, two fences a block.
 */
public final class ComplexBlock {
    /** The stamp while a producer overwrites the values: no step has this number (steps are positive). */
    public static final long BEING_WRITTEN = -1;
    private static final VarHandle STAMP;

    static {
        try {
            STAMP = MethodHandles.lookup().findVarHandle(ComplexBlock.class, "stamp", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public final int rows;
    public final int cols;
    public final double[] re;
    public final double[] im;
    /** Accessed through {@link #STAMP} only; 0, no step, until published. */
    @SuppressWarnings("unused")
    private long stamp;

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

    /** Marks the values as being overwritten; before the producer's first write of them for a new step. */
    public void startWrite() {
        STAMP.setOpaque(this, BEING_WRITTEN);
        // the mark must be visible before any new value: a reader who sees a new value then sees the mark
        VarHandle.releaseFence();
    }

    /** Publishes the values as those of {@code step}; after the producer's last write of them. */
    public void publish(long step) {
        STAMP.setRelease(this, step);
    }

    /**
     * The step whose values the block holds, or {@link #BEING_WRITTEN}. Read behind an acquire fence, so the
     * reads of values before it are done before the stamp is read (a check after reading), and with acquire,
     * so the reads after it see the values published with it (a check before).
     */
    public long stamp() {
        VarHandle.acquireFence();
        return (long) STAMP.getAcquire(this);
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
