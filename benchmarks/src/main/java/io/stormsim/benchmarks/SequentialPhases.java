package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Leapfrog;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.TreeBuilder;
import io.stormsim.nbody.TreeWalk;

/**
 * {@code SequentialSimulation.round()} taken apart: the same kernel calls in the same order, each phase
 * timed. Gives the same bits as SequentialSimulation (ScalingBench checks it).
 */
public final class SequentialPhases {
    public static final String[] PHASES = {"bounds", "keys+sort", "tree", "force", "update"};
    public static final int BOUNDS = 0, SORT = 1, TREE = 2, FORCE = 3, UPDATE = 4;

    private final Parameters params;
    private Bodies bodies;
    private long round;
    /** Interactions of the last round. */
    public long interactions;

    public SequentialPhases(Bodies initial, Parameters params) {
        this.params = params;
        this.bodies = initial.slice(0, initial.n);
    }

    /** One round; {@code seconds[phase]} receives each phase's wall time. */
    public Conserved round(double[] seconds, Probe probe) {
        long t0 = System.nanoTime();
        RootCell root = RootCell.around(Box.of(bodies));
        long t1 = System.nanoTime();
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(bodies, root);
        bodies = kb.bodies();
        long t2 = System.nanoTime();
        probe.at("keys+sort", kb);
        Octree tree = TreeBuilder.build(bodies, kb.keys(), root, params.leafCapacity(), params.theta());
        long t3 = System.nanoTime();
        probe.at("tree", tree);
        Gravity.Field field = TreeWalk.field(tree, 0, new int[] {0}, 0, bodies.n, params.softening(),
                params.groupSize());
        long t4 = System.nanoTime();
        probe.at("force", field, tree);
        Conserved conserved = Leapfrog.close(bodies, field, params.dt(), round);
        Leapfrog.open(bodies, field, params.dt(), round++, params.steps());
        long t5 = System.nanoTime();
        seconds[BOUNDS] = (t1 - t0) / 1e9;
        seconds[SORT] = (t2 - t1) / 1e9;
        seconds[TREE] = (t3 - t2) / 1e9;
        seconds[FORCE] = (t4 - t3) / 1e9;
        seconds[UPDATE] = (t5 - t4) / 1e9;
        interactions = conserved.interactions;
        return conserved;
    }

    public Bodies bodies() {
        return bodies;
    }

    /** Called between phases with what is live there (the memory measurement uses it). */
    public interface Probe {
        Probe NONE = (phase, live) -> {
        };

        void at(String phase, Object... live);
    }
}
