package io.stormsim.matmul;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SUMMA run task by task in one thread: the whole-matrix kernel's bits at every grid and block size. */
class SummaTest {
    @ParameterizedTest(name = "n {0}, block {1}, grid {2}x{3}")
    @CsvSource({"48,8,1,1", "48,8,2,2", "48,8,2,3", "48,16,3,1", "45,9,5,5", "40,40,1,1", "36,4,4,2"})
    void bitsOfTheSequentialKernelAtEveryGrid(int n, int bs, int rows, int cols) {
        DenseMatrix a = DenseMatrix.random(n, n, 5), b = DenseMatrix.random(n, n, 6);
        DenseMatrix expected = DenseMatrix.zeros(n, n);
        new Dgemm().multiplyAdd(a, b, expected);
        Summa summa = new Summa(n, bs, rows, cols);
        DenseMatrix fromFiles = summa.multiplyTaskByTask(Summa.BlockSource.of(a, bs), Summa.BlockSource.of(b, bs),
                new Dgemm());
        DenseMatrix generated = summa.multiplyTaskByTask(Summa.BlockSource.random(5, n, bs),
                Summa.BlockSource.random(6, n, bs), new Dgemm());
        assertTrue(expected.sameBits(fromFiles), "grid " + rows + "x" + cols);
        assertTrue(expected.sameBits(generated), "blocks generated alone");
    }

    @Test
    void panelsReusedJobAfterJobKeepNothingOfTheLastJob() {
        int n = 48, bs = 8;
        Summa summa = new Summa(n, bs, 2, 2);
        Summa.BlockSource a = Summa.BlockSource.random(5, n, bs);
        Dgemm kernel = new Dgemm();
        Panels panels = new Panels();
        int task = 3;
        for (long bSeed : new long[] {6, 7}) {
            Summa.BlockSource b = Summa.BlockSource.random(bSeed, n, bs);
            List<BlockSet> aIn = IntStream.range(0, summa.tasks())
                    .mapToObj(f -> summa.sendA(f, task, summa.ownedBlocks(f, a))).toList();
            List<BlockSet> bIn = IntStream.range(0, summa.tasks())
                    .mapToObj(f -> summa.sendB(f, task, summa.ownedBlocks(f, b))).toList();
            BlockSet c = summa.multiply(task, aIn, bIn, kernel, panels);
            DenseMatrix expected = DenseMatrix.zeros(n, n);
            new Dgemm().multiplyAdd(DenseMatrix.random(n, n, 5), DenseMatrix.random(n, n, bSeed), expected);
            assertEquals(summa.ownRows(task).length * summa.ownCols(task).length, c.size());
            for (int k = 0; k < c.size(); k++) {
                double[] block = Arrays.copyOfRange(c.data, k * bs * bs, (k + 1) * bs * bs);
                double[] want = expected.block(c.blockRow[k], c.blockCol[k], bs);
                assertTrue(new DenseMatrix(bs, bs, want).sameBits(new DenseMatrix(bs, bs, block)),
                        "B seed " + bSeed + ", block " + c.blockRow[k] + "," + c.blockCol[k]);
            }
        }
    }

    @Test
    void hashOfTheGatheredBlocksIsTheHashOfAssembledC() {
        Summa summa = new Summa(45, 9, 2, 3);
        List<BlockSet> cs = IntStream.range(0, summa.tasks())
                .mapToObj(t -> summa.ownedBlocks(t, Summa.BlockSource.random(8, 45, 9))).toList();
        assertEquals(summa.assemble(cs).bitsHash(), summa.bitsHash(cs));
        assertEquals(DenseMatrix.random(45, 45, 8).bitsHash(), summa.bitsHash(cs));
        assertThrows(IllegalStateException.class, () -> summa.bitsHash(cs.subList(1, cs.size())));
    }

    @Test
    void everyBlockIsOwnedOnceAndTrafficIsWhatTheBroadcastSends() {
        Summa summa = new Summa(60, 6, 3, 2);
        long broadcast = 0;
        int owned = 0;
        for (int from = 0; from < summa.tasks(); from++) {
            BlockSet own = summa.ownedBlocks(from, Summa.BlockSource.random(1, 60, 6));
            owned += own.size();
            for (int to = 0; to < summa.tasks(); to++) {
                if (to != from) {
                    broadcast += summa.sendA(from, to, own).valueBytes() + summa.sendB(from, to, own).valueBytes();
                }
            }
        }
        assertEquals(100, owned);
        assertEquals(summa.traffic().broadcastBytes(), broadcast);
        assertEquals(8L * 60 * 60 * (2 - 1 + 3 - 1), broadcast);
    }

    @Test
    void badShapesAreRejectedWithWhatIsAllowed() {
        assertEquals("block size 7 must divide n = 48",
                assertThrows(IllegalArgumentException.class, () -> new Summa(48, 7, 1, 1)).getMessage());
        assertEquals("grid 7x1 must be within 1..6 in each dimension (n / block size blocks)",
                assertThrows(IllegalArgumentException.class, () -> new Summa(48, 8, 7, 1)).getMessage());
    }
}
