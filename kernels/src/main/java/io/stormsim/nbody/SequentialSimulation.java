package io.stormsim.nbody;

import java.util.function.Consumer;

/** The reference run on one thread: the whole global tree every round. */
public final class SequentialSimulation {
    /** The phases of a sequential round, as {@link RoundObserver#phase} names them. */
    public static final String BOUNDS = "bounds", SORT = "keys+sort", TREE = "tree", FORCE = "force", UPDATE = "update";

    private final Parameters params;
    private Bodies bodies;
    private long round;

    public SequentialSimulation(Bodies initial, Parameters params) {
        this.params = params;
        this.bodies = initial.slice(0, initial.n);
    }

    /** Runs one force round and returns the conserved quantities at its time. */
    public Conserved round() {
        return round(RoundObserver.NONE);
    }

    /** Runs one force round, telling {@code observer} each phase's time and what it made. */
    public Conserved round(RoundObserver observer) {
        long t0 = System.nanoTime();
        RootCell root = RootCell.around(Box.of(bodies));
        long t1 = System.nanoTime();
        observer.phase(BOUNDS, 0, t1 - t0, root);
        PartitionPhases.KeyedBodies kb = PartitionPhases.KeyedBodies.sort(bodies, root);
        bodies = kb.bodies();
        long t2 = System.nanoTime();
        observer.phase(SORT, 0, t2 - t1, kb);
        Octree tree = TreeBuilder.build(bodies, kb.keys(), root, params.leafCapacity(), params.theta());
        long t3 = System.nanoTime();
        observer.phase(TREE, 0, t3 - t2, tree);
        Gravity.Field field = TreeWalk.field(tree, 0, new int[] {0}, 0, bodies.n, params.softening(), params.groupSize(),
                params.precision());
        long t4 = System.nanoTime();
        observer.phase(FORCE, 0, t4 - t3, field, tree);
        Conserved conserved = Leapfrog.close(bodies, field, params, round);
        Leapfrog.open(bodies, field, params, round++);
        observer.phase(UPDATE, 0, System.nanoTime() - t4, conserved);
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
