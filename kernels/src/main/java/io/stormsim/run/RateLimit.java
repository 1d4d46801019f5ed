package io.stormsim.run;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * At most one report a period: a failure that repeats every round (a run store gone) is said once a minute,
 * with how many times it happened since, not thousands of times.
 */
public final class RateLimit {
    private final long periodNanos;
    private final LongSupplier nanoClock;
    private boolean reported;
    private long lastReport;
    private long suppressed;

    public RateLimit(Duration period, LongSupplier nanoClock) {
        this.periodNanos = period.toNanos();
        this.nanoClock = nanoClock;
    }

    /** " (nor N more since the last report)" for {@code unreported} = N > 0, as the reports word it; else "". */
    public static String notReported(long unreported) {
        return unreported > 0 ? " (nor " + unreported + " more since the last report)" : "";
    }

    /**
     * Counts one occurrence; returns -1 if it is not to be reported now, else how many occurrences were not
     * reported since the last report (0 for the first).
     */
    public long occurred() {
        long now = nanoClock.getAsLong();
        if (reported && now - lastReport < periodNanos) {
            suppressed++;
            return -1;
        }
        long since = suppressed;
        reported = true;
        lastReport = now;
        suppressed = 0;
        return since;
    }
}
