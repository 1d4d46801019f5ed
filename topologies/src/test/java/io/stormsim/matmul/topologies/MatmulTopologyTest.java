package io.stormsim.matmul.topologies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.Dgemm;
import io.stormsim.matmul.MatrixMarket;
import io.stormsim.matmul.bolts.ResultBolt;
import io.stormsim.topologies.LocalClusterTest;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.StreamRecorder;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The matrix multiply YAML on an embedded LocalCluster, Kryo forced on every tuple, several jobs in
 * flight: each job's C is the bits of the sequential kernel on the whole matrices, on a 1x1 and a 2x2
 * grid, with generated inputs and with Matrix Market files.
 */
public class MatmulTopologyTest extends LocalClusterTest {
    public static final Path MATMUL_YAML = YAML.resolveSibling("matmul.yaml");
    private static final int N = 96, BLOCK = 16, JOBS = 5;
    private static final long SEED = 3;

    /** Its live stream on a free port, unwatched: the job messages go through Kryo to the publisher. */
    static Map<String, String> settings(int rows, int cols, Path outputDir) throws IOException {
        Map<String, String> m = new HashMap<>();
        m.put("n", String.valueOf(N));
        m.put("block", String.valueOf(BLOCK));
        m.put("grid.rows", String.valueOf(rows));
        m.put("grid.cols", String.valueOf(cols));
        m.put("partitions", String.valueOf(rows * cols));
        m.put("seed", String.valueOf(SEED));
        m.put("jobs", String.valueOf(JOBS));
        m.put("jobs.in.flight", "3");
        m.put("output.dir", outputDir.toString());
        m.put("always.try.serialize", "true");
        m.put("stream.bind", StreamRecorder.freeEndpoint());
        return m;
    }

    private static DenseMatrix sequential(DenseMatrix a, DenseMatrix b) {
        DenseMatrix c = DenseMatrix.zeros(N, N);
        new Dgemm().multiplyAdd(a, b, c);
        return c;
    }

    /** 1x1 writes C (assembled, then hashed); 2x2 does not (C hashed from the gathered blocks). */
    @Test
    void everyJobIsTheSequentialKernelsBitsOnEveryGrid() throws Exception {
        DenseMatrix a = DenseMatrix.random(N, N, SEED);
        for (int[] grid : new int[][] {{1, 1}, {2, 2}}) {
            Path dir = out.resolve("grid" + grid[0] + "x" + grid[1]);
            boolean writeC = grid[0] == 1;
            Map<String, String> m = settings(grid[0], grid[1], dir);
            m.put("write.c", String.valueOf(writeC));
            LocalRun.run(cluster, TopologyFile.load(MATMUL_YAML, null, m, false), Duration.ofMinutes(3));
            List<String> rows = Files.readAllLines(dir.resolve(ResultBolt.JOBS_CSV));
            assertEquals(JOBS + 1, rows.size(), "a header and one row per job: " + rows);
            for (String row : rows.subList(1, rows.size())) {
                String[] f = row.split(",");
                int job = Integer.parseInt(f[0]);
                DenseMatrix expected = sequential(a, DenseMatrix.random(N, N, SEED + 1 + job));
                if (writeC) {
                    DenseMatrix c = MatrixMarket.read(dir.resolve(ResultBolt.cFile(job)));
                    assertTrue(expected.sameBits(c), "grid " + grid[0] + "x" + grid[1] + ", job " + job);
                }
                assertEquals(Long.toHexString(expected.bitsHash()), f[3], "the hash of C's bits: " + row);
                assertEquals(7, f.length, "job, try, latency, hash and the three phases' CPU time: " + row);
                assertTrue(Double.parseDouble(f[5]) > 0, "the multiply phase's CPU time of a job: " + row);
            }
            assertTrue(Files.readString(dir.resolve(ResultBolt.SUMMARY)).contains("grid = " + grid[0] + "x" + grid[1]));
        }
    }

    @Test
    void matricesFromMatrixMarketFiles() throws Exception {
        DenseMatrix a = DenseMatrix.random(N, N, 100), b = DenseMatrix.random(N, N, 200);
        Path aFile = out.resolve("a.mtx"), bFile = out.resolve("b.mtx");
        MatrixMarket.write(aFile, a);
        MatrixMarket.write(bFile, b);
        Path dir = out.resolve("files");
        Map<String, String> m = settings(2, 3, dir);
        m.put("a.file", aFile.toString());
        m.put("b.file", bFile.toString());
        m.put("jobs", "2");
        LocalRun.run(cluster, TopologyFile.load(MATMUL_YAML, null, m, false), Duration.ofMinutes(3));
        DenseMatrix expected = sequential(a, b);
        assertTrue(expected.sameBits(MatrixMarket.read(dir.resolve(ResultBolt.cFile(0)))));
        assertTrue(expected.sameBits(MatrixMarket.read(dir.resolve(ResultBolt.cFile(1)))));
    }
}
