package io.stormsim.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A CSV of one row per output round (its first column), rewritten whole at every row so that a reader never
 * sees half a row and the run store always has the file as it is. A row for a round at or before the last one
 * written (a replay after a restore) replaces the rows from that round on; the first row a task writes keeps the
 * rows of earlier rounds already in the file (a resumed run, a restarted worker) and drops later ones, so the
 * file always reads as one undisturbed run. A run without end keeps the first row and the newest {@code keptRows}
 * to {@code 2 keptRows} rows.
 */
public final class RoundRows {
    private final RunOutput output;
    private final String file;
    private final String header;
    private final int keptRows;
    private final List<String> rows = new ArrayList<>();
    private boolean started;

    /** @param keptRows rows kept besides the first; 0: all */
    public RoundRows(RunOutput output, String file, String header, int keptRows) {
        this.output = output;
        this.file = file;
        this.header = header;
        this.keptRows = keptRows;
    }

    public void add(long round, String row) throws IOException {
        if (!started) {
            started = true;
            readEarlierThan(round);
        }
        while (!rows.isEmpty() && roundOf(rows.get(rows.size() - 1)) >= round) {
            rows.remove(rows.size() - 1);
        }
        rows.add(row);
        if (keptRows > 0 && rows.size() > 2 * keptRows + 1) {
            int drop = rows.size() - keptRows - 1;
            rows.subList(1, 1 + drop).clear();
        }
        List<String> lines = new ArrayList<>(rows.size() + 1);
        lines.add(header);
        lines.addAll(rows);
        output.writeLines(file, lines);
    }

    /** The rows of the file from before {@code round}, if it has the same header (else it is another run's). */
    private void readEarlierThan(long round) throws IOException {
        Path csv = output.file(file);
        if (round == 0 || !Files.exists(csv)) {
            return;
        }
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(header)) {
            return;
        }
        for (String line : lines.subList(1, lines.size())) {
            if (roundOf(line) < round) {
                rows.add(line);
            }
        }
    }

    /** The row's round; a row that has none (a torn or foreign line) counts as after every round. */
    private static long roundOf(String row) {
        int comma = row.indexOf(',');
        String first = comma < 0 ? row : row.substring(0, comma);
        return first.matches("\\d{1,18}") ? Long.parseLong(first) : Long.MAX_VALUE;
    }

    /** The rows now in the file, without the header. */
    public List<String> rows() {
        return List.copyOf(rows);
    }
}
