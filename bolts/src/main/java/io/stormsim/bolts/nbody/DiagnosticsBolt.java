package io.stormsim.bolts.nbody;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.SingleTask;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.bolts.stream.StreamFormat;
import io.stormsim.bolts.stream.StreamMessages;
import io.stormsim.bolts.stream.StreamPublisherBolt;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.GadgetSnapshot;
import io.stormsim.run.RunConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reduces the partitions' reports of each round (in partition order; the sums are exact, so the
 * figures do not depend on the partition count) into one row of {@code diagnostics.csv}: energies,
 * relative energy error against round 0, momentum, angular momentum, interactions, load imbalance,
 * wall time of the round and of each phase (slowest partition). Logs progress. Runs as one task.
 *
 * <p>Its metrics-v2 gauges ({@code stormsim.*}) give the same figures to Storm's reporters: round,
 * round wall time, steps per second, interactions per second, load imbalance, relative energy error.
 *
 * <p>It also closes each round: when every partition reports it wrote its checkpoint piece at the start
 * of the round, it marks the checkpoint complete and prunes old ones (a round restored from a
 * checkpoint writes none); at snapshot rounds it removes
 * snapshots beyond the number kept. A replayed round (after a restore) replaces the rows from that round
 * on, so the CSV always reads as one undisturbed run. After the last round of a bounded run it writes
 * {@code bodies-final.csv}, {@code energy-error.png} and, last, {@code summary.txt}, whose presence says
 * the run completed.
 *
 * <p>When a publisher subscribes to its stream {@value StreamPublisherBolt#MESSAGES} (and
 * {@code stormsim.stream.bind} is set), it hands it each round's figures as a {@code diag} message and, in
 * sample rounds, the partitions' body samples merged by id as a {@code sample} message
 * ({@link StreamFormat}), unanchored: the rounds never wait for the stream.
 */
public class DiagnosticsBolt extends NbodyBolt implements SingleTask {
    public static final String DIAGNOSTICS_CSV = "diagnostics.csv";
    public static final String FINAL_BODIES_CSV = "bodies-final.csv";
    public static final String ENERGY_PLOT = "energy-error.png";
    public static final String SUMMARY = "summary.txt";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;
    private static final int MAX_PLOT_POINTS = 4096;

