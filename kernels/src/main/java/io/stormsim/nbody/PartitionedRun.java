package io.stormsim.nbody;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Rounds of every partition run in one thread, each phase exchanging what the topology's bolts exchange
 * ({@link PartitionPhases}): the Storm-free twin of the Barnes-Hut topology, for tests (the same bits as
 * {@link SequentialSimulation} at any partition count) and for measuring the exchanges.
 */
public final class PartitionedRun {
    /** The phases of a partitioned round, as {@link RoundObserver#phase} names them. */
    public static final String KEYS = "bounds+keys", MIGRATE = "migrate+sort", LOCAL_TREE = "local tree",
            ESSENTIAL = "essential trees", FORCE = "assemble+force", UPDATE = "update";
    /** The exchanges between partitions, as {@link RoundObserver#sent} names them. */
    public static final String BOX = "box", HISTOGRAM = "histogram", BODIES = "bodies", REGION = "region",
            ESSENTIAL_TREE = "essential";

    private final Parameters params;
    private final int partitions;
    private final Bodies[] state;
    private long round;

    /** Each partition starts with its stripe of {@code initial}, as the topology's first round does. */
    public PartitionedRun(Bodies initial, int partitions, Parameters params) {
        this.params = params;
        this.partitions = partitions;
        this.state = new Bodies[partitions];
        for (int p = 0; p < partitions; p++) {
            state[p] = initial.stripe(p, partitions);
        }
    }

    /** Runs one round of every partition; returns the conserved quantities of all bodies. */
    public Conserved round(RoundObserver observer) {
        List<Box> boxes = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            boxes.add(Box.of(state[p]));
            sendToOthers(observer, BOX, p, boxes.get(p));
        }
        RootCell root = PartitionPhases.root(boxes);
        List<CostHistogram> histograms = new ArrayList<>();
        PartitionPhases.KeyedBodies[] keyed = new PartitionPhases.KeyedBodies[partitions];
        for (int p = 0; p < partitions; p++) {
            long t0 = System.nanoTime();
            keyed[p] = PartitionPhases.KeyedBodies.sort(state[p], root);
            histograms.add(PartitionPhases.histogram(keyed[p], params));
            observer.phase(KEYS, p, System.nanoTime() - t0, keyed[p], histograms.get(p));
            sendToOthers(observer, HISTOGRAM, p, histograms.get(p));
        }
        Decomposition d = PartitionPhases.decompose(histograms, partitions, params);
        List<List<Bodies>> inbox = new ArrayList<>();
        for (int q = 0; q < partitions; q++) {
            inbox.add(new ArrayList<>());
        }
        long[] migrateNanos = new long[partitions];
        for (int p = 0; p < partitions; p++) {
            long t0 = System.nanoTime();
            Bodies[] pieces = PartitionPhases.migrate(keyed[p], d);
            migrateNanos[p] = System.nanoTime() - t0;
            for (int q = 0; q < partitions; q++) {
                inbox.get(q).add(pieces[q]);
                if (q != p) {
                    observer.sent(BODIES, p, q, pieces[q]);
                }
            }
        }
        Octree[] local = new Octree[partitions];
        TargetRegion[] regions = new TargetRegion[partitions];
        for (int q = 0; q < partitions; q++) {
            long t0 = System.nanoTime();
            PartitionPhases.KeyedBodies owned = PartitionPhases.KeyedBodies.merge(inbox.get(q), root);
            state[q] = owned.bodies();
            long t1 = System.nanoTime();
            observer.phase(MIGRATE, q, migrateNanos[q] + t1 - t0, owned, root, d);
            local[q] = PartitionPhases.localTree(owned, root, d, q, params);
            regions[q] = TargetRegion.of(local[q], d.leafStart(q + 1) - d.leafStart(q));
            observer.phase(LOCAL_TREE, q, System.nanoTime() - t1, local[q]);
            sendToOthers(observer, REGION, q, regions[q]);
        }
        List<List<Octree>> received = new ArrayList<>();
        for (int q = 0; q < partitions; q++) {
            received.add(new ArrayList<>(Collections.nCopies(partitions, (Octree) null)));
        }
        for (int p = 0; p < partitions; p++) {
            long t0 = System.nanoTime();
            int subtrees = d.leafStart(p + 1) - d.leafStart(p);
            for (int q = 0; q < partitions; q++) {
                if (q == p) {
                    received.get(q).set(p, local[p]);
                } else {
                    Octree essential = PartitionPhases.essentialTree(local[p], subtrees, regions[q]);
                    received.get(q).set(p, essential);
                    observer.sent(ESSENTIAL_TREE, p, q, essential);
                }
            }
            observer.phase(ESSENTIAL, p, System.nanoTime() - t0);
        }
        Conserved total = new Conserved();
        for (int q = 0; q < partitions; q++) {
            long t0 = System.nanoTime();
            Gravity.Field f = PartitionPhases.field(d, root, received.get(q), q, state[q].n, params);
            long t1 = System.nanoTime();
            observer.phase(FORCE, q, t1 - t0, f);
            Conserved c = Leapfrog.close(state[q], f, params, round);
            Leapfrog.open(state[q], f, params, round);
            observer.phase(UPDATE, q, System.nanoTime() - t1, c);
            total.merge(c);
        }
        round++;
        return total;
    }

    private void sendToOthers(RoundObserver observer, String stream, int from, Object payload) {
        for (int q = 0; q < partitions; q++) {
            if (q != from) {
                observer.sent(stream, from, q, payload);
            }
        }
    }

    /** All partitions' bodies, by id. */
    public Bodies bodies() {
        return Bodies.concat(List.of(state)).sortedById();
    }
}
