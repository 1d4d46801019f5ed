package io.stormsim.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import org.apache.storm.task.TopologyContext;

/**
 * A job sink's figures for the metrics reporters: jobs done ({@code stormsim.jobs}, Prometheus'
 * {@code stormsim_jobs_total}, whose rate is jobs/s) and each job's latency from the spout's emit to its result
 * ({@code stormsim.job-latency}, {@code stormsim_job_latency_seconds}). A job replayed after a fault counts once.
 */
public final class JobMetrics {
    private final Counter jobs;
    private final Timer latency;

    public JobMetrics(TopologyContext context) {
        jobs = context.registerCounter("stormsim.jobs");
        latency = context.registerTimer("stormsim.job-latency");
    }

    /** A job is done, {@code latencyMillis} after the spout emitted it. */
    public void done(long latencyMillis) {
        jobs.inc();
        latency.update(latencyMillis, TimeUnit.MILLISECONDS);
    }
}
