package io.stormsim.bolts.nbody;

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
 * replaces the rows from that round on, so the file always reads as one undisturbed run.
 */
final class DiagnosticsLog {
    static final String FILE = "diagnostics.csv";
    private static final int ROUND = DiagnosticsColumns.index("round");
    private static final int TOTAL_ENERGY = DiagnosticsColumns.index("total_energy");

    private final RunOutput output;

    DiagnosticsLog(RunOutput output) {
        this.output = output;
    }

    /**
     * Continues the log at {@code round}: keeps the rows before it, drops the rest. Returns round 0's total
     * energy from the kept rows (NaN when starting at round 0).
     */
    double startAt(long round) throws IOException {
        Path csv = output.file(FILE);
        List<String> kept = new ArrayList<>();
        kept.add(DiagnosticsColumns.header());
        double initialEnergy = Double.NaN;
        if (round > 0 && Files.exists(csv)) {
            for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
                String[] fields = line.split(",");
                if (!fields[ROUND].matches("\\d+")) {
                    continue;
                }
                long r = Long.parseLong(fields[ROUND]);
                if (r < round) {
                    kept.add(line);
                    if (r == 0) {
                        initialEnergy = Double.parseDouble(fields[TOTAL_ENERGY]);
                    }
                }
            }
            if (kept.size() != round + 1) {
                throw new IllegalStateException(csv + " lacks rows before round " + round + ": cannot continue it");
            }
        }
        output.writeLines(FILE, kept);
        return initialEnergy;
    }

    void append(RoundFigures f) throws IOException {
        output.append(FILE, DiagnosticsColumns.row(f) + "\n");
    }
}
