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
import io.stormsim.sort.RadixPartition;
import io.stormsim.sort.RadixPartition.Chunk;
import io.stormsim.sort.SortFile;
import io.stormsim.sort.SortRecords;
import io.stormsim.stream.JobStream;
import io.stormsim.stream.StreamPublisherBolt;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers each job's chunks from every partition of the last stage and places each run at its global
 * position (partition q's range starts at {@link RadixPartition#rangeStart}), checks that the result holds
 * the job's count of records in key order, writes it as {@code sorted-<job>.bin} ({@link SortFile}, atomically;
 * unless write.output is false) and a row of {@code jobs.csv}: the job, its try, its keys, the latency from
 * the spout, the slowest partition's time in each phase summed over the passes, the passes that moved records,
 * the record bytes sent between partitions in each pass, and a hash of the sorted records' bits. When every
 * job of a bounded stream is done it writes {@code summary.txt}. A job done the first time goes to the live stream
 * ({@link JobStream}, unanchored: jobs never wait for it) when a publisher subscribes. Runs as one task.
 */
public class SortSinkBolt extends SortBolt implements SingleTask {
    public static final String JOBS_CSV = "jobs.csv";
    public static final String SUMMARY = RunOutput.SUMMARY;
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient RunOutput output;
    private transient JobMetrics metrics;
    private transient JobLog log;
    private transient long[] bytesSum;
    private transient int sources;
    private transient SortRecords assembled;
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
        bytesSum = new long[config.passes()];
        output = RunConfig.output(conf, config.outputDir());
        metrics = new JobMetrics(context);
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
        StringBuilder header = new StringBuilder("job,try,keys,latency_ms,load_ms,receive_ms,permute_ms,count_ms,passes_moved");
        for (int p = 0; p < config.passes(); p++) {
            header.append(",bytes_pass_").append(p);
        }
        try {
            log = new JobLog(output, JOBS_CSV, header.append(",sink_ms,bits_hash").toString(), restartedTask());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + output.file(JOBS_CSV) + ": " + e, e);
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        long start = System.nanoTime();
        List<SortExchange> parts = in.all(SORTED);
        JobCommand job = parts.get(0).job;
        long[] stats = SortStats.merge(parts, SortStats.passStage(SortConfig.MAX_PASSES - 1));
        sources = parts.size();
        SortRecords sorted = assemble(parts);
        checkOrder(sorted, job);
        if (config.writeOutput()) {
            SortFile.write(config.outputFile(job.job), sorted);
        }
        long latency = System.currentTimeMillis() - job.emittedMillis;
        long sinkNanos = System.nanoTime() - start;
        StringBuilder row = new StringBuilder().append(job.job).append(',').append(job.attempt + 1).append(',')
                .append(sorted.size()).append(',').append(latency).append(',')
                .append(millis(stats[SortStats.at(0, SortStats.LOAD_NS)]));
        long moved = 0;
        for (int field : new int[] {SortStats.RECEIVE_NS, SortStats.PERMUTE_NS, SortStats.COUNT_NS}) {
            long ns = field == SortStats.COUNT_NS ? stats[SortStats.at(0, field)] : 0;
            for (int p = 0; p < SortConfig.MAX_PASSES; p++) {
                ns += stats[SortStats.at(SortStats.passStage(p), field)];
            }
            row.append(',').append(millis(ns));
        }
        for (int p = 0; p < config.passes(); p++) {
            moved += stats[SortStats.at(SortStats.passStage(p), SortStats.PERMUTED)];
        }
        row.append(',').append(moved);
        for (int p = 0; p < config.passes(); p++) {
            row.append(',').append(stats[SortStats.at(SortStats.passStage(p), SortStats.BYTES)]);
        }
        row.append(',').append(millis(sinkNanos)).append(',').append(Long.toHexString(bitsHash(sorted)));
        if (log.completed(job.job, row.append('\n'))) {
            long exchanged = 0;
            for (int p = 0; p < config.passes(); p++) {
                long bytes = stats[SortStats.at(SortStats.passStage(p), SortStats.BYTES)];
                bytesSum[p] += bytes;
                exchanged += bytes;
            }
            metrics.done(job.emittedMillis, latency, exchanged);
            LOG.info(String.format("sort job %d of %s done%s: %d keys, %d ms from the spout", job.job + 1,
                    config.jobs() == 0 ? "unbounded" : String.valueOf(config.jobs()),
                    Progress.of(log.done(), config.jobs(), metrics.secondsSinceFirst()),
                    sorted.size(), latency));
            if (publishing) {
                emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, JobStream.message(job.job, log.done(),
                        config.jobs(), latency, metrics.secondsSinceFirst(), "keys", sorted.size()));
            }
        }
        if (log.finishedNow(config.jobs())) {
            writeSummary();
        }
    }

    private static String millis(long nanos) {
        return String.format("%.3f", nanos / 1e6);
    }

    /**
     * Every run of every chunk at its global position (destination q's range start plus the run's offset), in a
     * buffer kept for the next job; the chunks are then released to their senders.
     */
    private SortRecords assemble(List<SortExchange> parts) {
        long n = 0;
        for (SortExchange m : parts) {
            for (Chunk c : m.chunks) {
                n += c.count();
            }
        }
        if (n != config.keys()) {
            throw new IllegalStateException("the partitions sent " + n + " records, the job has " + config.keys());
        }
        int size = (int) n;
        if (assembled == null || assembled.size() != size) {
            long[] payloads = config.payloads() ? new long[size] : null;
            assembled = config.keyBits() == 32 ? SortRecords.ofInts(new int[size], payloads)
                    : SortRecords.ofLongs(new long[size], payloads);
        }
        for (SortExchange m : parts) {
            for (Chunk c : m.chunks) {
                long start = RadixPartition.rangeStart(n, parts.size(), c.destination());
                int at = c.from();
                for (int k = 0; k < c.runOffsets().length; k++) {
                    c.records().copyTo(at, assembled, (int) (start + c.runOffsets()[k]), c.runLengths()[k]);
                    at += c.runLengths()[k];
                }
                c.release();
            }
        }
        return assembled;
    }

    private static void checkOrder(SortRecords r, JobCommand job) {
        for (int i = 1; i < r.size(); i++) {
            if (Long.compareUnsigned(r.key(i - 1), r.key(i)) > 0) {
                throw new IllegalStateException(job + ": the assembled records are out of order at " + i);
            }
        }
    }

    /** A hash of the records' bits in order (keys, payloads, kind), to compare runs without the files. */
    public static long bitsHash(SortRecords r) {
        long h = r.keyBits() * 31L + (r.hasPayloads() ? 1 : 0);
        for (int i = 0; i < r.size(); i++) {
            h = mix(h + r.key(i));
            if (r.hasPayloads()) {
                h = mix(h + r.payloads()[i]);
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
        StringBuilder bytes = new StringBuilder();
        for (long b : bytesSum) {
            bytes.append(bytes.length() == 0 ? "" : ", ").append(timed == 0 ? "-" : String.valueOf(b / timed));
        }
        String text = String.format(
                "keys = %d (%d-bit%s), digit bits = %d (%d passes), partitions = %d, jobs = %d%n" + "input: %s%n",
                config.keys(), config.keyBits(), config.payloads() ? " keys, 64-bit payloads" : " keys",
                config.digitBits(), config.passes(), sources, log.done(),
                config.inputFile().isEmpty() ? "generator " + config.generator().configName() + ", seed " + config.seed()
                        + " + job" : config.inputFile())
                + log.restartNote()
                + (timed == 0 ? "" : String.format("wall time (first job sent to last job done) = %.3f s%n"
                        + "keys/s (all jobs' keys over the wall time) = %.4g%n"
                        + "mean job latency = %.0f ms%n", wall, (double) config.keys() * timed / wall,
                        metrics.meanLatencyMillis(timed)))
                + String.format("mean record bytes sent between partitions, per pass: %s%nsorted records of each job: %s%n",
                        bytes, config.writeOutput() ? "sorted-<job>.bin (SortFile format)"
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
