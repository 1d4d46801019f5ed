package io.stormsim.run;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * Which rounds an output (a snapshot, an analysis stage's result) is due at, and its number; numbers count the
 * outputs (0, 1, 2, ...), as GADGET numbers snapshots.
 *
 * <p>By steps ({@code everySteps} > 0): rounds 0, every, 2 every, ..., number round / every. By simulation time
 * ({@code everyTime} > 0): round r is due when its time r x dt first reaches the next multiple k x everyTime, and
 * has number k: round 0 is output 0, and round r > 0 is due when floor(r dt / everyTime) > floor((r - 1) dt /
 * everyTime), with the products and quotients of the doubles as configured taken exactly (not rounded), so that a
 * multiple is never missed nor taken twice, and a round's due-ness does not depend on what ran before it (a
 * resumed run, every task, agree). everyTime must be at least dt, so a round reaches at most one multiple and the
 * numbers have no gaps. Neither: never.
 */
public record Cadence(long everySteps, double everyTime, double dt) {
    public static final Cadence NEVER = new Cadence(0, 0, 1);

    public Cadence {
        if (everySteps < 0 || !(everyTime >= 0) || !Double.isFinite(everyTime) || (everySteps > 0 && everyTime > 0)
                || !(dt > 0) || !Double.isFinite(dt) || (everyTime > 0 && everyTime < dt)) {
            throw new IllegalArgumentException("outputs every " + everySteps + " steps and every " + everyTime
                    + " time with dt " + dt + ": expected one of the two > 0 (or neither), and a time >= dt");
        }
    }

    /**
     * The cadence the keys {@code stepsKey} (an integer >= 0) and {@code timeKey} (0, or a number >= dt) give, absent
     * keys meaning 0; refused, naming both keys, when both are set.
     */
    public static Cadence read(Map<String, Object> conf, String stepsKey, String timeKey, double dt) {
        long steps = ConfigValues.longValue(conf, stepsKey, 0, 0, Long.MAX_VALUE, "an integer >= 0 (0: never)");
        double time = conf.containsKey(timeKey) ? ConfigValues.doubleValue(conf, timeKey, t -> t == 0 || t >= dt,
                "0 (never) or a number >= dt = " + dt + " (one output a round at most)") : 0;
        if (steps > 0 && time > 0) {
            throw ConfigValues.notAllowed(timeKey, conf.get(timeKey), "0 when " + stepsKey + " = " + steps
                    + " (outputs are due in steps or in simulation time, not both)");
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
        return everyTime > 0 && (round == 0 || multiplesReached(round) > multiplesReached(round - 1));
    }

    /** The number of the output due at {@code round}. */
    public long number(long round) {
        return everySteps > 0 ? round / everySteps : multiplesReached(round);
    }

    /** The first round after {@code round} that is due; Long.MAX_VALUE when none is. */
    public long nextDue(long round) {
        if (everySteps > 0) {
            long next = (round / everySteps + 1) * everySteps;
            return next > round ? next : Long.MAX_VALUE;
        }
        if (everyTime == 0) {
            return Long.MAX_VALUE;
        }
        // the least r with r dt >= (k + 1) everyTime, k the multiples round has reached
        BigDecimal reach = new BigDecimal(everyTime).multiply(BigDecimal.valueOf(multiplesReached(round) + 1));
        return reach.divide(new BigDecimal(dt), 0, RoundingMode.CEILING).longValueExact();
    }

    /** floor(round x dt / everyTime), exactly. */
    private long multiplesReached(long round) {
        return new BigDecimal(dt).multiply(BigDecimal.valueOf(round)).divideToIntegralValue(new BigDecimal(everyTime))
                .longValueExact();
    }
}
