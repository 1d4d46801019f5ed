package io.stormsim.fft.bolts;

import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.bsp.PartitionRule;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.ComplexFile;
import io.stormsim.fft.Direction;
import io.stormsim.fft.Signals;
import io.stormsim.fft.SixStepFft;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The six-step FFT settings of a topology ({@code stormsim.fft.*} keys, set in the Flux YAML) and the
 * run settings it uses ({@code stormsim.steps}: timed transforms after a warm-up one; {@code
 * stormsim.output.dir}), and the live stream's ({@link StreamConfig}: a message a timed transform, no samples). The
 * launcher checks them before submitting; every bolt reads them the same way.
 */
public record FftConfig(RunConfig run, StreamConfig stream, int m, Direction direction, long seed, String inputFile)
        implements PartitionRule {
    public static final String M = "stormsim.fft.m";
    public static final String DIRECTION = "stormsim.fft.direction";
    public static final String SEED = "stormsim.fft.seed";
    public static final String INPUT_FILE = "stormsim.fft.input.file";
    public static final List<String> KEYS = Stream.concat(Stream.of(RunConfig.STEPS, RunConfig.OUTPUT_DIR,
            RunConfig.STORE, RunConfig.MAX_RESTORES, M, DIRECTION, SEED, INPUT_FILE),
            StreamConfig.KEYS_WITHOUT_SAMPLES.stream()).toList();
    private static final int CHECK_CHUNK = 1 << 20;

    public static FftConfig from(Map<String, Object> conf) {
        RunConfig run = RunConfig.from(conf);
        int m = (int) longValue(conf, M, SixStepFft.MIN_M, SixStepFft.MAX_M,
                "an integer in " + SixStepFft.MIN_M + ".." + SixStepFft.MAX_M + " (N = 2^m points)");
        Object d = ConfigValues.required(conf, DIRECTION);
        Direction direction = switch (d.toString().trim()) {
            case "forward" -> Direction.FORWARD;
            case "inverse" -> Direction.INVERSE;
            default -> throw ConfigValues.notAllowed(DIRECTION, d, "forward or inverse");
        };
        long seed = longValue(conf, SEED, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
        return new FftConfig(run, StreamConfig.from(conf), m, direction, seed, stringValue(conf, INPUT_FILE, true));
    }

    public Path outputDir() {
        return run.outputDir();
    }

    /** Most partitions the transform can use: each owns at least one row of every phase's matrix. */
    public int maxPartitions() {
        return 1 << (m / 2);
    }

    @Override
    public Optional<String> rejects(int partitions) {
        return partitions <= maxPartitions() ? Optional.empty() : Optional.of(" with " + M + " = " + m
                + ": at most 2^floor(m/2) = " + maxPartitions() + " partitions (each owns at least one row of every phase)");
    }

    /**
     * Checks the input file: 2^m points, all finite (read in chunks; the message names the first bad
     * point). Nothing to check for a generated input.
     */
    public void checkInput() {
        if (inputFile.isEmpty()) {
            return;
        }
        Path file = Path.of(inputFile);
        if (!Files.isReadable(file)) {
            throw ConfigValues.notAllowed(INPUT_FILE, inputFile, "a readable file of complex points (none there)");
        }
        try {
            long points = ComplexFile.points(file);
            if (points != 1L << m) {
                throw ConfigValues.notAllowed(INPUT_FILE, inputFile, "a file of 2^m = " + (1L << m) + " points ("
                        + M + " = " + m + "); it holds " + points);
            }
            double[] re = new double[CHECK_CHUNK];
            double[] im = new double[CHECK_CHUNK];
            for (long from = 0; from < points; from += CHECK_CHUNK) {
                ComplexFile.read(file, from, (int) Math.min(CHECK_CHUNK, points - from), re, im, 0);
            }
        } catch (IOException e) {
            throw ConfigValues.notAllowed(INPUT_FILE, inputFile, "a file of finite complex points: " + e.getMessage());
        }
    }

    /** Points {@code from .. from+count-1} of the input, from the file or generated from the seed. */
    public ComplexBlock inputRows(int firstRow, int rows, int cols) {
        ComplexBlock block = ComplexBlock.zeros(rows, cols);
        long from = (long) firstRow * cols;
        if (inputFile.isEmpty()) {
            Signals.generate(seed, from, rows * cols, block.re, block.im, 0);
        } else {
            try {
                ComplexFile.read(Path.of(inputFile), from, rows * cols, block.re, block.im, 0);
            } catch (IOException e) {
                throw new UncheckedIOException(INPUT_FILE + ": " + e.getMessage(), e);
            }
        }
        return block;
    }
}
