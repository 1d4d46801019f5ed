package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.RoundObserver;
import io.stormsim.nbody.SequentialSimulation;
import java.util.List;

/** {@link SequentialSimulation}'s rounds as the benchmarks see them: each phase timed, and probed between phases. */
public final class SequentialPhases {
    public static final String[] PHASES = {SequentialSimulation.BOUNDS, SequentialSimulation.SORT,
        SequentialSimulation.TREE, SequentialSimulation.FORCE, SequentialSimulation.UPDATE};

    private final SequentialSimulation simulation;
    /** Interactions of the last round. */
    public long interactions;

    public SequentialPhases(Bodies initial, Parameters params) {
        this.simulation = new SequentialSimulation(initial, params);
    }

    /** One round; {@code seconds[phase]} receives each phase's wall time. */
    public Conserved round(double[] seconds, Probe probe) {
        Conserved conserved = simulation.round(new RoundObserver() {
            @Override
            public void phase(String phase, int partition, long nanos, Object... live) {
                seconds[List.of(PHASES).indexOf(phase)] = nanos / 1e9;
                probe.at(phase, live);
            }
        });
        interactions = conserved.interactions;
        return conserved;
    }

    public Bodies bodies() {
        return simulation.bodies();
    }

    /** Called after each phase with what it left live (the memory measurement uses it). */
    public interface Probe {
        Probe NONE = (phase, live) -> {
        };

        void at(String phase, Object... live);
    }
}
