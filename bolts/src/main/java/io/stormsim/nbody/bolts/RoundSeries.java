package io.stormsim.nbody.bolts;

import io.stormsim.nbody.RoundFigures;
import java.util.Arrays;

/**
 * The figures the run's plots draw, one point a kept round: time, relative energy error, the round's wall time
 * and each phase's ({@link EnergyErrorPlot}, {@link StepTimePlot}). Bounded memory however long the run: when
 * full, every other point is dropped and only every other new round is kept from then on.
 */
final class RoundSeries {
    private static final int ROUND = 0, TIME = 1, ERROR = 2, ROUND_MS = 3, FIRST_PHASE_MS = 4;
    /** [figure][point]. */
    private final double[][] figures = new double[FIRST_PHASE_MS + Phase.values().length][];
    private int size, stride = 1;
    private long seen;

    RoundSeries(int capacity) {
        for (int k = 0; k < figures.length; k++) {
            figures[k] = new double[capacity];
        }
    }

    void add(RoundFigures f) {
        if (seen++ % stride != 0) {
            return;
        }
        if (size == figures[0].length) {
            for (double[] figure : figures) {
                for (int i = 0; i < size / 2; i++) {
                    figure[i] = figure[2 * i];
                }
            }
            size /= 2;
            stride *= 2;
        }
        figures[ROUND][size] = f.round();
        figures[TIME][size] = f.time();
        figures[ERROR][size] = f.relEnergyError();
        figures[ROUND_MS][size] = f.roundWallNanos() / 1e6;
        for (Phase phase : Phase.values()) {
            figures[FIRST_PHASE_MS + phase.ordinal()][size] = f.phaseWallNanos()[phase.ordinal()] / 1e6;
        }
        size++;
    }

    /** Drops the points of round {@code round} and after (a replayed stretch of the run). */
    void dropFrom(long round) {
        while (size > 0 && figures[ROUND][size - 1] >= round) {
            size--;
        }
    }

    double[] rounds() {
        return figure(ROUND);
    }

    double[] times() {
        return figure(TIME);
    }

    double[] relEnergyErrors() {
        return figure(ERROR);
    }

    /** Wall milliseconds from the previous round's reports to this round's, at this sink (column round_wall_ms). */
    double[] roundMillis() {
        return figure(ROUND_MS);
    }

    /** Per {@link Phase}, its wall milliseconds on its slowest partition (columns bounds_ms .. update_ms). */
    double[][] phaseMillis() {
        double[][] ms = new double[Phase.values().length][];
        for (Phase phase : Phase.values()) {
            ms[phase.ordinal()] = figure(FIRST_PHASE_MS + phase.ordinal());
        }
        return ms;
    }

    private double[] figure(int k) {
        return Arrays.copyOf(figures[k], size);
    }
}
