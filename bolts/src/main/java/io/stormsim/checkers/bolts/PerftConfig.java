package io.stormsim.checkers.bolts;

import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.checkers.Position;
import io.stormsim.run.RunConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The distributed perft settings ({@code stormsim.checkers.*} keys of checkers-perft.yaml): perft of the
 * position {@code fen} to {@code depth}, split {@code split.depth} plies down into jobs dealt over the
 * partitions, each worker counting with a table of {@code 2^table.log2} entries (0: none). Messages name
 * the key, the value and what is allowed.
 */
public record PerftConfig(Path outputDir, Position root, int depth, int splitDepth, int tableLog2) {
    public static final String SPLIT_DEPTH = "stormsim.checkers.split.depth";
    public static final int MAX_DEPTH = 20;
    public static final List<String> KEYS = List.of(RunConfig.OUTPUT_DIR, RunConfig.STORE, CheckersKeys.FEN,
            CheckersKeys.DEPTH,
            SPLIT_DEPTH, CheckersKeys.TABLE_LOG2);

    public static PerftConfig from(Map<String, Object> conf) {
        Path out = Path.of(stringValue(conf, RunConfig.OUTPUT_DIR, false));
        Position root = CheckersKeys.fen(conf);
        int depth = (int) longValue(conf, CheckersKeys.DEPTH, 1, MAX_DEPTH, "an integer in 1.." + MAX_DEPTH);
        int split = (int) longValue(conf, SPLIT_DEPTH, 1, depth, "an integer in 1.." + depth + " (at most "
                + CheckersKeys.DEPTH + ")");
        int log2 = (int) longValue(conf, CheckersKeys.TABLE_LOG2, 0, 28,
                "an integer in 0..28 (0: no table; 2^log2 entries of 16 bytes in each worker)");
        return new PerftConfig(out, root, depth, split, log2);
    }
}
