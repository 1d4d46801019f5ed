package io.stormsim.matmul.bolts;

import static io.stormsim.run.ConfigValues.booleanValue;
import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.MatrixMarket;
import io.stormsim.matmul.Summa;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The matrix multiply settings of a topology ({@code stormsim.matmul.*} keys in the Flux YAML): C = A B
 * with n x n matrices cut into block x block blocks over a grid.rows x grid.cols grid of tasks, a stream
 * of {@code jobs} jobs (0: without end). A is read from a.file, or generated from seed; job j's B is read
 * from b.file (the same for every job), or generated from seed + 1 + j; the live stream's settings ({@link
 * StreamConfig}: a message a job, no samples). Messages name the key, the value and what is allowed.
 */
public record MatmulConfig(Path outputDir, int n, int block, int gridRows, int gridCols, long seed, String aFile,
                           String bFile, long jobs, boolean writeC, StreamConfig stream) implements PartitionRule {
    public static final String N = "stormsim.matmul.n";
    public static final String BLOCK = "stormsim.matmul.block";
    public static final String GRID_ROWS = "stormsim.matmul.grid.rows";
    public static final String GRID_COLS = "stormsim.matmul.grid.cols";
    public static final String SEED = "stormsim.matmul.seed";
    public static final String A_FILE = "stormsim.matmul.a.file";
    public static final String B_FILE = "stormsim.matmul.b.file";
    public static final String JOBS = "stormsim.matmul.jobs";
    /** Read by the spout (JobSpout.inFlight). */
    public static final String JOBS_IN_FLIGHT = "stormsim.matmul.jobs.in.flight";
    public static final String WRITE_C = "stormsim.matmul.write.c";
    public static final List<String> KEYS = Stream.concat(Stream.of(RunConfig.OUTPUT_DIR, RunConfig.STORE, N, BLOCK,
            GRID_ROWS, GRID_COLS, SEED, A_FILE, B_FILE, JOBS, JOBS_IN_FLIGHT, WRITE_C),
            StreamConfig.KEYS_WITHOUT_SAMPLES.stream()).toList();

    public static MatmulConfig from(Map<String, Object> conf) {
        Path out = Path.of(stringValue(conf, RunConfig.OUTPUT_DIR, false));
        int n = (int) longValue(conf, N, 1, 46340, "an integer in 1..46340 (n^2 values in one Java array)");
        int block = (int) longValue(conf, BLOCK, 1, n, "an integer in 1.." + n + " (at most " + N + ")");
        if (n % block != 0) {
            throw ConfigValues.notAllowed(BLOCK, block, "a divisor of " + N + " = " + n);
        }
        int blocks = n / block;
        String allowedGrid = "an integer in 1.." + blocks + " (" + N + " / " + BLOCK + " = " + blocks + " blocks a side)";
        int rows = (int) longValue(conf, GRID_ROWS, 1, blocks, allowedGrid);
        int cols = (int) longValue(conf, GRID_COLS, 1, blocks, allowedGrid);
        long seed = longValue(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
        String a = stringValue(conf, A_FILE, true);
        String b = stringValue(conf, B_FILE, true);
        long jobs = longValue(conf, JOBS, 0, Long.MAX_VALUE, "an integer >= 0 (0: without end)");
        boolean writeC = booleanValue(conf, WRITE_C, true);
        return new MatmulConfig(out, n, block, rows, cols, seed, a, b, jobs, writeC, StreamConfig.from(conf));
    }

    /** Phase bolts run one task per grid cell. */
    @Override
    public Optional<String> rejects(int partitions) {
        int tasks = gridRows * gridCols;
        return partitions == tasks ? Optional.empty() : Optional.of(": " + GRID_ROWS + " x " + GRID_COLS + " = "
                + gridRows + "x" + gridCols + " needs " + tasks + " tasks (set partitions=" + tasks + ")");
    }

    public Summa summa() {
        return new Summa(n, block, gridRows, gridCols);
    }

    /** A: the a.file matrix (checked to be n x n) or the matrix generated from seed. */
    public Summa.BlockSource a() {
        return aFile.isEmpty() ? Summa.BlockSource.random(seed, n, block) : Summa.BlockSource.of(readA(), block);
    }

    /** Job {@code job}'s B: the b.file matrix or the matrix generated from seed + 1 + job. */
    public Summa.BlockSource b(long job, DenseMatrix bFromFile) {
        return bFromFile != null ? Summa.BlockSource.of(bFromFile, block) : Summa.BlockSource.random(seed + 1 + job, n, block);
    }

    public DenseMatrix readA() {
        return read(A_FILE, aFile);
    }

    /** The b.file matrix, or null when B is generated per job. */
    public DenseMatrix readB() {
        return bFile.isEmpty() ? null : read(B_FILE, bFile);
    }

    private DenseMatrix read(String key, String file) {
        DenseMatrix m;
        try {
            m = MatrixMarket.read(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(key + " = " + file + " cannot be read: " + e.getMessage(), e);
        }
        if (m.rows != n || m.cols != n) {
            throw ConfigValues.notAllowed(key, file, "an n x n matrix with " + N + " = " + n + "; the file holds "
                    + m.rows + "x" + m.cols);
        }
        return m;
    }
}
