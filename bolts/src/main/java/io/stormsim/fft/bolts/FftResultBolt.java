package io.stormsim.fft.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.fft.ComplexBlock;
import io.stormsim.fft.ComplexFile;
import io.stormsim.fft.Striping;
import io.stormsim.metrics.JobMetrics;
import io.stormsim.run.Median;
import io.stormsim.run.RunOutput;
import io.stormsim.stream.JobStream;
import io.stormsim.stream.StreamPublisherBolt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers the partitions' reports of each transform. After round 0 it writes the result, the partitions'
 * rows in partition order, as {@code output.c128} ({@link ComplexFile} format). Each later round's wall
 * time is the time between its completion and the previous round's: the whole transform with its three
 * exchanges, the trigger and the acks. After the last round it writes {@code rounds.csv} and, last,
 * {@code summary.txt}, whose presence says the run completed. Where every phase task runs in its JVM (an
 * embedded LocalCluster), each timed round also gets the phases' own compute and emit times ({@link PhaseTimes}). Each timed transform goes to the live stream as a job
 * ({@link JobStream}, unanchored: rounds never wait for it) when a publisher subscribes. Runs as one task.
 */
public class FftResultBolt extends FftBolt implements SingleTask {
    public static final String OUTPUT = "output.c128";
    public static final String ROUNDS_CSV = "rounds.csv";
    public static final String SUMMARY = RunOutput.SUMMARY;
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");

    private transient TreeMap<Long, Double> wallMs;
    /** Per timed round, where its phase times are complete: the phases' compute and emit ms ({@link PhaseTimes}). */
    private transient TreeMap<Long, double[]> phaseMs;
    private transient long lastStep;
    private transient String stormId;
    private transient long lastNanos;
    private transient int workers;
    private transient int phasePartitions;
    private transient RunOutput output;
    /** Each timed transform as a job: transforms a second, and each one's wall time. */
    private transient JobMetrics transforms;
    private transient boolean publishing;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(SpectrumBolt.REPORT, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(StreamPublisherBolt.MESSAGES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        wallMs = new TreeMap<>();
        phaseMs = new TreeMap<>();
        stormId = context.getStormId();
        output = config.run().output();
        transforms = new JobMetrics(context);
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
        workers = ((Number) conf.getOrDefault(Config.TOPOLOGY_WORKERS, 1)).intValue();
        phasePartitions = context.getComponentTasks(context.getThisSources().keySet().iterator().next()
                .get_componentId()).size();
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException, InterruptedException {
        if (step < lastStep) {
            // a step of a failed round that completed after its replay began: it may have read blocks the
            // replay was already overwriting (FftBolt), so neither its output nor its time counts
            return;
        }
        List<FftReport> reports = in.all(SpectrumBolt.REPORT);
        long round = reports.get(0).round();
        long now = System.nanoTime();
        Path out = config.outputDir();
        if (round == 0) {
            wallMs.clear();
            phaseMs.clear();
            Files.createDirectories(out);
            List<ComplexBlock> rows = new ArrayList<>();
            for (FftReport r : reports) {
                rows.add(r.rows());
            }
            ComplexFile.write(out.resolve(OUTPUT), rows);
            LOG.info("fft: warm-up transform of 2^{} points done, result in {}", config.m(), out.resolve(OUTPUT));
        } else {
            double ms = (now - lastNanos) / 1e6;
            wallMs.put(round, ms);
            // the previous round's tasks have all recorded: this round left the spout after their acks
            if (round > 1) {
                putPhaseTimes(round - 1, times.take(lastStep, PhaseTimes.PHASES * phasePartitions, 0));
            }
            long latency = Math.round(ms);
            // a transform is sent when the previous one is done: the elapsed time counts from the first's send
            transforms.done(System.currentTimeMillis() - latency, latency, transposeBytes());
            LOG.info("fft: transform {} of {}: {} ms", round, config.run().steps(), String.format("%.2f", ms));
            if (publishing) {
                emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, JobStream.message(round - 1, wallMs.size(),
                        config.run().steps(), latency, transforms.secondsSinceFirst(), "points", fft.n));
            }
        }
        lastNanos = now;
        lastStep = step;
        if (round == config.run().lastRound()) {
            if (round > 0) {
                // this round's last tasks record just after their emits: a moment, or never from another worker
                putPhaseTimes(round, times.take(step, PhaseTimes.PHASES * phasePartitions, 1000));
            }
            writeSummary(out);
        }
    }

    private void writeSummary(Path out) throws IOException {
        StringBuilder csv = new StringBuilder("round,wall_ms,gflops,compute_ms,emit_ms\n");
        for (Map.Entry<Long, Double> e : wallMs.entrySet()) {
            double[] p = phaseMs.get(e.getKey());
            csv.append(String.format("%d,%.3f,%.3f,%s,%s%n", e.getKey(), e.getValue(), fft.flops() / e.getValue() / 1e6,
                    p == null ? "" : String.format("%.3f", p[0]), p == null ? "" : String.format("%.3f", p[1])));
        }
        output.writeString(ROUNDS_CSV, csv);
        double[] times = wallMs.values().stream().mapToDouble(Double::doubleValue).toArray();
        double median = Median.of(times);
        String summary = String.format("m=%d%npoints=%d%ndirection=%s%ninput=%s%npartitions=%d%nworkers=%d%n"
                        + "timed_transforms=%d%nmedian_ms=%.3f%nmin_ms=%.3f%ngflops=%.3f%n"
                        + "bytes_between_partitions_per_transpose=%d,%d,%d%noutput=%s%n",
                config.m(), fft.n, config.direction().key(),
                config.inputFile().isEmpty() ? "seed " + config.seed() : config.inputFile(),
                phasePartitions, workers, times.length, median, Arrays.stream(times).min().getAsDouble(),
                fft.flops() / median / 1e6,
                Striping.bytesBetweenPartitions(fft.n2, fft.n1, phasePartitions),
                Striping.bytesBetweenPartitions(fft.n1, fft.n2, phasePartitions),
                Striping.bytesBetweenPartitions(fft.n2, fft.n1, phasePartitions), OUTPUT);
        if (!phaseMs.isEmpty()) {
            summary += String.format("phase_rounds=%d%nmedian_compute_ms=%.3f%nmedian_emit_ms=%.3f%n", phaseMs.size(),
                    Median.of(phaseMs.values().stream().mapToDouble(p -> p[0]).toArray()),
                    Median.of(phaseMs.values().stream().mapToDouble(p -> p[1]).toArray()));
        }
        output.complete(summary);
        LOG.info("fft: {} transforms of 2^{} points on {} partitions: median {} ms, {} GFLOP/s; results in {}",
                times.length, config.m(), phasePartitions, String.format("%.2f", median),
                String.format("%.2f", fft.flops() / median / 1e6), out.toAbsolutePath());
    }

    /** The bytes a transform's three transposes send between partitions. */
    private long transposeBytes() {
        return 2 * Striping.bytesBetweenPartitions(fft.n2, fft.n1, phasePartitions)
                + Striping.bytesBetweenPartitions(fft.n1, fft.n2, phasePartitions);
    }

    private void putPhaseTimes(long round, double[] ms) {
        if (ms != null) {
            phaseMs.put(round, ms);
        }
    }

    @Override
    public void cleanup() {
        PhaseTimes.release(stormId);
        output.close();
        super.cleanup();
    }
}
