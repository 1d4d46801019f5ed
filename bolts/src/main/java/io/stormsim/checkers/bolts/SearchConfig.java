package io.stormsim.checkers.bolts;

import static io.stormsim.run.ConfigValues.longValue;
import static io.stormsim.run.ConfigValues.stringValue;

import io.stormsim.checkers.Position;
import io.stormsim.checkers.RootBatches;
import io.stormsim.checkers.Search;
import io.stormsim.run.ConfigValues;
import io.stormsim.run.RunConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The parallel search settings ({@code stormsim.checkers.*} keys of checkers-search.yaml): the positions
 * ({@code positions.file}, one FEN a line, or else the one of {@code fen}), each searched by iterative
 * deepening to {@code depth}; each searcher's transposition table, {@code local} (its own, 2^table.log2
 * entries), {@code partitioned} (a share of one table split by hash), looked up and written at remaining
 * depths of at least {@code table.min.depth}, or {@code worker} (one table of 2^table.log2 entries that
 * the searchers of a worker share). Messages name
 * the key (and the file and line), the value and what is allowed.
 */
public record SearchConfig(Path outputDir, List<Position> positions, int depth, Table table, int tableLog2,
                           int tableMinDepth) {
    public static final String POSITIONS_FILE = "stormsim.checkers.positions.file";
    public static final String TABLE = "stormsim.checkers.table";
    public static final String TABLE_MIN_DEPTH = "stormsim.checkers.table.min.depth";
    public static final int MAX_DEPTH = 30;
    /** Coordinator restarts (its worker died) a run has rounds for, at least. */
    public static final int COORDINATOR_RESTARTS = 3;
    public static final List<String> KEYS = List.of(RunConfig.OUTPUT_DIR, RunConfig.STORE, CheckersKeys.FEN, POSITIONS_FILE,
            CheckersKeys.DEPTH, TABLE, CheckersKeys.TABLE_LOG2, TABLE_MIN_DEPTH);

    /** Where a searcher's table entries live. */
    public enum Table {
        LOCAL, PARTITIONED, WORKER;

        public String key() {
            return name().toLowerCase();
        }
    }

    public static SearchConfig from(Map<String, Object> conf) {
        Path out = Path.of(stringValue(conf, RunConfig.OUTPUT_DIR, false));
        String file = stringValue(conf, POSITIONS_FILE, true);
        List<Position> positions = file.isEmpty() ? List.of(CheckersKeys.fen(conf)) : read(Path.of(file));
        int depth = (int) longValue(conf, CheckersKeys.DEPTH, 1, MAX_DEPTH, "an integer in 1.." + MAX_DEPTH);
        String tableName = stringValue(conf, TABLE, true);
        Table table = switch (tableName) {
            case "local" -> Table.LOCAL;
            case "partitioned" -> Table.PARTITIONED;
            case "worker" -> Table.WORKER;
            default -> throw ConfigValues.notAllowed(TABLE, "'" + tableName + "'", "local, partitioned or worker");
        };
        int log2 = (int) longValue(conf, CheckersKeys.TABLE_LOG2, 1, 28,
                "an integer in 1..28 (2^log2 entries of 16 bytes in each searcher, or each worker: table worker)");
        int minDepth = (int) longValue(conf, TABLE_MIN_DEPTH, Search.TABLE_MIN_DEPTH, MAX_DEPTH, "an integer in "
                + Search.TABLE_MIN_DEPTH + ".." + MAX_DEPTH + " (remaining depth from which a partitioned table is used;"
                + " below " + Search.TABLE_MIN_DEPTH + " the search uses no table of any kind)");
        return new SearchConfig(out, List.copyOf(positions), depth, table, log2, minDepth);
    }

    /** The positions of a file: one FEN (or {@code start}) a line; blank lines and lines from '#' are skipped. */
    public static List<Position> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(POSITIONS_FILE + " = " + file + " cannot be read: " + e, e);
        }
        List<Position> positions = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                positions.add(CheckersKeys.position(line));
            } catch (IllegalArgumentException e) {
                throw ConfigValues.notAllowed(POSITIONS_FILE, file, "a file of PDN FENs, one a line; " + file + ":"
                        + (i + 1) + ": " + e.getMessage());
            }
        }
        if (positions.isEmpty()) {
            throw ConfigValues.notAllowed(POSITIONS_FILE, file, "a file of PDN FENs, one a line; it holds none");
        }
        return positions;
    }

    /**
     * Spout jobs of a run: rounds for every position ({@link #roundsFrom}), and for {@link #COORDINATOR_RESTARTS}
     * positions more, as a restarted coordinator searches its position again (rounds after the search are empty).
     */
    public long rounds() {
        return roundsFrom(0) + roundsFrom(positions.size() - COORDINATOR_RESTARTS);
    }

    /**
     * Rounds the positions from {@code first} on take at most: every depth of the iterative deepening, every
     * batch (an empty batch takes none).
     */
    public long roundsFrom(int first) {
        return (long) (positions.size() - first) * depth * RootBatches.BATCHES;
    }
}
