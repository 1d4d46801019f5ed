package io.stormsim.run;

import java.io.Serializable;

/**
 * The trigger of one job of a job stream: which job (0, 1, ...: its inputs derive from it), which try
 * (a failed job is sent again), and when the spout sent it (wall clock, for latencies across workers).
 * Bolts treat it as read-only.
 */
public final class JobCommand implements Serializable {
    private static final long serialVersionUID = 1L;

    public final long job;
    public final int attempt;
    public final long emittedMillis;

    public JobCommand(long job, int attempt, long emittedMillis) {
        this.job = job;
        this.attempt = attempt;
        this.emittedMillis = emittedMillis;
    }

    @Override
    public String toString() {
        return "job " + job + (attempt > 0 ? " (try " + (attempt + 1) + ")" : "");
    }
}
