package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which rounds write a snapshot and its number, against integer arithmetic on steps that binary fractions hold exactly. */
class SnapshotCadenceTest {
    private static List<Long> due(SnapshotCadence c, long rounds) {
        List<Long> due = new ArrayList<>();
        for (long r = 0; r <= rounds; r++) {
            if (c.due(r)) {
                assertEquals(due.size(), c.number(r), "snapshot numbers count snapshots: round " + r);
                due.add(r);
            }
        }
        return due;
    }

    @Test
    void bySteps() {
        assertEquals(List.of(0L, 3L, 6L, 9L), due(new SnapshotCadence(3, 0, 0.01), 10));
        assertEquals(List.of(), due(new SnapshotCadence(0, 0, 0.01), 10));
    }

    @Test
    void byTimeARoundIsDueWhenItsTimeFirstReachesTheNextMultiple() {
        // dt = 3/8, every 1: round r's time 3r/8 reaches multiple k first where floor(3r / 8) grows
        SnapshotCadence c = new SnapshotCadence(0, 1.0, 0.375);
        List<Long> oracle = new ArrayList<>();
        for (long r = 0; r <= 1000; r++) {
            if (r == 0 || 3 * r / 8 > 3 * (r - 1) / 8) {
                oracle.add(r);
            }
        }
        assertEquals(oracle, due(c, 1000));
        assertEquals(List.of(0L, 3L, 6L, 8L, 11L, 14L, 16L), oracle.subList(0, 7));
        assertEquals(List.of(0L, 1L, 2L, 3L), due(new SnapshotCadence(0, 0.375, 0.375), 3), "every.time = dt: every round");
    }

    @Test
    void timesAreTheExactProductsOfTheConfiguredDoubles() {
        // the double 0.03 is a little below 3/100 and 0.1 a little above 1/10: round 10's time does not reach 3 x 0.1
        SnapshotCadence c = new SnapshotCadence(0, 0.1, 0.03);
        assertFalse(c.due(10));
        assertTrue(c.due(11));
        assertEquals(3, c.number(11));
        assertEquals(List.of(0L, 4L, 7L, 11L, 14L), due(c, 14));
    }

    @Test
    void stepsAndTimeTogetherOrATimeBelowDtAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SnapshotCadence(2, 0.5, 0.01));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotCadence(0, 0.005, 0.01));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotCadence(0, Double.NaN, 0.01));
    }
}
