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
    void stepsCadenceIsEveryNthRoundNumberedByCount() {
        Cadence c = new Cadence(10, 0, 0.01);
        assertEquals(List.of(0L, 10L, 20L, 30L), due(c, 35));
        assertEquals(3, c.number(30));
    }

    @Test
    void timeCadenceIsTheFirstRoundReachingEachMultiple() {
        // dt 0.3, every 1.0: times 0, 0.3, 0.6, 0.9, 1.2 (first >= 1), 1.5, 1.8, 2.1 (first >= 2), ...
        Cadence c = new Cadence(0, 1.0, 0.3);
        List<Long> rounds = due(c, 10);
        assertEquals(List.of(0L, 4L, 7L, 10L), rounds);
        assertEquals(List.of(0L, 1L, 2L, 3L), rounds.stream().map(c::number).toList());
    }

    @Test
    void timeCadenceFinerThanTheStepSkipsNumbersRatherThanRepeatingThem() {
        Cadence c = new Cadence(0, 0.1, 0.25);
        assertEquals(List.of(0L, 1L, 2L, 3L), due(c, 3));
        assertEquals(List.of(0L, 2L, 5L, 7L), due(c, 3).stream().map(c::number).toList());
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
        assertEquals(new Cadence(5, 0, 0.01), Cadence.read(Map.of("a.every", "5"), "a.every", "a.every.time", 0.01));
        assertEquals(Cadence.NEVER.everySteps(), Cadence.read(Map.of(), "a.every", "a.every.time", 0.01).everySteps());
    }
}
