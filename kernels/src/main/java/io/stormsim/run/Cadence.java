package io.stormsim.run;

import java.util.Map;

/**
 * When an output is due: every {@code everySteps} rounds, or whenever the simulation time {@code round * dt}
 * reaches the next multiple of {@code everyTime}; never when both are 0. Round 0 is always due (the initial
 * state). Outputs are numbered as GADGET numbers snapshots: round / everySteps, or the multiple of everyTime
 * that the round's time reached, so a time cadence finer than dt skips numbers rather than repeating one.
 * Every task computes due rounds and numbers from the same expression, so they agree bit for bit.
 */
public record Cadence(long everySteps, double everyTime, double dt) {
    public static final Cadence NEVER = new Cadence(0, 0, 1);

    public Cadence {
        if (everySteps < 0 || !(everyTime >= 0 && Double.isFinite(everyTime)) || (everySteps > 0 && everyTime > 0)
                || !(dt > 0)) {
            throw new IllegalArgumentException("a cadence of " + everySteps + " steps and time " + everyTime
                    + " at dt " + dt + ": steps >= 0, time >= 0, not both set, dt > 0");
        }
    }

    /**
     * The cadence the keys {@code stepsKey} (an integer >= 0) and {@code timeKey} (a number >= 0) give, absent keys
     * meaning 0; refused, naming both keys, when both are set.
     */
    public static Cadence read(Map<String, Object> conf, String stepsKey, String timeKey, double dt) {
        long steps = ConfigValues.longValue(conf, stepsKey, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: never)");
        double time = conf.containsKey(timeKey)
                ? ConfigValues.doubleValue(conf, timeKey, t -> t >= 0, "a number >= 0 (0: never)") : 0;
        if (steps > 0 && time > 0) {
            throw ConfigValues.notAllowed(timeKey, conf.get(timeKey), "0 when " + stepsKey + " = " + steps
                    + " (an output cadence is in steps or in simulation time, not both)");
        }
        return new Cadence(steps, time, dt);
    }

    public boolean on() {
        return everySteps > 0 || everyTime > 0;
    }

    public boolean dueAt(long round) {
        if (everySteps > 0) {
            return round % everySteps == 0;
        }
        return everyTime > 0 && (round == 0 || multiple(round) > multiple(round - 1));
    }

    /** The number of the output due at {@code round}. */
    public long number(long round) {
        return everySteps > 0 ? round / everySteps : multiple(round);
    }

    private long multiple(long round) {
        return (long) Math.floor(round * dt / everyTime);
    }

    /** For messages and docs: "every 10 steps", "every 0.5 time units". */
    @Override
    public String toString() {
        return everySteps > 0 ? "every " + everySteps + " steps" : everyTime > 0 ? "every " + everyTime + " time units"
                : "never";
    }
}
