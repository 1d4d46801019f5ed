package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.SequentialSimulation;
import io.stormsim.plot.Charts;
import io.stormsim.run.Median;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Time per step of the sequential kernel against N, with the per-phase breakdown, the fit
 * t = a N log2 N and a log-log plot (the timing part of {@link ScalingStudy}).
 *
 * <p>Sizes run in ascending order in one JVM (the small ones warm the JIT up for the big ones). Each size
 * has warm-up rounds, then measured rounds (fewer for big N); each phase's time is the median over the
 * measured rounds. For N up to {@code --check-max} the same rounds are also run through
 * {@code SequentialSimulation.round()} itself: its median step time is reported beside the sum of the
 * phases, and the final bodies must have the same bits.
 */
@Command(name = "scaling-timing", sortOptions = false,
        description = {"Seconds per step of the sequential kernel against N, per phase, the fit a N log2 N and a log-log"
                + " plot (the timing part of bench scaling)."})
public final class ScalingBench implements Callable<Integer> {
    static final double THETA = 0.5, EPSILON = 0.01, DT = 0.005;

    @Option(names = "--sizes", paramLabel = "N,N...", split = ",", defaultValue = "1000,3000,10000,30000,100000,300000,1000000",
            description = "body counts, in ascending order (default: ${DEFAULT-VALUE})")
    private int[] sizes;
    @Option(names = "--check-max", paramLabel = "N", defaultValue = "100000",
            description = "up to this N, also run SequentialSimulation.round() and compare bits (default: ${DEFAULT-VALUE})")
    private int checkMax;
    @Option(names = "--csv", paramLabel = "FILE", description = "also write the rows as CSV")
    private Path csv;
    @Option(names = "--md", paramLabel = "FILE", description = "also write the Markdown")
    private Path md;
    @Option(names = "--png", paramLabel = "FILE", description = "the log-log plot")
    private Path png;

    record Row(int n, int rounds, double[] phase, double total, double fastest, double checkRound, boolean sameBits,
               double interactionsPerBody) {
    }

    static int measuredRounds(int n) {
        return (int) Math.max(3, Math.min(30, Math.round(1e6 / n)));
    }

    static int warmupRounds(int n) {
        return Math.max(n >= 500_000 ? 1 : 2, Math.min(20, 200_000 / n));
    }

