package io.stormsim.spouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Step numbers increase within a spout and across a restart, even one that follows a busy predecessor. */
class StepNumbersTest {
    @Test
    void numbersIncreaseByOne() {
        StepNumbers numbers = new StepNumbers(() -> 5);
        long first = numbers.next();
        assertEquals(5L << StepNumbers.STEPS_PER_MILLI_BITS, first);
        assertEquals(first + 1, numbers.next());
    }

    @Test
    void aSuccessorStartsAboveAPredecessorThatEmittedAMillionStepsAMillisecond() {
        long startMillis = 1_795_000_000_000L;
        long lifeMillis = 3;
        StepNumbers predecessor = new StepNumbers(() -> startMillis);
        long last = 0;
        for (long i = 0; i < lifeMillis * 1_000_000; i++) {
            last = predecessor.next();
        }
        long successorFirst = new StepNumbers(() -> startMillis + lifeMillis).next();
        assertTrue(successorFirst > last, successorFirst + " must be above " + last);
    }
}
