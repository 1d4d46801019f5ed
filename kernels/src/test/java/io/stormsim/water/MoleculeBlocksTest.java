package io.stormsim.water;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MoleculeBlocksTest {

    @Test
    void everyPairOnceAndInsideItsRowsBlockWindow() {
        for (int n : new int[]{1, 2, 8, 27, 64, 125, 216, 512, 1000}) {
            MoleculeBlocks layout = new MoleculeBlocks(n);
            int[][] seen = new int[n][n];
            for (int b = 0; b < layout.blocks; b++) {
                int start = layout.blockStart(b);
                for (int i = start; i < layout.blockStart(b + 1); i++) {
                    for (int j = i + 1; j <= i + layout.partners(i); j++) {
                        assertTrue(j - start < layout.windowLength(b), "n " + n + " pair " + i + "," + j);
                        int c = j % n;
                        seen[Math.min(i, c)][Math.max(i, c)]++;
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    assertEquals(1, seen[i][j], "n " + n + " pair " + i + "," + j);
                }
                assertEquals(0, seen[i][i], "n " + n + " self pair " + i);
            }
            assertEquals(n, layout.blockStart(layout.blocks));
        }
    }

    @Test
    void piecesAreTreeNodesTilingEachPartitionsBlocks() {
        MoleculeBlocks layout = new MoleculeBlocks(4096);
        for (int partitions = 1; partitions <= layout.blocks; partitions++) {
            int next = 0;
            for (int p = 0; p < partitions; p++) {
                int[] pieces = layout.pieces(p, partitions);
                assertTrue(pieces.length / 2 <= 2 * 7, partitions + " partitions: " + pieces.length / 2 + " pieces");
                for (int k = 0; k < pieces.length; k += 2) {
                    assertEquals(next, pieces[k], "pieces in block order without gaps");
                    assertTrue(isTreeNode(0, layout.blocks, pieces[k], pieces[k + 1]), pieces[k] + ".." + pieces[k + 1]);
                    next = pieces[k + 1];
                }
                assertEquals(layout.partitionStart(p + 1, partitions), layout.blockStart(next));
            }
            assertEquals(layout.blocks, next);
        }
        assertEquals(1, layout.pieces(0, 1).length / 2, "one partition sums the root");
    }

    private static boolean isTreeNode(int lo, int hi, int a, int b) {
        if (lo == a && hi == b) {
            return true;
        }
        int mid = (lo + hi) >>> 1;
        return hi - lo > 1 && (b <= mid ? isTreeNode(lo, mid, a, b) : a >= mid && isTreeNode(mid, hi, a, b));
    }

    @Test
    void overlapOfACyclicRangeWithMolecules() {
        MoleculeBlocks layout = new MoleculeBlocks(100);
        int[] out = new int[9];
        for (int start = 0; start < 100; start += 7) {
            for (int length = 1; length <= 100; length += 9) {
                for (int from = 0; from < 100; from += 13) {
                    int to = Math.min(100, from + 17);
                    int segments = layout.overlap(start, length, from, to, out);
                    boolean[] covered = new boolean[100];
                    for (int s = 0; s < segments; s++) {
                        for (int k = 0; k < out[3 * s + 2]; k++) {
                            int m = out[3 * s + 1] + k;
                            assertEquals(m, (start + out[3 * s] + k) % 100, "offset of molecule " + m);
                            covered[m] = true;
                        }
                    }
                    for (int m = 0; m < 100; m++) {
                        boolean inRange = ((m - start + 100) % 100) < length;
                        assertEquals(inRange && m >= from && m < to, covered[m], "molecule " + m);
                    }
                }
            }
        }
    }
}
