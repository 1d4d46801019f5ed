package io.stormsim.matmul.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.matmul.BlockSet;
import io.stormsim.matmul.DenseMatrix;
import io.stormsim.matmul.MatrixMarket;
import io.stormsim.matmul.Summa;
import io.stormsim.metrics.JobMetrics;
import io.stormsim.run.JobCommand;
import io.stormsim.run.JobLog;
import io.stormsim.run.Progress;
import io.stormsim.run.RunConfig;
import io.stormsim.run.RunOutput;
import io.stormsim.stream.JobStream;
import io.stormsim.stream.StreamPublisherBolt;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers each job's C blocks from every grid task, assembles C and writes it as {@code c-<job>.mtx}
 * (unless write.c is false: then C's hash is read from the blocks, never assembled) and a row of {@code jobs.csv} (job, try, latency from the spout, a hash of
 * C's bits, and the CPU time of each phase for that job summed over its tasks: what the phases' own work
 * cost, apart from Storm's hand-overs, serialization and waiting; see {@link JobBlocks}). When every job
 * of a bounded stream is done it writes {@code summary.txt}, whose presence says the run completed; a restarted
 * sink continues the log ({@link JobLog}). A job done the first time goes to the live stream ({@link JobStream},
 * unanchored: jobs never wait for it) when a publisher subscribes. Runs as one task.
 */
public class ResultBolt extends MatmulBolt implements SingleTask {
    public static final String JOBS_CSV = "jobs.csv";
    public static final String SUMMARY = RunOutput.SUMMARY;
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient RunOutput output;
    private transient JobMetrics metrics;
    private transient JobLog log;
    private transient boolean publishing;

    public static String cFile(long job) {
        return "c-" + job + ".mtx";
    }

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(MultiplyBolt.C_BLOCKS, FanIn.EACH_SOURCE_TASK);
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
            log = new JobLog(output, JOBS_CSV,
                    "job,try,latency_ms,c_bits_hash,broadcast_cpu_ms,multiply_cpu_ms,result_cpu_ms", restartedTask());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + output.file(JOBS_CSV) + ": " + e, e);
        }
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        List<JobBlocks> parts = in.all(MultiplyBolt.C_BLOCKS);
        JobCommand job = parts.get(0).job;
        List<BlockSet> blocks = parts.stream().map(p -> p.blocks).toList();
        long hash;
        if (config.writeC()) {
            DenseMatrix c = summa.assemble(blocks);
            MatrixMarket.write(output.file(cFile(job.job)), c);
            hash = c.bitsHash();
        } else {
            hash = summa.bitsHash(blocks);
        }
        long resultCpu = stepCpuNanos();
        long broadcastCpu = parts.stream().mapToLong(p -> p.broadcastCpuNanos).sum();
        long multiplyCpu = parts.stream().mapToLong(p -> p.multiplyCpuNanos).sum();
        long latency = System.currentTimeMillis() - job.emittedMillis;
        if (log.completed(job.job, job.job + "," + (job.attempt + 1) + "," + latency + "," + Long.toHexString(hash)
                + String.format(Locale.ROOT, ",%.3f,%.3f,%.3f\n", broadcastCpu / 1e6, multiplyCpu / 1e6,
                        resultCpu / 1e6))) {
            Summa.Traffic traffic = summa.traffic();
            metrics.done(job.emittedMillis, latency, traffic.broadcastBytes() + traffic.gatherBytes());
            LOG.info(String.format("job %d of %s done%s: %d ms from the spout", job.job + 1,
                    config.jobs() == 0 ? "unbounded" : String.valueOf(config.jobs()),
                    Progress.of(log.done(), config.jobs(), metrics.secondsSinceFirst()),
                    latency));
            if (publishing) {
                emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, JobStream.message(job.job, log.done(),
                        config.jobs(), latency, metrics.secondsSinceFirst(), "n", config.n()));
            }
        }
        if (log.finishedNow(config.jobs())) {
            writeSummary();
        }
    }

    private void writeSummary() throws IOException {
        Summa s = summa;
        Summa.Traffic t = s.traffic();
        int timed = log.doneSinceStart();
        double wall = metrics.secondsSinceFirst();
        String text = String.format("n = %d, block = %d, grid = %dx%d (%d tasks), jobs = %d%n", s.n(), s.bs(),
                s.gridRows(), s.gridCols(), s.tasks(), log.done())
                + log.restartNote()
                + (timed == 0 ? "" : String.format("wall time (first job sent to last job done) = %.3f s%n"
                        + "GFLOP/s (2 n^3 a job) = %.2f%n"
                        + "mean job latency = %.0f ms%n", wall, 2.0 * s.n() * s.n() * (double) s.n() * timed / wall / 1e9,
                        metrics.meanLatencyMillis(timed)))
                + String.format("bytes a job, between tasks: broadcast %d, gather %d%nC of each job: %s%n",
                        t.broadcastBytes(), t.gatherBytes(), config.writeC() ? "c-<job>.mtx (Matrix Market array)"
                                : "not written (write.c = false); hashes in " + JOBS_CSV);
        output.complete(text);
        LOG.info("matrix multiply complete: {} jobs{}", log.done(), timed == 0 ? "" : String.format(" in %.3f s", wall));
    }

    @Override
    public void cleanup() {
        output.close();
        super.cleanup();
    }
}
