package io.stormsim.benchmarks;

import io.stormsim.nbody.bolts.Phase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * "Where a step goes", one row per topology run: the round's wall time split, from the run's {@code
 * diagnostics.csv}, into the phases' own CPU time (each phase on its slowest partition, the sum over the phases),
 * the phases' waiting for a core (their wall above their CPU), and what is outside the phases (Storm's hand-overs
 * between executors, the acks, the sink and the spout's trigger of the next round); then what the cores did
 * meanwhile ({@link CoreShares}). Means over the measured rounds, so the three parts add up to the round.
 */
final class StepShares {
    static final String HEADER = "| N | precision | partitions | round ms, mean | phases' CPU, slowest partition |"
            + " phases waiting for a core | outside the phases: hand-overs, acks, sink, spout |"
            + " cores: phase threads | JIT | GC | Storm and the rest | idle |\n|---|---|---|---|---|---|---|---|---|---|---|---|";

    private StepShares() {
    }

    /**
     * The row for the run whose diagnostics are {@code csv}, over its rounds from {@code warmup} on, with the
     * topology measurement's result tokens (heap, then the {@link CoreShares.Shares} fields in order).
     */
    static String row(String key, Path csv, int warmup, String[] result) throws IOException {
        List<String> rows = Files.readAllLines(csv);
        List<String> header = Arrays.asList(rows.get(0).split(","));
        int wall = header.indexOf("round_wall_ms");
        double round = 0, cpu = 0, phases = 0;
        List<String> measured = rows.subList(1 + warmup, rows.size());
        for (String row : measured) {
            String[] f = row.split(",");
            round += Double.parseDouble(f[wall]);
            for (Phase phase : Phase.values()) {
                phases += Double.parseDouble(f[header.indexOf(phase.column())]);
                cpu += Double.parseDouble(f[header.indexOf(phase.cpuColumn())]);
            }
        }
        int k = measured.size();
        round /= k;
        cpu /= k;
        phases /= k;
        int cores = Runtime.getRuntime().availableProcessors();
        double[] share = new double[5];
        for (int i = 0; i < share.length; i++) {
            share[i] = 100 * Double.parseDouble(result[2 + i]) / cores;
        }
        return String.format("%s %.1f | %.1f (%.0f%%) | %.1f (%.0f%%) | %.1f (%.0f%%) | %.0f%% | %.0f%% | %.0f%% | %.0f%% | %.0f%% |",
                key, round, cpu, 100 * cpu / round, phases - cpu, 100 * (phases - cpu) / round, round - phases,
                100 * (round - phases) / round, share[0], share[1], share[2], share[3], share[4]);
    }
}
