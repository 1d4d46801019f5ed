package io.stormsim.nbody.bolts;

import io.stormsim.nbody.RoundFigures;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code diagnostics.csv}: one row a round ({@link DiagnosticsColumns}). A replayed round (after a restore)
 * replaces the rows from that round on, so the file always reads as one undisturbed run. A run without end
 * keeps round 0's row (the energy reference) and the newest {@code keptRows} to {@code 2 keptRows} rows.
 */
final class DiagnosticsLog {
    static final String FILE = "diagnostics.csv";
    private static final int ROUND = DiagnosticsColumns.index("round");
    private static final int TOTAL_ENERGY = DiagnosticsColumns.index("total_energy");

    private final RunOutput output;
    private final int keptRows;
    private final long maxRows;
    private long rows;

    /** @param keptRows rows kept besides round 0's; 0: all */
    DiagnosticsLog(RunOutput output, int keptRows) {
        this.output = output;
        this.keptRows = keptRows;
        this.maxRows = keptRows == 0 ? Long.MAX_VALUE : 2L * keptRows + 1;
    }

    /**
     * Continues the log at {@code round}: keeps the rows before it, drops the rest. Returns round 0's total
     * energy from the kept rows; NaN when starting at round 0, or at a later round with no log yet (a run
     * resumed into a new output directory).
     */
    double startAt(long round) throws IOException {
        Path csv = output.file(FILE);
        List<String> kept = new ArrayList<>();
        kept.add(DiagnosticsColumns.header());
        double initialEnergy = Double.NaN;
        long lastKept = -1;
        if (round > 0 && Files.exists(csv)) {
            for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
                String[] fields = line.split(",");
                if (!fields[ROUND].matches("\\d+")) {
                    continue;
                }
                long r = Long.parseLong(fields[ROUND]);
                if (r < round) {
                    kept.add(line);
                    lastKept = r;
                    if (r == 0) {
                        initialEnergy = Double.parseDouble(fields[TOTAL_ENERGY]);
                    }
                }
            }
        }
        if (lastKept >= 0 && (lastKept != round - 1 || Double.isNaN(initialEnergy))) {
            throw new IllegalStateException(csv + " lacks round 0 or round " + (round - 1) + ": cannot continue it at"
                    + " round " + round);
        }
        output.writeLines(FILE, kept);
        rows = kept.size() - 1;
        return initialEnergy;
    }

    void append(RoundFigures f) throws IOException {
        output.append(FILE, DiagnosticsColumns.row(f) + "\n");
        if (++rows > maxRows) {
            List<String> lines = Files.readAllLines(output.file(FILE), StandardCharsets.UTF_8);
            List<String> kept = new ArrayList<>(lines.subList(0, 2));
            kept.addAll(lines.subList(lines.size() - keptRows, lines.size()));
            output.writeLines(FILE, kept);
            rows = keptRows + 1;
        }
    }
}
