package io.stormsim.run;

/**
 * How far a run with an end has got, for its progress lines: {@code " (65%, 1 min 3 s left)"}, the time left at
 * the rate so far. Nothing for a run without end, or before there is a rate.
 */
public final class Progress {
    private Progress() {
    }

    /** {@code done} of {@code total} (0 or {@link Long#MAX_VALUE}: without end) after {@code seconds}. */
    public static String of(long done, long total, double seconds) {
        if (total <= 0 || total == Long.MAX_VALUE) {
            return "";
        }
        long percent = Math.min(100, Math.max(0, done) * 100 / total);
        if (done <= 0 || seconds <= 0 || done >= total) {
            return " (" + percent + "%)";
        }
        return " (" + percent + "%, " + duration(Math.round(seconds * (total - done) / done)) + " left)";
    }

    /** Whole seconds as a person reads them: {@code 42 s}, {@code 3 min 5 s}, {@code 2 h 7 min}. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }
}
