package io.stormsim.nbody.bolts;

import io.stormsim.bsp.FanIn;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.RoundFigures;
import io.stormsim.plot.BackgroundPlots;
import io.stormsim.plot.Charts;
import io.stormsim.run.Progress;
import io.stormsim.run.RunOutput;
import io.stormsim.stream.StreamBatch;
import io.stormsim.stream.StreamMessages;
import io.stormsim.stream.StreamPublisherBolt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run's sink: reduces the partitions' reports of each round ({@link RoundFigures}, in partition order, so
 * the figures do not depend on the partition count) into a row of {@code diagnostics.csv} ({@link
 * DiagnosticsLog}), the {@code stormsim.*} gauges and, when a publisher subscribes, the live stream's messages
 * ({@link DiagnosticsStream}, unanchored: rounds never wait for the stream); logs progress. After the last
 * round of a bounded run it writes {@code bodies-final.csv}, the plots {@code energy-error.png} and {@code
 * step-time.png} (also at checkpoints, at most once a minute, so a run without end has them: those drawn in the
 * background, since the next round would wait 0.3-0.4 s for them) and, last, {@code summary.txt}, whose presence
 * says the run completed. Runs as one task.
 */
public class DiagnosticsBolt extends NbodyBolt implements SingleTask {
    public static final String DIAGNOSTICS_CSV = DiagnosticsLog.FILE;
    public static final String FINAL_BODIES_CSV = "bodies-final.csv";
    public static final String ENERGY_PLOT = "energy-error.png";
    public static final String STEP_TIME_PLOT = "step-time.png";
    public static final String SUMMARY = RunOutput.SUMMARY;
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;
    /** Drawing both plots takes 0.3-0.4 s of a core (N = 10^5, 2 partitions): at checkpoints, once a minute at most. */
    private static final long PLOTS_EVERY_NANOS = 60_000_000_000L;
    private static final int MAX_PLOT_POINTS = 4096;

    private transient RunOutput output;
    private transient DiagnosticsLog log;
    private transient long nextRound;
    private transient double initialEnergy;
    private transient long startNanos, lastRoundNanos, lastLogNanos;
    private transient RoundSeries series;
    private transient volatile RoundFigures latest;
    private transient boolean publishing;
    private transient StreamBatch stream;
    private transient BackgroundPlots plotter;

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
        output = config.run().output();
        log = new DiagnosticsLog(output, config.run().steps() == 0 ? config.run().logRows() : 0);
        series = new RoundSeries(MAX_PLOT_POINTS);
        nextRound = -1;
        for (DiagnosticsColumns.Gauge g : DiagnosticsColumns.GAUGES) {
            context.registerGauge("stormsim." + g.name(), () -> latest == null ? 0.0 : g.value().applyAsDouble(latest));
        }
        startNanos = lastRoundNanos = System.nanoTime();
        publishing = config.stream().enabled() && hasSubscriber(StreamPublisherBolt.MESSAGES);
        stream = new StreamBatch();
        plotter = new BackgroundPlots("the plots in " + output.dir().toAbsolutePath(), PLOTS_EVERY_NANOS, startNanos);
    }

    @Override
    protected void onStep(long step, StepInputs in) throws Exception {
        List<PartitionReport> reports = in.all(UpdateBolt.REPORT);
        long round = reports.get(0).round;
        if (round != nextRound) {
            startAt(round);
        }
        long now = System.nanoTime();
        RoundFigures f = RoundFigures.reduce(round, config.params().dt(), initialEnergy,
                reports.stream().map(r -> r.conserved).toList(), reports.stream().map(r -> r.phaseNanos).toList(),
                reports.stream().map(r -> r.phaseCpuNanos).toList(), now - lastRoundNanos);
        if (Double.isNaN(initialEnergy)) {
            initialEnergy = f.total().totalEnergy();
        }
        log.append(f);
        latest = f;
        lastRoundNanos = now;
        nextRound = round + 1;
        series.add(f);
        if (publishing) {
            StreamMessages ready = stream.add(DiagnosticsStream.messages(f, config.params().steps(), reports,
                    config.stream()), now, round == config.run().lastRound());
            if (ready != null) {
                emitUnanchoredTo(StreamPublisherBolt.MESSAGES, 0, step, ready);
            }
        }
        if (config.run().checkpointAt(round) && round != config.run().lastRound() && plotter.due(now)) {
            plotter.draw(now, plots(f.total().bodies, reports.size()));
        }
        long last = config.run().lastRound();
        if (round == last || now - lastLogNanos > PROGRESS_EVERY_NANOS) {
            lastLogNanos = now;
            double seconds = (now - startNanos) / 1e9;
            LOG.info(String.format("step %d of %s%s  %.2f steps/s  dE/E0 = %.3e", round,
                    last == Long.MAX_VALUE ? "unbounded" : String.valueOf(last), Progress.of(round, last, seconds),
                    round / Math.max(1e-9, seconds), f.relEnergyError()));
        }
        if (round == last) {
            finish(reports, f, now);
        }
    }

    /** The first round this task sees, or a replay: the log continues at {@code round}, and the run is not complete. */
    private void startAt(long round) throws IOException {
        initialEnergy = log.startAt(round);
        if (round > 0 && Double.isNaN(initialEnergy)) {
            LOG.warn("diagnostics start at round {} with no earlier rows: energy errors are relative to round {}",
                    round, round);
        } else if (round > 0) {
            LOG.info("diagnostics continue at round {}", round);
        }
        output.clearComplete();
        series.dropFrom(round);
    }

    private void finish(List<PartitionReport> reports, RoundFigures f, long now) throws Exception {
        List<Bodies> parts = new ArrayList<>();
        for (PartitionReport r : reports) {
            parts.add(r.finalBodies);
        }
        BodiesCsv.write(Bodies.concat(parts).sortedById(), output.file(FINAL_BODIES_CSV));
        plotter.drawLast(plots(f.total().bodies, reports.size()));
        output.complete(String.format("bodies=%d%nsteps=%d%npartitions=%d%nfinal_rel_energy_error=%s%n"
                        + "wall_seconds=%.3f%n", f.total().bodies, config.params().steps(), reports.size(),
                f.relEnergyError(), (now - startNanos) / 1e9));
        LOG.info("results in {}: {}, {}, {}, {}", output.dir().toAbsolutePath(), DIAGNOSTICS_CSV, FINAL_BODIES_CSV,
                ENERGY_PLOT, STEP_TIME_PLOT);
    }

    /** Draws both plots from the series as it is now (copies: the rounds go on adding to it). */
    private Runnable plots(long bodies, int partitions) {
        String run = String.format(Locale.ROOT, "Barnes-Hut, %,d bodies, %d partition%s, theta %s, dt %s", bodies,
                partitions, partitions == 1 ? "" : "s", config.params().theta(), config.params().dt());
        double[] times = series.times(), errors = series.relEnergyErrors(), rounds = series.rounds(),
                roundMs = series.roundMillis();
        double[][] phaseMs = series.phaseMillis();
        Path energyPlot = output.file(ENERGY_PLOT), stepTimePlot = output.file(STEP_TIME_PLOT);
        return () -> {
            try {
                Charts.writePng(EnergyErrorPlot.chart(times, errors, run), energyPlot);
                Charts.writePng(StepTimePlot.chart(rounds, phaseMs, roundMs, run), stepTimePlot);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @Override
    public void cleanup() {
        plotter.close();
        output.close();
        super.cleanup();
    }
}
