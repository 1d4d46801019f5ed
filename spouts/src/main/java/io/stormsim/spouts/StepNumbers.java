package io.stormsim.spouts;

import java.util.function.LongSupplier;

/**
 * The step numbers a spout gives its triggers: increasing, and larger than any number the spout it replaces
 * used, without shared state. Bolts may still hold partial steps of a dead spout's numbers, and they drop a
 * step's older partial steps once it completes, so a restarted spout must never reuse or go below them.
 *
 * <p>Numbers start at the wall clock's milliseconds times 2^20: a predecessor that lived L ms used fewer than
 * L x 2^20 numbers (it would have to emit a million triggers a millisecond), so its successor, which starts
 * later, starts above them, as long as the workers' clocks agree to within the predecessor's life.
 */
public final class StepNumbers {
    static final int STEPS_PER_MILLI_BITS = 20;

    private long next;

    StepNumbers(LongSupplier clockMillis) {
        this.next = clockMillis.getAsLong() << STEPS_PER_MILLI_BITS;
    }

    /** Numbers from the wall clock (the spouts' scheme). */
    public static StepNumbers fromClock() {
        return new StepNumbers(System::currentTimeMillis);
    }

    /** The next step number. */
    public long next() {
        return next++;
    }
}
