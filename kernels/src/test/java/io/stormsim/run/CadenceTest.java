package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CadenceTest {
    private static List<Long> due(Cadence c, long rounds) {
        List<Long> due = new ArrayList<>();
        for (long r = 0; r <= rounds; r++) {
            if (c.dueAt(r)) {
                due.add(r);
            }
        }
        return due;
    }

    @Test
    void bySteps() {
        assertEquals(List.of(0L, 3L, 6L, 9L), due(new Cadence(3, 0, 0.01), 10));
        assertEquals(List.of(), due(new Cadence(0, 0, 0.01), 10));
    }

    @Test
    void byTimeARoundIsDueWhenItsTimeFirstReachesTheNextMultiple() {
        // dt = 3/8, every 1: round r's time 3r/8 reaches multiple k first where floor(3r / 8) grows
        Cadence c = new Cadence(0, 1.0, 0.375);
        List<Long> oracle = new ArrayList<>();
        for (long r = 0; r <= 1000; r++) {
            if (r == 0 || 3 * r / 8 > 3 * (r - 1) / 8) {
                oracle.add(r);
            }
        }
        assertEquals(oracle, due(c, 1000));
        assertEquals(List.of(0L, 3L, 6L, 8L, 11L, 14L, 16L), oracle.subList(0, 7));
        assertEquals(List.of(0L, 1L, 2L, 3L), due(new Cadence(0, 0.375, 0.375), 3), "every.time = dt: every round");
    }

    @Test
    void timesAreTheExactProductsOfTheConfiguredDoubles() {
        // the double 0.03 is a little below 3/100 and 0.1 a little above 1/10: round 10's time does not reach 3 x 0.1
        Cadence c = new Cadence(0, 0.1, 0.03);
        assertFalse(c.dueAt(10));
        assertTrue(c.dueAt(11));
        assertEquals(3, c.number(11));
        assertEquals(List.of(0L, 4L, 7L, 11L, 14L), due(c, 14));
    }

    @Test
    void stepsAndTimeTogetherOrATimeBelowDtAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Cadence(2, 0.5, 0.01));
        assertThrows(IllegalArgumentException.class, () -> new Cadence(0, 0.005, 0.01));
        assertThrows(IllegalArgumentException.class, () -> new Cadence(0, Double.NaN, 0.01));
    }

    @Test
    void theNextDueRoundIsTheNextTheCadenceGives() {
        for (Cadence c : List.of(new Cadence(7, 0, 0.01), new Cadence(0, 1.0, 0.375), new Cadence(0, 0.1, 0.03),
                new Cadence(0, 0.375, 0.375))) {
            List<Long> due = due(c, 200);
            for (int i = 0; i + 1 < due.size(); i++) {
                for (long r = due.get(i); r < due.get(i + 1); r++) {
                    assertEquals(due.get(i + 1), c.nextDue(r), c + ", round " + r);
                }
            }
        }
        assertEquals(Long.MAX_VALUE, Cadence.NEVER.nextDue(5));
    }

    @Test
    void noCadenceIsNeverDue() {
        assertFalse(Cadence.NEVER.on());
        assertEquals(List.of(), due(Cadence.NEVER, 20));
        assertTrue(new Cadence(0, 2, 1).on());
    }

    @Test
    void readRefusesBothKeysAndBadValuesNamingTheKey() {
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> Cadence.read(Map.of("a.every", 10, "a.every.time", 0.5), "a.every", "a.every.time", 0.01));
        assertTrue(both.getMessage().startsWith("a.every.time = 0.5 is not allowed"), both.getMessage());
        assertTrue(both.getMessage().contains("a.every = 10"), both.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> Cadence.read(Map.of("a.every.time", "-1"), "a.every", "a.every.time", 0.01));
        assertTrue(negative.getMessage().startsWith("a.every.time = -1 is not allowed"), negative.getMessage());
        IllegalArgumentException belowDt = assertThrows(IllegalArgumentException.class,
                () -> Cadence.read(Map.of("a.every.time", "0.001"), "a.every", "a.every.time", 0.01));
        assertTrue(belowDt.getMessage().contains(">= dt = 0.01"), belowDt.getMessage());
        assertEquals(new Cadence(5, 0, 0.01), Cadence.read(Map.of("a.every", "5"), "a.every", "a.every.time", 0.01));
        assertEquals(Cadence.NEVER.everySteps(), Cadence.read(Map.of(), "a.every", "a.every.time", 0.01).everySteps());
    }
}
