package io.stormsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void percentAndTimeLeftAtTheRateSoFar() {
        assertEquals(" (25%, 30 s left)", Progress.of(25, 100, 10));
        assertEquals(" (50%, 2 min 5 s left)", Progress.of(1, 2, 125));
        assertEquals(" (1%, 2 h 45 min left)", Progress.of(1, 100, 100));
        assertEquals(" (100%)", Progress.of(100, 100, 10));
        assertEquals(" (0%)", Progress.of(0, 100, 0), "no rate yet");
    }

    @Test
    void aRunWithoutEndHasNoPercentage() {
        assertEquals("", Progress.of(10, 0, 5));
        assertEquals("", Progress.of(10, Long.MAX_VALUE, 5));
    }
}
