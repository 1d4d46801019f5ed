package io.stormsim.water.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.run.Median;
import io.stormsim.run.Progress;
import io.stormsim.run.RunOutput;
import io.stormsim.stream.StreamBatch;
import io.stormsim.stream.StreamFormat;
import io.stormsim.stream.StreamMessages;
import io.stormsim.stream.StreamPublisherBolt;
import io.stormsim.water.BlockPartials;
import io.stormsim.water.Rdf;
import io.stormsim.water.RunConstants;
import io.stormsim.water.RunSums;
import io.stormsim.water.StepValues;
import io.stormsim.water.WaterModel;
import io.stormsim.water.WaterState;
import io.stormsim.water.WaterStateFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run's sink: folds the partitions' partial sums of each round in block order ({@link RunSums}, so the
 * values do not depend on the partition count), keeps the running sums behind the averages and hands them back to the
 * predictor for the next round, and every NPRINT steps appends the original's two table lines to {@value
 * #TABLE} and every printed quantity at full precision to {@value #CSV}. A replayed round (after a restore)
 * drops the rows from its step on, so the files read as one undisturbed run. With rdf.every set, the radial
 * distribution functions averaged over the samples of each rdf.every steps go to {@code rdf_<step>.csv}
 * ({@link RdfWindow}): here, not in a bolt of their own, so that they are written before the summary. After the last round it writes
 * the final state ({@value #FINAL_STATE}, a restart file) and, last, {@code summary.txt}. When a publisher
 * subscribes, each step goes to the live stream as a {@code diag} message ({@link #diag}, unanchored: rounds never
 * wait for it; handed over in batches, {@link StreamBatch}). Runs as one task.
 */
public class WaterSink extends WaterBolt implements SingleTask {
    public static final String TABLE = "water.out";
    public static final String CSV = "water.csv";
    public static final String FINAL_STATE = "water-final.state";
    public static final String SUMMARY = RunOutput.SUMMARY;
    static final String CSV_HEADER = "step,kinetic_TEN,intramolecular_POTA,intermolecular_POTR,reaction_field_POTRF,"
            + "total_XTT,temperature_AVGT,virial_XVIR";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;
    /** Step times kept for the summary's median: the newest this many. */
    private static final int TIMED_STEPS = 1024;

    private transient RunOutput output;
    private transient RunConstants constants;
    private transient long nextRound;
    private transient long startNanos, lastRoundNanos, lastLogNanos, stepNanos, stepRounds, pairs, bytes;
    /** Read by the metrics reporter's thread too. */
    private transient volatile StepValues lastPrinted;
    private transient double[] recentStepSeconds;
    private transient boolean publishing;
    private transient StreamBatch stream;
    /** Null when the radial distribution functions are off. */
    private transient RdfWindow rdf;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(PotentialBolt.REPORT, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of(PredictBolt.SUMS, StreamPublisherBolt.MESSAGES);
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        super.setUp(conf, context);
        output = config.run().output();
        constants = new RunConstants(config.input());
        nextRound = -1;
        recentStepSeconds = new double[TIMED_STEPS];
        startNanos = lastRoundNanos = System.nanoTime();
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
        stream = new StreamBatch();
        rdf = config.rdfEvery() == 0 ? null : new RdfWindow(output, new Rdf(constants, config.rdfBins()),
                config.rdfEvery(), config.rdfSampleEvery(), config.run().checkpointKeep());
        // the latest printed step's values, for the metrics reporters (0 before the first); the steps a second
        // are every phase's stormsim.step-compute count (StepBolt)
        context.registerGauge("stormsim.step", () -> lastPrinted == null ? 0 : lastPrinted.step());
        context.registerGauge("stormsim.total-energy", () -> lastPrinted == null ? 0.0 : lastPrinted.total());
        context.registerGauge("stormsim.kinetic-energy", () -> lastPrinted == null ? 0.0 : lastPrinted.kinetic());
        context.registerGauge("stormsim.temperature", () -> lastPrinted == null ? 0.0 : lastPrinted.temperature());
    }

    @Override
    protected void onStep(long step, StepInputs in) throws IOException {
        List<WaterReport> reports = in.all(PotentialBolt.REPORT);
        WaterReport first = reports.get(0);
        long round = first.round();
        for (WaterReport r : reports) {
            if (r.round() != round || r.step() != first.step() || r.mode() != first.mode()
                    || Double.doubleToRawLongBits(r.kineticSum()) != Double.doubleToRawLongBits(first.kineticSum())
                    || Double.doubleToRawLongBits(r.virialSum()) != Double.doubleToRawLongBits(first.virialSum())) {
                throw new IllegalStateException("partitions disagree on round " + round + ": " + r + " vs " + first);
            }
        }
        boolean stepped = first.mode() == WaterPartitionState.Mode.STEP;
        if (round != nextRound) {
            startAt(round, stepped ? first.step() - 1 : first.step());
        }
        long now = System.nanoTime();
        RunSums sums = new RunSums(constants, stepped ? first.step() - 1 : first.step(), first.kineticSum(),
                first.virialSum());
        if (stepped) {
            sums.endStep(all(reports, WaterReport::intramolecularVirial), all(reports, WaterReport::intermolecularVirial),
                    all(reports, WaterReport::kinetic));
            StepValues printed = first.potential() == null ? null : sums.values(all(reports, WaterReport::potential));
            if (printed != null) {
                print(printed);
            }
            if (rdf != null) {
                rdf.add(sums.step(), reports);
            }
            if (publishing) {
                StreamMessages ready = stream.add(diag(round, sums, printed, now - lastRoundNanos), now,
                        round == config.run().lastRound());
                if (ready != null) {
                    emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, ready);
                }
            }
            stepNanos += now - lastRoundNanos;
            recentStepSeconds[(int) (stepRounds % TIMED_STEPS)] = (now - lastRoundNanos) / 1e9;
            stepRounds++;
            for (WaterReport r : reports) {
                pairs += r.pairs();
                bytes += r.exchangedBytes();
            }
        }
        lastRoundNanos = now;
        nextRound = round + 1;
        if (rdf != null && config.run().checkpointAt(round + 1)) {
            rdf.checkpointed(sums.step());
        }
        long last = config.run().lastRound();
        if (round != last) {
            double[] next = {sums.kineticSum(), sums.virialSum()};
            emitToEach(PredictBolt.SUMS, step + 1, p -> next);
        }
        if (round == last || now - lastLogNanos > PROGRESS_EVERY_NANOS) {
            lastLogNanos = now;
            LOG.info(String.format("step %d (round %d of %s%s)  %.2f steps/s  total energy %s", first.step(), round,
                    last == Long.MAX_VALUE ? "unbounded" : String.valueOf(last),
                    Progress.of(round, last, (now - startNanos) / 1e9),
                    stepRounds / Math.max(1e-9, stepNanos / 1e9),
                    lastPrinted == null ? "-" : String.format("%.5f", lastPrinted.total())));
        }
        if (round == last) {
            finish(reports, sums, now);
        }
    }

    private static List<BlockPartials> all(List<WaterReport> reports, Function<WaterReport, BlockPartials> part) {
        List<BlockPartials> parts = new ArrayList<>(reports.size());
        for (WaterReport r : reports) {
            parts.add(part.apply(r));
        }
        return parts;
    }

    private void print(StepValues v) throws IOException {
        output.append(TABLE, v.tableLines());
        output.append(CSV, row(v) + "\n");
        lastPrinted = v;
    }

    /**
     * A step's diag message: the kinetic energy and the average temperature of every step, and the potential
     * energy (the three printed terms' sum) and the total only on printing steps ({@code printed} not null), so a
     * value is never repeated from an older step.
     */
    private StreamMessages diag(long round, RunSums sums, StepValues printed, long roundNanos) {
        LinkedHashMap<String, Number> fields = new LinkedHashMap<>();
        fields.put("round", round);
        fields.put("steps", config.run().steps());
        fields.put("step", sums.step());
        fields.put("time", sums.step() * config.input().timeStepSeconds());
        fields.put("kinetic", sums.kineticEnergy());
        if (printed != null) {
            fields.put("potential", printed.intramolecular() + printed.intermolecular() + printed.reactionField());
            fields.put("total", printed.total());
        }
        fields.put("temperature", sums.temperature());
        fields.put("round_wall_ms", roundNanos / 1e6);
        return new StreamMessages().add(StreamFormat.DIAGNOSTICS, StreamFormat.encodeDiagnostics(fields));
    }

    static String row(StepValues v) {
        return v.step() + "," + v.kinetic() + "," + v.intramolecular() + "," + v.intermolecular() + ","
                + v.reactionField() + "," + v.total() + "," + v.temperature() + "," + v.virial();
    }

    static StepValues parse(String row) {
        String[] f = row.split(",");
        return new StepValues(Integer.parseInt(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6]),
                Double.parseDouble(f[7]));
    }

    /**
     * The first round this task sees, or a replay: the files keep the printed steps up to {@code stepsDone}
     * (a run resumed into its own directory continues them), and the run is not complete.
     */
    private void startAt(long round, int stepsDone) throws IOException {
        output.clearComplete();
        Path csv = output.file(CSV);
        List<String> kept = new ArrayList<>(List.of(CSV_HEADER));
        StringBuilder table = new StringBuilder();
        if (round > 0 && Files.exists(csv)) {
            for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
                if (!line.equals(CSV_HEADER) && Integer.parseInt(line.substring(0, line.indexOf(','))) <= stepsDone) {
                    kept.add(line);
                    table.append(parse(line).tableLines());
                }
            }
            LOG.info("output continues at step {} (round {})", stepsDone + 1, round);
        }
        output.writeLines(CSV, kept);
        output.writeString(TABLE, table);
        if (rdf != null) {
            rdf.startAt(stepsDone);
        }
    }

    private void finish(List<WaterReport> reports, RunSums sums, long now) throws IOException {
        double[][] all = new double[config.input().order() + 1][WaterModel.PER_MOLECULE * config.molecules()];
        for (WaterReport r : reports) {
            for (int k = 0; k < all.length; k++) {
                System.arraycopy(r.finalDerivatives()[k], 0, all[k], WaterModel.PER_MOLECULE * r.from(),
                        r.finalDerivatives()[k].length);
            }
        }
        WaterStateFile.write(output.create().file(FINAL_STATE),
                new WaterState(config.input(), sums.step(), sums.kineticSum(), sums.virialSum(), all));
        double seconds = stepNanos / 1e9;
        output.complete(String.format("molecules=%d%nsteps=%d%nstep_reached=%d%npartitions=%d%ncutoff=%s%n"
                        + "final_total_XTT=%s%nstep_seconds_mean=%.6f%nstep_seconds_median=%.6f%npairs_in_cutoff_per_step=%.1f%n"
                        + "pairs_per_second=%.4g%nexchanged_bytes_per_step=%.1f%nwall_seconds=%.3f%n",
                config.molecules(), config.run().steps(), sums.step(), reports.size(), constants.cutoff,
                lastPrinted == null ? "none printed" : Double.toString(lastPrinted.total()),
                seconds / Math.max(1, stepRounds), stepRounds == 0 ? 0.0
                        : Median.of(Arrays.copyOf(recentStepSeconds, (int) Math.min(stepRounds, TIMED_STEPS))),
                (double) pairs / Math.max(1, stepRounds), pairs / Math.max(1e-9, seconds),
                (double) bytes / Math.max(1, stepRounds), (now - startNanos) / 1e9));
        LOG.info("results in {}: {}", output.dir().toAbsolutePath(), String.join(", ", results(config)));
    }

    /** The files a run with these settings writes (a pattern for the numbered ones), the summary last. */
    public static List<String> results(WaterConfig config) {
        return config.rdfEvery() == 0 ? List.of(TABLE, CSV, FINAL_STATE, SUMMARY)
                : List.of(TABLE, CSV, RdfWindow.FILES, FINAL_STATE, SUMMARY);
    }
}
