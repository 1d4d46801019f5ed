package io.stormsim.matmul;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * SUMMA (van de Geijn and Watts) for C = A B, n x n, on a grid of gridRows x gridCols tasks, with a
 * block-cyclic layout of bs x bs blocks: block (I, J) of A, B and C belongs to task
 * {@code (I mod gridRows) * gridCols + (J mod gridCols)}. Storm-free: each method is the work of one
 * task in one phase, so the topology's bolts and the tests run the same code.
 *
 * <p>Phases of one job:
 * <ol>
 * <li><b>broadcast</b>: SUMMA's step K broadcasts block column K of A along the grid rows and block
 * row K of B along the grid columns. All nb = n / bs steps are sent in one exchange: task (r, c) sends
 * its A blocks to every task of grid row r and its B blocks to every task of grid column c.</li>
 * <li><b>multiply</b>: task (r, c) now holds block rows I = r (mod gridRows) of A and block columns
 * J = c (mod gridCols) of B, all K; it does SUMMA's nb rank-bs updates of its C blocks in K order,
 * as one {@link Dgemm} call over the assembled panels (which performs exactly those updates, in that
 * order, element by element).</li>
 * <li><b>gather</b>: the C blocks go to one task, which assembles C.</li>
 * </ol>
 *
 * <p><b>Same bits at any grid.</b> Each element of C is the chain of fused multiply-adds over k = 0..n-1
 * in order (see {@link Dgemm}), whatever the task that computes it and whatever the panel it is in, so
 * the result is the bits of {@code Dgemm} on the whole matrices for every grid and block size.
 */
public record Summa(int n, int bs, int gridRows, int gridCols) {
    public Summa {
        if (n < 1 || bs < 1 || n % bs != 0) {
            throw new IllegalArgumentException("block size " + bs + " must divide n = " + n);
        }
        if (gridRows < 1 || gridCols < 1 || gridRows > n / bs || gridCols > n / bs) {
            throw new IllegalArgumentException("grid " + gridRows + "x" + gridCols + " must be within 1.." + n / bs
                    + " in each dimension (n / block size blocks)");
        }
    }

    public int blocks() {
        return n / bs;
    }

    public int tasks() {
        return gridRows * gridCols;
    }

    public int gridRow(int task) {
        return task / gridCols;
    }

    public int gridCol(int task) {
        return task % gridCols;
    }

