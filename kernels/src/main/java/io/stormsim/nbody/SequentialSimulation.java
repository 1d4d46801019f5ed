package io.stormsim.nbody;

import java.util.function.Consumer;

/** The reference run on one thread: the whole global tree every round. */
public final class SequentialSimulation {
    private final Parameters params;
    private Bodies bodies;
    private long round;

    public SequentialSimulation(Bodies initial, Parameters params) {
        this.params = params;
        this.bodies = initial.slice(0, initial.n);
    }

    /** Runs one force round and returns the conserved quantities at its time. */
    public Conserved round() {
        RootCell root = RootCell.around(Box.of(bodies));
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(bodies, root);
        bodies = kb.bodies();
        Octree tree = TreeBuilder.build(bodies, kb.keys(), root, params.leafCapacity(), params.theta());
        Gravity.Field field = TreeWalk.field(tree, 0, new int[] {0}, 0, bodies.n, params.softening(), params.groupSize());
        Conserved conserved = Leapfrog.close(bodies, field, params.dt(), round);
        Leapfrog.open(bodies, field, params.dt(), round++, params.steps());
        return conserved;
    }

    /** Runs rounds 0..steps (the parameters must bound the run), handing each round's quantities to {@code each}. */
    public Bodies run(Consumer<Conserved> each) {
        if (params.steps() == 0) {
            throw new IllegalStateException("an unbounded run (steps = 0) cannot be run to its end");
        }
        while (round <= params.steps()) {
            each.accept(round());
        }
        return bodies;
    }

    public Bodies bodies() {
        return bodies;
    }
}
