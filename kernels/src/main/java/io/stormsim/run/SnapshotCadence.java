package io.stormsim.run;

import java.math.BigDecimal;

/**
 * Which rounds write a snapshot, and its number; snapshot numbers count snapshots (0, 1, 2, ...), as GADGET numbers
 * them.
 *
 * <p>By steps ({@code every} > 0): rounds 0, every, 2 every, ..., snapshot number round / every. By simulation time
 * ({@code everyTime} > 0): round r is due when its time r x dt first reaches the next multiple k x everyTime, and
 * writes snapshot k: round 0 writes snapshot 0, and round r > 0 is due when floor(r dt / everyTime) > floor((r - 1)
 * dt / everyTime), with the products and quotients of the doubles as configured taken exactly (not rounded), so
 * that a multiple is never missed nor taken twice, and a round's due-ness does not depend on what ran before it
 * (a resumed run agrees). everyTime must be at least dt, so a round reaches at most one multiple and the numbers
 * have no gaps. Neither: no snapshots.
 */
public record SnapshotCadence(long every, double everyTime, double dt) {
    public SnapshotCadence {
        if (every < 0 || !(everyTime >= 0) || !Double.isFinite(everyTime) || (every > 0 && everyTime > 0)
                || !(dt > 0) || !Double.isFinite(dt) || (everyTime > 0 && everyTime < dt)) {
            throw new IllegalArgumentException("snapshots every " + every + " steps and every " + everyTime
                    + " time with dt " + dt + ": expected one of the two > 0 (or neither), and a time >= dt");
        }
    }

    /** Whether round {@code round} writes a snapshot. */
    public boolean due(long round) {
        if (every > 0) {
            return round % every == 0;
        }
        return everyTime > 0 && (round == 0 || multiplesReached(round) > multiplesReached(round - 1));
    }

    /** The number of the snapshot a due round writes. */
    public long number(long round) {
        return every > 0 ? round / every : multiplesReached(round);
    }

    /** floor(round x dt / everyTime), exactly. */
    private long multiplesReached(long round) {
        return new BigDecimal(dt).multiply(BigDecimal.valueOf(round)).divideToIntegralValue(new BigDecimal(everyTime))
                .longValueExact();
    }
}
