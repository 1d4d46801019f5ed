package io.stormsim.checkers.bolts;

import io.stormsim.checkers.Position;
import io.stormsim.run.JobLog;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A search's results, Storm-free: a row of {@value SearchCoordinatorBolt#SEARCH_CSV} per position as it
 * finishes, at the end {@value SearchCoordinatorBolt#SEARCH_TXT} (every row as a table) and {@code summary.txt}.
 * A coordinator restarted within its run (its worker died) continues the rows its predecessor wrote
 * ({@link JobLog}: a row cut off by the kill is dropped, its position is not finished). The rows are what
 * says which positions are finished: a position's row is its result, so it is finished exactly when its row
 * is whole, where the spout's record of done rounds in ZooKeeper is written in the background and counts
 * rounds, not positions. Positions finish in order, so the search resumes at the first one without a row
 * ({@link #searchFrom}).
 */
final class SearchResults implements AutoCloseable {
    /** One position's result. */
    record Row(int position, String fen, int depth, String best, int score, long nodes, double seconds, int jobs) {
        /** The fen is quoted: it holds commas. */
        String csv() {
            return String.format(Locale.ROOT, "%d,\"%s\",%d,%s,%d,%d,%.6f,%.0f,%d", position, fen, depth, best,
                    score, nodes, seconds, nodes / seconds, jobs);
        }

        /** A row as {@link #csv} wrote it. */
        static Row parse(String line) {
            String[] quoted = line.split("\"", -1);
            String[] f = quoted.length == 3 ? quoted[2].split(",", -1) : new String[0];
            // the fields after the quoted FEN: "", depth, best move, score, nodes, seconds, nodes/s, jobs
            if (f.length != 8 || !f[0].isEmpty() || !quoted[0].endsWith(",")) {
                throw new IllegalArgumentException("expected the header's 9 fields, the FEN quoted");
            }
            return new Row(Integer.parseInt(quoted[0].substring(0, quoted[0].length() - 1)), quoted[1],
                    Integer.parseInt(f[1]), f[2], Integer.parseInt(f[3]), Long.parseLong(f[4]),
                    Double.parseDouble(f[5]), Integer.parseInt(f[7]));
        }
    }

    private final RunOutput output;
    private final SearchConfig config;
    private final int searchers;
    private final JobLog log;
    private final List<Row> rows = new ArrayList<>();
    private final int firstUnfinished;
    private long nodesSinceStart;

    /**
     * Starts {@value SearchCoordinatorBolt#SEARCH_CSV} in {@code output}, or continues it if {@code continuing}
     * (this coordinator was restarted); fails, naming the file and line, on a row that is not of this run.
     */
    SearchResults(RunOutput output, SearchConfig config, int searchers, boolean continuing) throws IOException {
        this.output = output.create();
        this.config = config;
        this.searchers = searchers;
        String csv = SearchCoordinatorBolt.SEARCH_CSV;
        log = new JobLog(output, csv, SearchCoordinatorBolt.CSV_HEADER, continuing);
        List<String> lines = log.doneBefore() == 0 ? List.of() : Files.readAllLines(output.file(csv));
        List<Position> positions = config.positions();
        boolean[] finished = new boolean[positions.size()];
        for (int i = 1; i < lines.size(); i++) {
            Row row;
            try {
                row = Row.parse(lines.get(i));
            } catch (RuntimeException e) {
                throw new IllegalStateException(output.file(csv) + ", line " + (i + 1) + ": not a row of " + csv
                        + " (" + SearchCoordinatorBolt.CSV_HEADER + "): " + e, e);
            }
            if (row.position() < 0 || row.position() >= positions.size() || row.depth() != config.depth()
                    || !positions.get(row.position()).toFen().equals(row.fen()) || finished[row.position()]) {
                throw new IllegalStateException(output.file(csv) + ", line " + (i + 1) + ": position " + row.position()
                        + " " + row.fen() + " to depth " + row.depth() + " is not a result this run is missing ("
                        + positions.size() + " positions to depth " + config.depth() + "): another run's results in the"
                        + " same directory?");
            }
            finished[row.position()] = true;
            rows.add(row);
        }
        int first = 0;
        while (first < finished.length && finished[first]) {
            first++;
        }
        this.firstUnfinished = first;
        if (rows.size() != first) {
            throw new IllegalStateException(output.file(csv) + " has results of " + rows.size() + " positions but not"
                    + " of position " + first + ": positions finish in order, so these are not one run's");
        }
    }

    /** The first position without a result: where the search starts (all of them finished: the count). */
    int firstUnfinished() {
        return firstUnfinished;
    }

    /**
     * The search of the positions without a result, from depth 1, its first round {@code round} (the first the
     * spout sends this coordinator: 0, or after a restart the round that was lost); fails if the rounds the
     * spout has left cannot cover those positions, which more coordinator restarts than {@link
     * SearchConfig#COORDINATOR_RESTARTS} can cause.
     */
    SearchRounds searchFrom(long round) {
        long need = config.roundsFrom(firstUnfinished);
        if (round + need > config.rounds()) {
            throw new IllegalStateException("the search cannot resume at round " + round + ": positions "
                    + firstUnfinished + ".." + (config.positions().size() - 1) + " may take " + need + " rounds, and"
                    + " the spout sends " + config.rounds() + " in all (room for " + SearchConfig.COORDINATOR_RESTARTS
                    + " coordinator restarts, each searching its position again)");
        }
        return new SearchRounds(config.positions(), config.depth(), searchers, firstUnfinished, round);
    }

    /** The positions whose results a predecessor of this coordinator wrote. */
    int finishedBefore() {
        return log.doneBefore();
    }

    /** Whether every position has its result. */
    boolean allFinished() {
        return rows.size() == config.positions().size();
    }

    /** Whether the summary is written (the run is complete). */
    boolean completed() {
        return Files.exists(output.file(RunOutput.SUMMARY));
    }

    /** Appends a finished position's row to {@value SearchCoordinatorBolt#SEARCH_CSV}. */
    void add(Row row) throws IOException {
        if (log.completed(row.position(), row.csv() + "\n")) {
            rows.add(row);
            nodesSinceStart += row.nodes();
        }
    }

    /**
     * Writes {@value SearchCoordinatorBolt#SEARCH_TXT} and the summary, whose figures cover the positions since
     * this coordinator started, searched in {@code seconds}.
     */
    void complete(double seconds) throws IOException {
        rows.sort(Comparator.comparingInt(Row::position));
        output.writeString(SearchCoordinatorBolt.SEARCH_TXT, table());
        String csv = SearchCoordinatorBolt.SEARCH_CSV;
        output.complete(String.format("%d positions searched to depth %d by %d searchers, %s tables (%s, %s)%n",
                rows.size(), config.depth(), searchers, config.table().key(), csv, SearchCoordinatorBolt.SEARCH_TXT)
                + log.restartNote("positions")
                + (log.doneSinceStart() == 0 ? "" : String.format("%d nodes in %.3f s, %.4g nodes/s%n", nodesSinceStart,
                        seconds, nodesSinceStart / seconds)));
    }

    private String table() {
        StringBuilder b = new StringBuilder(String.format("searchers %d, table %s (2^%d entries %s%s), depth %d%n%n",
                searchers, config.table().key(), config.tableLog2(), config.table() == SearchConfig.Table.WORKER
                        ? "a worker" : "each", config.table() == SearchConfig.Table.PARTITIONED
                        ? ", used from remaining depth " + config.tableMinDepth() : "", config.depth()));
        b.append(String.format("%4s  %-9s %7s %12s %10s %12s  %s%n", "#", "best", "score", "nodes", "seconds", "nodes/s",
                "fen"));
        for (Row r : rows) {
            b.append(String.format("%4d  %-9s %7d %12d %10.3f %12.4g  %s%n", r.position(), r.best(), r.score(), r.nodes(),
                    r.seconds(), r.nodes() / r.seconds(), r.fen()));
        }
        return b.toString();
    }

    /** Releases the run store's connections, if the results are mirrored. */
    @Override
    public void close() {
        output.close();
    }
}