    private transient Path csv;
    private transient long nextRound;
    private transient double initialEnergy;
    private transient long startNanos, lastRoundNanos, lastLogNanos;
    private transient EnergySeries series;
    private transient volatile double[] latest;
    private transient boolean publishing;
    private static final String[] GAUGES = {"round", "round-wall-ms", "steps-per-second",
        "interactions-per-second", "load-imbalance", "rel-energy-error"};

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(UpdateBolt.REPORT, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(StreamPublisherBolt.MESSAGES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        csv = config.outputDir().resolve(DIAGNOSTICS_CSV);
        series = new EnergySeries(MAX_PLOT_POINTS);
        nextRound = -1;
        latest = new double[GAUGES.length];
        for (int g = 0; g < GAUGES.length; g++) {
            int index = g;
            context.registerGauge("stormsim." + GAUGES[g], () -> latest[index]);
        }
        startNanos = lastRoundNanos = System.nanoTime();
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        List<PartitionReport> reports = in.all(UpdateBolt.REPORT);
        long round = reports.get(0).round;
        if (round != nextRound) {
            startFrom(round);
        }
        Conserved total = new Conserved();
        long maxInteractions = 0;
        for (PartitionReport r : reports) {
            total.merge(r.conserved);
            maxInteractions = Math.max(maxInteractions, r.conserved.interactions);
        }
        long[] phaseMax = slowestPartition(reports, r -> r.phaseNanos);
        long[] phaseCpuMax = slowestPartition(reports, r -> r.phaseCpuNanos);
        double energy = total.totalEnergy();
        if (round == 0) {
            initialEnergy = energy;
        }
        double relError = (energy - initialEnergy) / Math.abs(initialEnergy);
        double time = round * config.params().dt();
        long now = System.nanoTime();
        long roundNanos = now - lastRoundNanos;
        double meanInteractions = (double) total.interactions / reports.size();
        double imbalance = meanInteractions > 0 ? maxInteractions / meanInteractions : 1.0;
        StringBuilder row = new StringBuilder();
        row.append(round).append(',').append(time).append(',').append(total.value(Conserved.KINETIC)).append(',')
                .append(total.value(Conserved.POTENTIAL)).append(',').append(energy).append(',').append(relError);
        for (int q = Conserved.PX; q <= Conserved.LZ; q++) {
            row.append(',').append(total.value(q));
        }
        row.append(',').append(total.interactions).append(',').append(imbalance)
                .append(',').append(millis(roundNanos));
        for (long nanos : phaseMax) {
            row.append(',').append(millis(nanos));
        }
        for (long nanos : phaseCpuMax) {
            row.append(',').append(millis(nanos));
        }
        Files.writeString(csv, row.append('\n'), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        double wallSeconds = roundNanos / 1e9;
        latest = new double[] {round, wallSeconds * 1e3, 1 / wallSeconds, total.interactions / wallSeconds,
            imbalance, relError};
        lastRoundNanos = now;
        nextRound = round + 1;
        series.add(time, relError);
        if (publishing) {
            publish(step, reports, total, relError, imbalance, roundNanos, phaseMax, phaseCpuMax);
        }
        RunConfig run = config.run();
        if (reports.stream().allMatch(r -> r.checkpointed)) {
            run.checkpoints().commit(round, reports.size(), run.checkpointKeep());
            series.plot(config.outputDir().resolve(ENERGY_PLOT), total.bodies, reports.size());
        }
        if (run.snapshotAt(round)) {
            pruneSnapshots(run.snapshotNumber(round) - run.snapshotKeep());
        }
        long last = run.lastRound();
        if (round == last || now - lastLogNanos > PROGRESS_EVERY_NANOS) {
            lastLogNanos = now;
            LOG.info(String.format("step %d of %s  %.2f steps/s  dE/E0 = %.3e", round,
                    last == Long.MAX_VALUE ? "unbounded" : String.valueOf(last),
                    round / Math.max(1e-9, (now - startNanos) / 1e9), relError));
        }
        if (round == last) {
            finish(reports, total, relError, now);
        }
    }

    /** The round's diag message (the CSV row's figures, and the run's size), and its sample if it has one. */
    private void publish(long step, List<PartitionReport> reports, Conserved total, double relError, double imbalance,
                         long roundNanos, long[] phaseMax, long[] phaseCpuMax) {
        long round = reports.get(0).round;
        LinkedHashMap<String, Number> diag = new LinkedHashMap<>();
        diag.put("round", round);
        diag.put("steps", config.params().steps());
        diag.put("time", round * config.params().dt());
        diag.put("bodies", total.bodies);
        diag.put("partitions", reports.size());
        diag.put("kinetic", total.value(Conserved.KINETIC));
        diag.put("potential", total.value(Conserved.POTENTIAL));
        diag.put("total_energy", total.totalEnergy());
        diag.put("rel_energy_error", relError);
        String[] vectors = {"px", "py", "pz", "lx", "ly", "lz"};
        for (int q = Conserved.PX; q <= Conserved.LZ; q++) {
            diag.put(vectors[q - Conserved.PX], total.value(q));
        }
        diag.put("interactions", total.interactions);
        diag.put("cost_imbalance", imbalance);
        diag.put("round_wall_ms", roundNanos / 1e6);
        for (Phase phase : Phase.values()) {
            diag.put(phase.column(), phaseMax[phase.ordinal()] / 1e6);
        }
        for (Phase phase : Phase.values()) {
            diag.put(phase.cpuColumn(), phaseCpuMax[phase.ordinal()] / 1e6);
        }
        StreamMessages messages = new StreamMessages().add(StreamFormat.DIAGNOSTICS, StreamFormat.encodeDiagnostics(diag));
        if (reports.get(0).sample != null) {
            List<BodySample> parts = new ArrayList<>();
            for (PartitionReport r : reports) {
                parts.add(r.sample);
            }
            BodySample s = BodySample.merge(parts);
            messages.add(StreamFormat.SAMPLE, StreamFormat.encodeSample(new StreamFormat.Sample(round,
                    round * config.params().dt(), total.bodies, config.stream().sampleStride(total.bodies), s.id, s.x,
                    s.y, s.z)));
        }
        emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, messages);
    }

    /**
     * The first round this task sees, or a replay: keeps the CSV rows (and plot points) of the rounds
     * before {@code round}, drops the rest, and takes the initial energy from the kept row 0.
     */
    private void startFrom(long round) throws IOException {
        Files.createDirectories(config.outputDir());
        List<String> kept = new ArrayList<>();
        kept.add(header());
        if (round > 0 && Files.exists(csv)) {
            for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
                String first = line.substring(0, Math.max(0, line.indexOf(',')));
                if (first.matches("\\d+") && Long.parseLong(first) < round) {
                    kept.add(line);
                    if (Long.parseLong(first) == 0) {
                        initialEnergy = Double.parseDouble(line.split(",")[4]);
                    }
                }
            }
            if (kept.size() != round + 1) {
                throw new IllegalStateException(csv + " lacks rows before round " + round + ": cannot continue it");
            }
            LOG.info("diagnostics continue at round {} ({} earlier rows kept)", round, round);
        }
        Path tmp = csv.resolveSibling(DIAGNOSTICS_CSV + ".tmp");
        Files.write(tmp, kept, StandardCharsets.UTF_8);
        Files.move(tmp, csv, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(config.outputDir().resolve(SUMMARY));
        series.dropFrom(round * config.params().dt());
    }

    private static String header() {
        StringBuilder header = new StringBuilder("round,time,kinetic,potential,total_energy,rel_energy_error,"
                + "px,py,pz,lx,ly,lz,interactions,cost_imbalance,round_wall_ms");
        for (Phase phase : Phase.values()) {
            header.append(',').append(phase.column());
        }
        for (Phase phase : Phase.values()) {
            header.append(',').append(phase.cpuColumn());
        }
        return header.toString();
    }

    /** Per phase, the largest of the partitions' times. */
    private static long[] slowestPartition(List<PartitionReport> reports, Function<PartitionReport, long[]> times) {
        long[] max = new long[Phase.values().length];
        for (PartitionReport r : reports) {
            long[] partitionTimes = times.apply(r);
            for (int k = 0; k < max.length; k++) {
                max[k] = Math.max(max[k], partitionTimes[k]);
            }
        }
        return max;
    }

    /** Deletes snapshots numbered {@code upToNumber} and below, newest first, until one is already gone. */
    private void pruneSnapshots(long upToNumber) throws IOException {
        Path dir = config.outputDir().resolve(UpdateBolt.SNAPSHOT_DIR);
        for (long number = upToNumber; number >= 0; number--) {
            boolean any = false;
            for (int p = 0; Files.exists(dir.resolve(GadgetSnapshot.fileName(number, p))); p++) {
                Files.delete(dir.resolve(GadgetSnapshot.fileName(number, p)));
                any = true;
            }
            if (!any) {
                return;
            }
        }
    }

    private void finish(List<PartitionReport> reports, Conserved total, double relError, long now) throws IOException {
        List<Bodies> parts = new ArrayList<>();
        for (PartitionReport r : reports) {
            parts.add(r.finalBodies);
        }
        Path out = config.outputDir();
        BodiesCsv.write(Bodies.concat(parts).sortedById(), out.resolve(FINAL_BODIES_CSV));
        series.plot(out.resolve(ENERGY_PLOT), total.bodies, reports.size());
        Path summary = out.resolve(SUMMARY);
        Path tmp = out.resolve(SUMMARY + ".tmp");
        Files.writeString(tmp, String.format("bodies=%d%nsteps=%d%npartitions=%d%nfinal_rel_energy_error=%s%n"
                        + "wall_seconds=%.3f%n", total.bodies, config.params().steps(), reports.size(), relError,
                (now - startNanos) / 1e9), StandardCharsets.UTF_8);
        Files.move(tmp, summary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        LOG.info("results in {}: {}, {}, {}", out.toAbsolutePath(), DIAGNOSTICS_CSV, FINAL_BODIES_CSV, ENERGY_PLOT);
    }

    private static String millis(long nanos) {
        return String.format("%.3f", nanos / 1e6);
    }
}
