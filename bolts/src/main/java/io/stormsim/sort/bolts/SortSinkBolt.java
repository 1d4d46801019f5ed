package io.stormsim.sort.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.metrics.JobMetrics;
import io.stormsim.run.JobCommand;
import io.stormsim.run.JobLog;
import io.stormsim.run.Progress;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortFile;
import io.stormsim.sort.SortRecords;
import io.stormsim.stream.JobStream;
import io.stormsim.stream.StreamPublisherBolt;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers each job's sorted ranges, one from every partition of the sort stage, in partition order: one
 * after another they are the job's sorted records (each partition checked its own range's order; this
 * checks the joins and the count). Writes them as {@code sorted-<job>.bin} ({@link SortFile}, atomically;
 * unless write.output is false) and a row of {@code jobs.csv}: the job, its try, its keys, the latency from
 * the spout, the slowest partition's time in each phase, the record bytes sent between partitions, where the
 * latency went ({@link #where}), and a hash of the sorted records' bits. When every job of a bounded stream is
 * done it writes {@code summary.txt}. A job done the first time goes to the live stream ({@link JobStream},
 * unanchored: jobs never wait for it) when a publisher subscribes. Runs as one task.
 */
public class SortSinkBolt extends SortBolt implements SingleTask {
    public static final String JOBS_CSV = "jobs.csv";
    public static final String SUMMARY = RunOutput.SUMMARY;
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient RunOutput output;
    private transient JobMetrics metrics;
    private transient JobLog log;
    private transient long bytesSum;
    private transient int sources;
    private transient boolean publishing;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(SORTED, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(StreamPublisherBolt.MESSAGES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        output = RunConfig.output(conf, config.outputDir());
        metrics = new JobMetrics(context);
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
        try {
            log = new JobLog(output, JOBS_CSV, "job,try,keys,latency_ms,load_ms,sample_ms,split_ms,sort_ms,sink_ms,"
                    + "bytes_moved,compute_ms,wait_ms,handover_ms,bits_hash", restartedTask());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + output.file(JOBS_CSV) + ": " + e, e);
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        long start = System.nanoTime();
        List<SortExchange> parts = in.all(SORTED);
        JobCommand job = parts.get(0).job;
        long[] stats = SortStats.merge(parts, SortStats.SORT);
        sources = parts.size();
        List<Chunk> ranges = new ArrayList<>(parts.size());
        for (SortExchange m : parts) {
            ranges.add(m.chunks[0]);
        }
        long n = checkJoins(ranges, job);
        if (config.writeOutput()) {
            SortFile.write(config.outputFile(job.job), assemble(ranges));
        }
        long latency = System.currentTimeMillis() - job.emittedMillis;
        long sinkNanos = System.nanoTime() - start;
        long hash = bitsHash(ranges);
        for (Chunk c : ranges) {
            c.release();
        }
        long bytes = stats[SortStats.at(SortStats.SPLIT, SortStats.BYTES)];
        StringBuilder row = new StringBuilder().append(job.job).append(',').append(job.attempt + 1).append(',')
                .append(n).append(',').append(latency).append(',')
                .append(millis(stats[SortStats.at(SortStats.LOAD, SortStats.INPUT_NS)]));
        for (int stage = SortStats.LOAD; stage < SortStats.STAGES; stage++) {
            row.append(',').append(millis(stats[SortStats.at(stage, SortStats.COMPUTE_MAX_NS)]));
        }
        row.append(',').append(millis(sinkNanos)).append(',').append(bytes);
        for (long ns : where(stats, start, sinkNanos, parts.size())) {
            row.append(',').append(millis(ns));
        }
        row.append(',').append(Long.toHexString(hash));
        if (log.completed(job.job, row.append('\n'))) {
            bytesSum += bytes;
            metrics.done(job.emittedMillis, latency, bytes);
            LOG.info(String.format("sort job %d of %s done%s: %d keys, %d ms from the spout", job.job + 1,
                    config.jobs() == 0 ? "unbounded" : String.valueOf(config.jobs()),
                    Progress.of(log.done(), config.jobs(), metrics.secondsSinceFirst()), n, latency));
            if (publishing) {
                emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, JobStream.message(job.job, log.done(),
                        config.jobs(), latency, metrics.secondsSinceFirst(), "keys", n));
            }
        }
        if (log.finishedNow(config.jobs())) {
            writeSummary();
        }
    }

    /**
     * Where a job's latency went after its input was made, in nanoseconds: compute (each stage's mean partition
     * step, with the sink's), waiting (each stage's slowest partition step less the mean: what the others
     * waited for it), hand-over (from the last sender's end to the last receiver's start, between the stages
     * and into the sink: Storm's transfer, queueing and wake-up, and serialization if any). Steps are timed by
     * System.nanoTime in each task, so the hand-overs are only meaningful with every task on one host.
     */
    static long[] where(long[] stats, long sinkStart, long sinkNanos, int partitions) {
        long compute = sinkNanos, wait = 0;
        for (int stage = SortStats.LOAD; stage < SortStats.STAGES; stage++) {
            long mean = stats[SortStats.at(stage, SortStats.COMPUTE_SUM_NS)] / partitions;
            compute += mean;
            wait += stats[SortStats.at(stage, SortStats.COMPUTE_MAX_NS)] - mean;
        }
        long handOver = sinkStart - stats[SortStats.at(SortStats.SORT, SortStats.END_NS)];
        for (int stage = SortStats.SPLIT; stage < SortStats.STAGES; stage++) {
            handOver += stats[SortStats.at(stage, SortStats.START_NS)] - stats[SortStats.at(stage - 1, SortStats.END_NS)];
        }
        return new long[] {compute, wait, handOver};
    }

    private static String millis(long nanos) {
        return String.format("%.3f", nanos / 1e6);
    }

    /** The records of the ranges in partition order; checks that they join in key order. */
    private long checkJoins(List<Chunk> ranges, JobCommand job) {
        long n = 0, last = 0;
        for (Chunk c : ranges) {
            if (c.count() > 0) {
                if (n > 0 && Long.compareUnsigned(last, c.records().key(c.from())) > 0) {
                    throw new IllegalStateException(job + ": the sorted ranges are out of order where partition "
                            + c.source() + "'s begins");
                }
                last = c.records().key(c.from() + c.count() - 1);
            }
            n += c.count();
        }
        if (n != config.keys()) {
            throw new IllegalStateException("the partitions sent " + n + " records, the job has " + config.keys());
        }
        return n;
    }

    /** The ranges one after another in one array, for the file. */
    private static SortRecords assemble(List<Chunk> ranges) {
        List<SortRecords> parts = new ArrayList<>();
        for (Chunk c : ranges) {
            parts.add(c.records().copyOfRange(c.from(), c.from() + c.count()));
        }
        return SortRecords.concat(parts);
    }

    /** A hash of the records' bits in order (keys, payloads, kind), to compare runs without the files. */
    public static long bitsHash(SortRecords r) {
        return bitsHash(List.of(Chunk.toSelf(0, r)));
    }

    private static long bitsHash(List<Chunk> ranges) {
        SortRecords first = ranges.get(0).records();
        long h = first.keyBits() * 31L + (first.hasPayloads() ? 1 : 0);
        for (Chunk c : ranges) {
            SortRecords r = c.records();
            for (int i = c.from(); i < c.from() + c.count(); i++) {
                h = mix(h + r.key(i));
                if (r.hasPayloads()) {
                    h = mix(h + r.payloads()[i]);
                }
            }
        }
        return h;
    }

    /** The finaliser of MurmurHash3's 64-bit variant: every input bit reaches every output bit. */
    private static long mix(long h) {
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    private void writeSummary() throws IOException {
        int timed = log.doneSinceStart();
        double wall = metrics.secondsSinceFirst();
        String text = String.format(
                "keys = %d (%d-bit%s), digit bits = %d, partitions = %d, jobs = %d%n" + "input: %s%n",
                config.keys(), config.keyBits(), config.payloads() ? " keys, 64-bit payloads" : " keys",
                config.digitBits(), sources, log.done(),
                config.inputFile().isEmpty() ? "generator " + config.generator().configName() + ", seed " + config.seed()
                        + " + job" : config.inputFile())
                + log.restartNote()
                + (timed == 0 ? "" : String.format("wall time (first job sent to last job done) = %.3f s%n"
                        + "keys/s (all jobs' keys over the wall time) = %.4g%n"
                        + "mean job latency = %.0f ms%n", wall, (double) config.keys() * timed / wall,
                        metrics.meanLatencyMillis(timed)))
                + String.format("mean record bytes sent between partitions: %s%nsorted records of each job: %s%n",
                        timed == 0 ? "-" : String.valueOf(bytesSum / timed), config.writeOutput() ? "sorted-<job>.bin (SortFile format)"
                                : "not written (write.output = false); hashes in " + JOBS_CSV);
        output.complete(text);
        LOG.info("radix sort complete: {} jobs{}", log.done(), timed == 0 ? "" : String.format(" in %.3f s", wall));
    }

    @Override
    public void cleanup() {
        output.close();
        super.cleanup();
    }
}