    /** Block rows (or columns) i0, i0 + step, ... below nb: a task's share in one dimension. */
    private int[] cyclic(int first, int step) {
        int count = first < blocks() ? (blocks() - 1 - first) / step + 1 : 0;
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = first + k * step;
        }
        return out;
    }

    /** Block rows this task owns. */
    public int[] ownRows(int task) {
        return cyclic(gridRow(task), gridRows);
    }

    /** Block columns this task owns. */
    public int[] ownCols(int task) {
        return cyclic(gridCol(task), gridCols);
    }

    /** The coordinates of the blocks this task owns of any of A, B, C, in row-major block order. */
    public BlockSet ownedBlocks(int task, BlockSource source) {
        int[] rows = ownRows(task), cols = ownCols(task);
        int count = rows.length * cols.length, size = bs * bs;
        int[] br = new int[count], bc = new int[count];
        double[] data = new double[count * size];
        int b = 0;
        for (int i : rows) {
            for (int j : cols) {
                br[b] = i;
                bc[b] = j;
                source.fill(i, j, data, b * size);
                b++;
            }
        }
        return new BlockSet(bs, br, bc, data);
    }

    /** Writes block (i, j) of a matrix, bs x bs row-major, at {@code offset} of {@code out}. */
    @FunctionalInterface
    public interface BlockSource {
        void fill(int i, int j, double[] out, int offset);

        static BlockSource of(DenseMatrix m, int bs) {
            return (i, j, out, offset) -> System.arraycopy(m.block(i, j, bs), 0, out, offset, bs * bs);
        }

        /** The blocks of {@link DenseMatrix#random}, generated alone. */
        static BlockSource random(long seed, int n, int bs) {
            return (i, j, out, offset) -> {
                for (int r = 0; r < bs; r++) {
                    for (int c = 0; c < bs; c++) {
                        out[offset + r * bs + c] = DenseMatrix.randomValue(seed, n, i * bs + r, j * bs + c);
                    }
                }
            };
        }
    }

    /** Broadcast phase: what task {@code from} sends of its A blocks to {@code to} (empty unless same grid row). */
    public BlockSet sendA(int from, int to, BlockSet ownA) {
        return gridRow(from) == gridRow(to) ? ownA : BlockSet.empty(bs);
    }

    /** Broadcast phase: what task {@code from} sends of its B blocks to {@code to} (empty unless same grid column). */
    public BlockSet sendB(int from, int to, BlockSet ownB) {
        return gridCol(from) == gridCol(to) ? ownB : BlockSet.empty(bs);
    }

    /**
     * Multiply phase of {@code task}: its C blocks from the A blocks of its grid row and the B blocks of
     * its grid column (as received, any order: blocks are placed by their coordinates), in the task's
     * {@code panels}.
     */
    public BlockSet multiply(int task, List<BlockSet> aReceived, List<BlockSet> bReceived, Dgemm kernel,
            Panels panels) {
        int[] rows = ownRows(task), cols = ownCols(task);
        int m = rows.length * bs, w = cols.length * bs;
        double[] aPanel = panels.a(m * n);
        double[] bPanel = panels.b(n * w);
        int[] rowSlot = slots(rows), colSlot = slots(cols);
        int aBlocks = 0, bBlocks = 0;
        for (BlockSet s : aReceived) {
            for (int b = 0; b < s.size(); b++, aBlocks++) {
                place(s, b, aPanel, n, rowSlot[s.blockRow[b]] * bs, s.blockCol[b] * bs);
            }
        }
        for (BlockSet s : bReceived) {
            for (int b = 0; b < s.size(); b++, bBlocks++) {
                place(s, b, bPanel, w, s.blockRow[b] * bs, colSlot[s.blockCol[b]] * bs);
            }
        }
        // each block placed once (coordinates are distinct in what the broadcast sends), so the counts
        // say every element of both panels was overwritten
        if (aBlocks != rows.length * blocks() || bBlocks != cols.length * blocks()) {
            throw new IllegalStateException("task " + task + " received " + aBlocks + " A blocks and " + bBlocks
                    + " B blocks, expected " + rows.length * blocks() + " and " + cols.length * blocks());
        }
        double[] cPanel = panels.zeroC(m * w);
        kernel.multiplyAdd(m, w, n, aPanel, 0, n, bPanel, 0, w, cPanel, 0, w);
        int count = rows.length * cols.length, size = bs * bs;
        int[] br = new int[count], bc = new int[count];
        double[] data = new double[count * size];
        int b = 0;
        for (int ri = 0; ri < rows.length; ri++) {
            for (int ci = 0; ci < cols.length; ci++, b++) {
                br[b] = rows[ri];
                bc[b] = cols[ci];
                for (int r = 0; r < bs; r++) {
                    System.arraycopy(cPanel, (ri * bs + r) * w + ci * bs, data, b * size + r * bs, bs);
                }
            }
        }
        return new BlockSet(bs, br, bc, data);
    }

    /** Gather phase: C from every task's C blocks. */
    public DenseMatrix assemble(List<BlockSet> cBlocks) {
        DenseMatrix c = DenseMatrix.zeros(n, n);
        int blocks = 0;
        for (BlockSet s : cBlocks) {
            s.copyInto(c);
            blocks += s.size();
        }
        if (blocks != blocks() * blocks()) {
            throw new IllegalStateException("gathered " + blocks + " C blocks, expected " + blocks() * blocks());
        }
        return c;
    }

    /**
     * Gather phase without assembling C: {@code assemble(cBlocks).bitsHash()}, read row by row from the
     * blocks where they are (no n x n copy: the result task's cost when C is not written).
     */
    public long bitsHash(List<BlockSet> cBlocks) {
        int nb = blocks();
        BlockSet[] set = new BlockSet[nb * nb];
        int[] index = new int[nb * nb];
        int count = 0;
        for (BlockSet s : cBlocks) {
            for (int b = 0; b < s.size(); b++, count++) {
                set[s.blockRow[b] * nb + s.blockCol[b]] = s;
                index[s.blockRow[b] * nb + s.blockCol[b]] = b;
            }
        }
        if (count != nb * nb || Arrays.asList(set).contains(null)) {
            throw new IllegalStateException("gathered " + count + " C blocks, expected each of " + nb * nb + " once");
        }
        long h = DenseMatrix.hashShape(n, n);
        for (int i = 0; i < n; i++) {
            for (int bj = 0; bj < nb; bj++) {
                int k = (i / bs) * nb + bj;
                int from = (index[k] * bs + i % bs) * bs;
                h = DenseMatrix.hashValues(h, set[k].data, from, from + bs);
            }
        }
        return h;
    }

    /** Bytes of matrix values one job moves in each phase, counting only messages between different tasks. */
    public record Traffic(long broadcastBytes, long gatherBytes) {
    }

    /**
     * A's blocks of grid row r go to the gridCols - 1 other tasks of the row, B's to the gridRows - 1
     * other tasks of the column: 8 n^2 (gridCols - 1 + gridRows - 1) bytes; the gather moves the C
     * blocks of every task but the gathering one's (counted as all of C: the gathering bolt is a task of
     * its own).
     */
    public Traffic traffic() {
        long matrix = 8L * n * n;
        return new Traffic(matrix * (gridCols - 1) + matrix * (gridRows - 1), matrix);
    }

    private int[] slots(int[] own) {
        int[] slot = new int[blocks()];
        Arrays.fill(slot, -1);
        for (int k = 0; k < own.length; k++) {
            slot[own[k]] = k;
        }
        return slot;
    }

    private static void place(BlockSet s, int b, double[] panel, int ld, int row0, int col0) {
        int size = s.bs * s.bs;
        for (int r = 0; r < s.bs; r++) {
            System.arraycopy(s.data, b * size + r * s.bs, panel, (row0 + r) * ld + col0, s.bs);
        }
    }

    /** Runs every phase of every task in one thread: the distributed algorithm without Storm. */
    public DenseMatrix multiplyTaskByTask(BlockSource a, BlockSource b, Dgemm kernel) {
        IntFunction<BlockSet> ownA = t -> ownedBlocks(t, a), ownB = t -> ownedBlocks(t, b);
        List<BlockSet> as = IntStream.range(0, tasks()).mapToObj(ownA).toList();
        List<BlockSet> bsets = IntStream.range(0, tasks()).mapToObj(ownB).toList();
        List<BlockSet> cs = new ArrayList<>();
        for (int t = 0; t < tasks(); t++) {
            int to = t;
            List<BlockSet> aIn = IntStream.range(0, tasks()).mapToObj(f -> sendA(f, to, as.get(f))).toList();
            List<BlockSet> bIn = IntStream.range(0, tasks()).mapToObj(f -> sendB(f, to, bsets.get(f))).toList();
            cs.add(multiply(t, aIn, bIn, kernel, new Panels()));
        }
        return assemble(cs);
    }
}