    @Override
    public Integer call() throws Exception {
        double loadBefore = Machine.load();
        List<Row> rows = new ArrayList<>();
        for (int n : sizes) {
            rows.add(measure(n, n <= checkMax));
            Row r = rows.get(rows.size() - 1);
            System.err.printf("bench scaling: N=%d  %.4f s/step  (load %.2f)%n", n, r.total, Machine.load());
        }
        double loadAfter = Machine.load();

        int k = rows.size();
        double[] x = new double[k], t = new double[k], logN = new double[k], logT = new double[k];
        for (int i = 0; i < k; i++) {
            Row r = rows.get(i);
            x[i] = r.n * Stats.log2(r.n);
            t[i] = r.total;
            logN[i] = Math.log(r.n);
            logT[i] = Math.log(r.total);
        }
        double a = Stats.fitRelative(x, t), aAbs = Stats.fitAbsolute(x, t);
        int firstBig = 0;
        while (firstBig < k - 1 && rows.get(firstBig).n < 100_000) {
            firstBig++;
        }
        double aBig = Stats.fitRelative(Arrays.copyOfRange(x, firstBig, k), Arrays.copyOfRange(t, firstBig, k));
        double[] power = Stats.line(logN, logT);

        StringBuilder sb = new StringBuilder();
        PrintStream o = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                sb.append((char) b);
            }
        }, true, StandardCharsets.ISO_8859_1);
        o.println("machine: " + Machine.line());
        o.printf("load average (1 min): %.2f before, %.2f after; theta %.1f, eps %.2f, dt %.3f, leaf %d, group %d,"
                        + " Plummer seed 42; times are medians over the measured rounds, after warm-up rounds%n",
                loadBefore, loadAfter, THETA, EPSILON, DT, Parameters.DEFAULT_LEAF_CAPACITY,
                Parameters.DEFAULT_GROUP_SIZE);
        o.println();
        o.println("| N | rounds | s/step | fastest round s | bounds ms | keys+sort ms | tree ms | force ms | update ms | force % |"
                + " interactions/body | force ns/interaction | round() s/step | fit a N log2 N | residual |"
                + " residual of the N >= 1e5 fit |");
        o.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int i = 0; i < k; i++) {
            Row r = rows.get(i);
            double fit = a * x[i];
            o.printf("| %d | %d | %.4g | %.4g | %s | %s | %s | %s | %s | %.0f | %.0f | %.2f | %s | %.4g | %+.1f%% | %+.1f%% |%n",
                    r.n, r.rounds, r.total, r.fastest, ms(r.phase[0]), ms(r.phase[1]), ms(r.phase[2]), ms(r.phase[3]),
                    ms(r.phase[4]), 100 * r.phase[3] / r.total, r.interactionsPerBody,
                    1e9 * r.phase[3] / (r.interactionsPerBody * r.n),
                    Double.isNaN(r.checkRound) ? "-" : String.format("%.4g%s", r.checkRound,
                            r.sameBits ? "" : " (BITS DIFFER)"), fit, 100 * (r.total / fit - 1),
                    100 * (r.total / (aBig * x[i]) - 1));
        }
        o.println();
        o.printf("fit t = a N log2 N (least squares on relative residuals, all N): a = %.4g s = %.2f ns;"
                + " over N >= 1e5 only: a = %.4g s = %.2f ns; plain least squares (dominated by the largest N):"
                + " a = %.4g s; free power law: t ~ N^%.3f%n", a, a * 1e9, aBig, aBig * 1e9, aAbs, power[1]);
        double[] ipb = new double[k];
        for (int i = 0; i < k; i++) {
            ipb[i] = rows.get(i).interactionsPerBody;
        }
        double[] il = Stats.line(Arrays.stream(rows.stream().mapToInt(Row::n).toArray())
                .mapToDouble(Stats::log2).toArray(), ipb);
        o.printf("interactions per body ~ %.0f + %.1f log2 N (least squares)%n", il[0], il[1]);
        for (int i = 0; i < k; i++) {
            Row r = rows.get(i);
            if (!Double.isNaN(r.checkRound) && !r.sameBits) {
                o.println("WARNING: N=" + r.n + ": the timed phases did not give SequentialSimulation's bits");
            }
        }
        System.out.print(sb);
        if (md != null) {
            Files.writeString(md, sb.toString());
        }
        if (csv != null) {
            StringBuilder c = new StringBuilder("n,rounds,seconds_per_step,bounds_s,sort_s,tree_s,force_s,update_s,"
                    + "interactions_per_body,round_s,fit_s\n");
            for (int i = 0; i < k; i++) {
                Row r = rows.get(i);
                c.append(String.format("%d,%d,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.2f,%s,%.6g%n", r.n, r.rounds, r.total,
                        r.phase[0], r.phase[1], r.phase[2], r.phase[3], r.phase[4], r.interactionsPerBody,
                        Double.isNaN(r.checkRound) ? "" : String.format("%.6g", r.checkRound), a * x[i]));
            }
            Files.writeString(csv, c.toString());
        }
        if (png != null) {
            double[][] phaseSeconds = new double[SequentialPhases.PHASES.length][];
            for (int ph = 0; ph < phaseSeconds.length; ph++) {
                int p = ph;
                phaseSeconds[ph] = rows.stream().mapToDouble(r -> r.phase[p]).toArray();
            }
            Files.createDirectories(png.toAbsolutePath().getParent());
            Charts.writePng(ScalingPlot.chart(rows.stream().mapToDouble(Row::n).toArray(), t, SequentialPhases.PHASES,
                    phaseSeconds, a, aBig, Machine.cpuModel()), png);
        }
        return 0;
    }

    private static String ms(double s) {
        double v = 1e3 * s;
        return v >= 100 ? String.format("%.0f", v) : v >= 10 ? String.format("%.1f", v) : String.format("%.2f", v);
    }

    static Row measure(int n, boolean check) {
        Bodies initial = PlummerSphere.generate(n, 42);
        Parameters params = Parameters.of(0, DT, THETA, EPSILON);
        int warm = warmupRounds(n), rounds = measuredRounds(n);
        SequentialPhases sim = new SequentialPhases(initial, params);
        double[][] phase = new double[SequentialPhases.PHASES.length][rounds];
        double[] total = new double[rounds];
        double[] s = new double[SequentialPhases.PHASES.length];
        long interactions = 0;
        for (int r = 0; r < warm + rounds; r++) {
            sim.round(s, SequentialPhases.Probe.NONE);
            if (r >= warm) {
                double sum = 0;
                for (int p = 0; p < s.length; p++) {
                    phase[p][r - warm] = s[p];
                    sum += s[p];
                }
                total[r - warm] = sum;
                interactions = sim.interactions;
            }
        }
        double[] med = new double[s.length];
        for (int p = 0; p < s.length; p++) {
            med[p] = Median.of(phase[p]);
        }
        double checkRound = Double.NaN;
        boolean same = true;
        if (check) {
            SequentialSimulation ref = new SequentialSimulation(initial, params);
            double[] rt = new double[rounds];
            for (int r = 0; r < warm + rounds; r++) {
                long t0 = System.nanoTime();
                ref.round();
                if (r >= warm) {
                    rt[r - warm] = (System.nanoTime() - t0) / 1e9;
                }
            }
            checkRound = Median.of(rt);
            same = ref.bodies().sameStateBits(sim.bodies());
        }
        return new Row(n, rounds, med, Median.of(total), Arrays.stream(total).min().orElse(Double.NaN), checkRound,
                same, (double) interactions / n);
    }
}
