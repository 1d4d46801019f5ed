package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.RoundFigures;
import io.stormsim.run.RunOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** diagnostics.csv: a row a round, replays replace rows, a run without end keeps round 0 and the newest rows. */
class DiagnosticsLogTest {
    @TempDir
    Path dir;

    private static final Bodies BODIES = PlummerSphere.generate(10, 1);

    private static RoundFigures round(long r, double initialEnergy) {
        Conserved c = new Conserved();
        for (int i = 0; i < BODIES.n; i++) {
            c.add(BODIES, i, -1.0 - r * 1e-3, 5);
        }
        return RoundFigures.reduce(r, 0.01, initialEnergy, List.of(c), List.of(new long[7]), List.of(new long[7]), 1000);
    }

    private List<Long> rounds() throws IOException {
        return Files.readAllLines(dir.resolve(DiagnosticsLog.FILE)).stream().skip(1)
                .map(line -> Long.parseLong(line.substring(0, line.indexOf(',')))).toList();
    }

    @Test
    void aReplayReplacesTheRowsFromItsRoundOn() throws IOException {
        DiagnosticsLog log = new DiagnosticsLog(new RunOutput(dir), 0);
        assertTrue(Double.isNaN(log.startAt(0)));
        double e0 = round(0, Double.NaN).total().totalEnergy();
        for (long r = 0; r < 8; r++) {
            log.append(round(r, e0));
        }
        assertEquals(e0, new DiagnosticsLog(new RunOutput(dir), 0).startAt(5), "round 0's energy, read back");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), rounds());
        assertEquals(DiagnosticsColumns.header(), Files.readAllLines(dir.resolve(DiagnosticsLog.FILE)).get(0));
    }

    @Test
    void aRunWithoutEndKeepsRoundZeroAndTheNewestRows() throws IOException {
        DiagnosticsLog log = new DiagnosticsLog(new RunOutput(dir), 10);
        log.startAt(0);
        double e0 = round(0, Double.NaN).total().totalEnergy();
        for (long r = 0; r < 100; r++) {
            log.append(round(r, e0));
            List<Long> rounds = rounds();
            assertTrue(rounds.size() <= 21, rounds.size() + " rows after round " + r);
            assertEquals(0L, rounds.get(0));
            assertEquals(r, rounds.get(rounds.size() - 1));
        }
        assertEquals(e0, new DiagnosticsLog(new RunOutput(dir), 10).startAt(95), "a replay after a trim still has round 0");
        assertEquals(94L, rounds().get(rounds().size() - 1));
    }

    @Test
    void aLogWithAGapBeforeTheReplayedRoundIsAnError() throws IOException {
        DiagnosticsLog log = new DiagnosticsLog(new RunOutput(dir), 10);
        log.startAt(0);
        for (long r = 0; r < 30; r++) {
            log.append(round(r, Double.NaN));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new DiagnosticsLog(new RunOutput(dir), 10).startAt(5));
        assertTrue(e.getMessage().contains("lacks round 0 or round 4"), e.getMessage());
    }

    @Test
    void aRunResumedIntoANewDirectoryHasNoEnergyReference() throws IOException {
        assertTrue(Double.isNaN(new DiagnosticsLog(new RunOutput(dir), 0).startAt(40)));
        assertEquals(List.of(), rounds());
    }
}
