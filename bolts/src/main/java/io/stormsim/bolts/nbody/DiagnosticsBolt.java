package io.stormsim.bolts.nbody;

import io.stormsim.bolts.bsp.FanIn;
import io.stormsim.bolts.bsp.StepBolt;
import io.stormsim.bolts.bsp.StepInputs;
import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.BodiesCsv;
import io.stormsim.nbody.Conserved;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reduces the partitions' reports of each round (in partition order; the sums are exact, so the
 * figures do not depend on the partition count) into one row of {@code diagnostics.csv}: energies,
 * relative energy error against round 0, momentum, angular momentum, interactions, load imbalance,
 * wall time of the round and of each phase (slowest partition). Logs progress. After the last round of
 * a bounded run it writes {@code bodies-final.csv}, {@code energy-error.png} and, last, {@code summary.txt},
 * whose presence says the run completed. Runs as one task.
 */
public class DiagnosticsBolt extends StepBolt {
    public static final String DIAGNOSTICS_CSV = "diagnostics.csv";
    public static final String FINAL_BODIES_CSV = "bodies-final.csv";
    public static final String ENERGY_PLOT = "energy-error.png";
    public static final String SUMMARY = "summary.txt";
    private static final Logger LOG = LoggerFactory.getLogger("stormsim.progress");
    private static final long PROGRESS_EVERY_NANOS = 1_000_000_000L;

    private transient NbodyConfig config;
    private transient BufferedWriter csv;
    private transient double initialEnergy;
    private transient long startNanos, lastRoundNanos, lastLogNanos;
    private transient List<Double> times, energyErrors;

    @Override
    protected Map<String, FanIn> inputs() {
        return Map.of(UpdateBolt.REPORT, FanIn.EACH_SOURCE_TASK);
    }

    @Override
    protected List<String> outputs() {
        return List.of();
    }

    @Override
    protected void setUp(Map<String, Object> conf, TopologyContext context) {
        if (partitions != 1) {
            throw new IllegalStateException("the diagnostics bolt must run as one task, has " + partitions);
        }
        config = NbodyConfig.from(conf);
        times = new ArrayList<>();
        energyErrors = new ArrayList<>();
        try {
            Files.createDirectories(config.outputDir());
            Files.deleteIfExists(config.outputDir().resolve(SUMMARY));
            csv = Files.newBufferedWriter(config.outputDir().resolve(DIAGNOSTICS_CSV), StandardCharsets.UTF_8);
            StringBuilder header = new StringBuilder("round,time,kinetic,potential,total_energy,rel_energy_error,"
                    + "px,py,pz,lx,ly,lz,interactions,cost_imbalance,round_wall_ms");
            for (Phase phase : Phase.values()) {
                header.append(',').append(phase.column());
            }
            csv.write(header.toString());
            csv.newLine();
            csv.flush();
        } catch (IOException e) {
            throw new IllegalStateException(NbodyConfig.OUTPUT_DIR + " = " + config.outputDir()
                    + ": cannot write there: " + e.getMessage(), e);
        }
        startNanos = lastRoundNanos = System.nanoTime();
    }

    @Override
    protected void onStep(long round, StepInputs in) throws IOException {
        List<PartitionReport> reports = in.all(UpdateBolt.REPORT);
        Conserved total = new Conserved();
        long maxCost = 0;
        long[] phaseMax = new long[Phase.values().length];
        for (PartitionReport r : reports) {
            total.merge(r.conserved);
            maxCost = Math.max(maxCost, r.conserved.interactions);
            for (int k = 0; k < phaseMax.length; k++) {
                phaseMax[k] = Math.max(phaseMax[k], r.phaseNanos[k]);
            }
        }
        double energy = total.totalEnergy();
        if (round == 0) {
            initialEnergy = energy;
        }
        double relError = (energy - initialEnergy) / Math.abs(initialEnergy);
        double time = round * config.params().dt();
        long now = System.nanoTime();
        double meanCost = (double) total.interactions / reports.size();
        StringBuilder row = new StringBuilder();
        row.append(round).append(',').append(time).append(',').append(total.value(Conserved.KINETIC)).append(',')
                .append(total.value(Conserved.POTENTIAL)).append(',').append(energy).append(',').append(relError);
        for (int q = Conserved.PX; q <= Conserved.LZ; q++) {
            row.append(',').append(total.value(q));
        }
        row.append(',').append(total.interactions).append(',').append(meanCost > 0 ? maxCost / meanCost : 1.0)
                .append(',').append(millis(now - lastRoundNanos));
        for (long nanos : phaseMax) {
            row.append(',').append(millis(nanos));
        }
        csv.write(row.toString());
        csv.newLine();
        csv.flush();
        lastRoundNanos = now;
        times.add(time);
        energyErrors.add(relError);
        long last = config.params().lastRound();
        if (round == last || now - lastLogNanos > PROGRESS_EVERY_NANOS) {
            lastLogNanos = now;
            double stepsPerSecond = round / Math.max(1e-9, (now - startNanos) / 1e9);
            LOG.info(String.format("step %d of %s  %.2f steps/s  dE/E0 = %.3e", round,
                    last == Long.MAX_VALUE ? "unbounded" : String.valueOf(last), stepsPerSecond, relError));
        }
        if (round == last) {
            finish(reports, total, relError, now);
        }
    }

    private void finish(List<PartitionReport> reports, Conserved total, double relError, long now) throws IOException {
        List<Bodies> parts = new ArrayList<>();
        for (PartitionReport r : reports) {
            parts.add(r.finalBodies);
        }
        Path out = config.outputDir();
        BodiesCsv.write(Bodies.concat(parts).sortedById(), out.resolve(FINAL_BODIES_CSV));
        double[] t = times.stream().mapToDouble(Double::doubleValue).toArray();
        double[] e = energyErrors.stream().mapToDouble(Double::doubleValue).toArray();
        LinePlot.write(out.resolve(ENERGY_PLOT), "Relative energy error, " + total.bodies + " bodies, "
                + reports.size() + " partitions", "time (N-body units)", "(E - E0) / |E0|", t, e);
        csv.close();
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
