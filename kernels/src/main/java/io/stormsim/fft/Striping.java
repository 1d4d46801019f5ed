package io.stormsim.fft;

/**
 * Rows of a matrix dealt to partitions in contiguous ranges as equal as possible: partition p of P owns
 * rows [p*rows/P, (p+1)*rows/P). The six-step phases stripe their current matrix this way, so the block
 * partition p sends partition q at a transpose is p's rows by q's columns of the transposed matrix.
 */
public final class Striping {
    private Striping() {
    }

    public static int first(int rows, int partitions, int p) {
        return (int) ((long) p * rows / partitions);
    }

    public static int end(int rows, int partitions, int p) {
        return first(rows, partitions, p + 1);
    }

    public static int count(int rows, int partitions, int p) {
        return end(rows, partitions, p) - first(rows, partitions, p);
    }

    /**
     * Bytes one transpose of a striped rows x cols complex matrix moves between different partitions
     * (16 per point; the blocks a partition keeps are not counted).
     */
    public static long bytesBetweenPartitions(int rows, int cols, int partitions) {
        long kept = 0;
        for (int p = 0; p < partitions; p++) {
            kept += (long) count(rows, partitions, p) * count(cols, partitions, p);
        }
        return ((long) rows * cols - kept) * ComplexFile.BYTES_PER_POINT;
    }
}
