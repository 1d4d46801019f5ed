package io.stormsim.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import org.apache.storm.task.TopologyContext;

/**
 * A job sink's tally of the jobs done since its task started: for the metrics reporters, jobs done
 * ({@code stormsim.jobs}, Prometheus' {@code stormsim_jobs_total}, whose rate is jobs/s) and each job's latency from
 * the spout's emit to its result ({@code stormsim.job-latency}, {@code stormsim_job_latency_seconds}), the bytes its
 * jobs sent between partitions ({@code stormsim.exchanged-bytes}, {@code stormsim_exchanged_bytes_total}); for the
 * sink's progress lines and summary, the wall time since the first of them was sent and their mean latency. A job
 * replayed after a fault counts once (the sink calls {@link #done} for a job its log did not have).
 */
public final class JobMetrics {
    private final Counter jobs;
    private final Timer latency;
    private final Counter exchanged;
    private long firstEmittedMillis = Long.MAX_VALUE;
    private long latencySumMillis;

    public JobMetrics(TopologyContext context) {
        jobs = context.registerCounter("stormsim.jobs");
        latency = context.registerTimer("stormsim.job-latency");
        exchanged = context.registerCounter("stormsim.exchanged-bytes");
    }

    /**
     * A job the spout emitted at {@code emittedMillis} (wall clock) is done, {@code latencyMillis} later, having sent
     * {@code exchangedBytes} between its partitions (its passes, transposes, broadcast and gather).
     */
    public void done(long emittedMillis, long latencyMillis, long exchangedBytes) {
        jobs.inc();
        exchanged.inc(exchangedBytes);
        latency.update(latencyMillis, TimeUnit.MILLISECONDS);
        latencySumMillis += latencyMillis;
        firstEmittedMillis = Math.min(firstEmittedMillis, emittedMillis);
    }

    /** Seconds from the first job's emit to now. */
    public double secondsSinceFirst() {
        return (System.currentTimeMillis() - firstEmittedMillis) / 1e3;
    }

    /** The mean latency of the {@code timed} jobs done since this task started. */
    public double meanLatencyMillis(int timed) {
        return (double) latencySumMillis / timed;
    }
}
