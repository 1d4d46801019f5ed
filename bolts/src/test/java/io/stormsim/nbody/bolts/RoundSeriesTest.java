package io.stormsim.nbody.bolts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.RoundFigures;
import org.junit.jupiter.api.Test;

/** The plots' series stays within its capacity by keeping evenly spaced rounds, each with its own figures. */
class RoundSeriesTest {
    /** Round r's figures: time r/100, error -r/1e6, round r + 10 ms, phase p p + r ms. */
    static RoundFigures figures(long round) {
        long[] wall = new long[Phase.values().length];
        for (int p = 0; p < wall.length; p++) {
            wall[p] = (p + round) * 1_000_000L;
        }
        return new RoundFigures(round, round / 100.0, new Conserved(), -round / 1e6, 1.0, (round + 10) * 1_000_000L,
                wall, new long[wall.length]);
    }

    @Test
    void whenFullItKeepsEveryOtherRoundAndFromThenOnEveryOtherNewOne() {
        RoundSeries series = new RoundSeries(4);
        for (long r = 0; r < 10; r++) {
            series.add(figures(r));
        }
        assertArrayEquals(new double[] {0, 4, 8}, series.rounds());
        assertArrayEquals(new double[] {0, 0.04, 0.08}, series.times());
        assertArrayEquals(new double[] {0, -4e-6, -8e-6}, series.relEnergyErrors());
        assertArrayEquals(new double[] {10, 14, 18}, series.roundMillis());
        assertArrayEquals(new double[] {Phase.FORCE.ordinal(), Phase.FORCE.ordinal() + 4, Phase.FORCE.ordinal() + 8},
                series.phaseMillis()[Phase.FORCE.ordinal()]);
    }

    @Test
    void aReplayDropsTheRoundsItRedoes() {
        RoundSeries series = new RoundSeries(16);
        for (long r = 0; r < 6; r++) {
            series.add(figures(r));
        }
        series.dropFrom(3);
        series.add(figures(3));
        assertArrayEquals(new double[] {0, 1, 2, 3}, series.rounds());
        assertArrayEquals(new double[] {0, 1, 2, 3}, series.phaseMillis()[Phase.BOUNDS.ordinal()]);
    }
}
