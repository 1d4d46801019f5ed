package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.CostHistogram;
import io.stormsim.nbody.Decomposition;
import io.stormsim.nbody.Gravity;
import io.stormsim.nbody.Leapfrog;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.TargetRegion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Bytes exchanged between partitions per step, from the partition phases run partition by partition in
 * one thread (as PartitionPhasesTest.runPartitioned does, and as the topology exchanges them); the exchange
 * part of {@link ScalingStudy}.
 *
 * <p>Counted (payload bytes, as the primitive arrays the Kryo serializers write; framing not counted), for
 * messages between different partitions only:
 * <ul>
 * <li>essential trees: cellCount * CELL_STRIDE * 8 + cellCount * LINK_STRIDE * 4
 *     + bodyCount * (BODY_STRIDE * 8 + 8) per tree sent;
 * <li>migration: bodies that change partition * 72 (id, mass, position, velocity, cost);
 * <li>small all-to-all messages: boxes (48 B) twice per step (bounds, extents) and the cost histograms
 *     (24 B per non-empty bin).
 * </ul>
 * "Max into one partition" is what the busiest receiver gets: essential trees, migrated bodies, the others'
 * histograms and boxes. The comparison is shipping every body to every other partition each step: N (P - 1) * 40 B (position,
 * mass, id: what a force computation needs). The first round starts from stripes in input order and
 * moves most bodies; the table reports the last round (decomposition from the previous round's costs).
 * Also the compute time of the distributed phases, as the slowest partition spends it.
 */
@Command(name = "exchange", sortOptions = false,
        description = {"Bytes between partitions per step, and the distributed phases' compute time, partition by"
                + " partition in one thread (the exchange part of bench scaling)."})
public final class ExchangeBench implements Callable<Integer> {
    static final int BODY_BYTES = 72, MINIMAL_BODY_BYTES = 40;

    static long treeBytes(Octree t) {
        return bytes(t.cellCount, t.bodyCount);
    }

    static long bytes(long cells, long bodies) {
        return cells * Octree.CELL_STRIDE * 8 + cells * Octree.LINK_STRIDE * 4 + bodies * (Octree.BODY_STRIDE * 8 + 8);
    }

    /** One round's exchange and the slowest partition's phase times. */
    record Round(long essentialBytes, long essentialCells, long essentialBodies, long migrated, long smallBytes,
                 long maxPartitionInBytes, double[] maxPhaseSeconds, double imbalance, long oneBoxBytes,
                 long oneBoxBodies, double boxVolumeShare, long histogramBins, long histogramBytes,
                 double rootSide) {
        long migrationBytes() {
            return migrated * BODY_BYTES;
        }

        long total() {
            return essentialBytes + migrationBytes() + smallBytes;
        }
    }

    static final String[] PHASES = {"bounds+keys", "migrate+sort", "local tree", "essential trees",
        "assemble+force", "update"};

    static List<Round> run(Bodies initial, int partitions, Parameters params, int rounds) {
        Bodies[] state = new Bodies[partitions];
        for (int p = 0; p < partitions; p++) {
            state[p] = initial.stripe(p, partitions);
        }
        List<Round> out = new ArrayList<>();
        for (long round = 0; round < rounds; round++) {
            double[][] t = new double[PHASES.length][partitions];
            long small = 0, histogramBins = 0, histogramBytes = 0;
            List<Box> boxes = new ArrayList<>();
            for (Bodies b : state) {
                boxes.add(Box.of(b));
            }
            small += 48L * partitions * (partitions - 1);
            RootCell root = PartitionPhases.root(boxes);
            List<CostHistogram> histograms = new ArrayList<>();
            PartitionPhases.KeyedBodies[] keyed = new PartitionPhases.KeyedBodies[partitions];
            for (int p = 0; p < partitions; p++) {
                long t0 = System.nanoTime();
                keyed[p] = PartitionPhases.KeyedBodies.sort(state[p], root);
                histograms.add(PartitionPhases.histogram(keyed[p], params));
                t[0][p] = (System.nanoTime() - t0) / 1e9;
                small += 24L * histograms.get(p).size * (partitions - 1);
                histogramBins += histograms.get(p).size;
                histogramBytes += 24L * histograms.get(p).size * (partitions - 1);
            }
            Decomposition d = PartitionPhases.decompose(histograms, partitions, params);
            List<List<Bodies>> inbox = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                inbox.add(new ArrayList<>());
            }
            long migrated = 0;
            for (int p = 0; p < partitions; p++) {
                long t0 = System.nanoTime();
                Bodies[] pieces = PartitionPhases.migrate(keyed[p], d);
                t[1][p] += (System.nanoTime() - t0) / 1e9;
                for (int q = 0; q < partitions; q++) {
                    inbox.get(q).add(pieces[q]);
                    if (q != p) {
                        migrated += pieces[q].n;
                    }
                }
            }
            Octree[] local = new Octree[partitions];
            Box[] ownBox = new Box[partitions];
            for (int q = 0; q < partitions; q++) {
                long t0 = System.nanoTime();
                PartitionPhases.KeyedBodies owned = PartitionPhases.KeyedBodies.sort(Bodies.concat(inbox.get(q)), root);
                state[q] = owned.bodies();
                ownBox[q] = Box.of(state[q]);
                long t1 = System.nanoTime();
                local[q] = PartitionPhases.localTree(owned, root, d, q, params);
                t[1][q] += (t1 - t0) / 1e9;
                t[2][q] = (System.nanoTime() - t1) / 1e9;
            }
            small += 48L * partitions * (partitions - 1);
            long essentialBytes = 0, essentialCells = 0, essentialBodies = 0;
            long[] inBytes = new long[partitions];
            long oneBoxBytes = 0, oneBoxBodies = 0;
            TargetRegion[] regions = new TargetRegion[partitions];
            double rootVolume = Math.pow(2 * root.half, 3), boxVolume = 0;
            for (int q = 0; q < partitions; q++) {
                regions[q] = TargetRegion.of(local[q], d.leafStart(q + 1) - d.leafStart(q));
                double[] b = ownBox[q].bounds;
                boxVolume += (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]) / rootVolume / partitions;
            }
            List<List<Octree>> received = new ArrayList<>();
            for (int q = 0; q < partitions; q++) {
                received.add(new ArrayList<>(Arrays.asList(new Octree[partitions])));
            }
            for (int p = 0; p < partitions; p++) {
                int subtrees = d.leafStart(p + 1) - d.leafStart(p);
                t[3][p] = 0;
                for (int q = 0; q < partitions; q++) {
                    if (q == p) {
                        received.get(q).set(p, local[p]);
                        continue;
                    }
                    long t0 = System.nanoTime();
                    Octree e = PartitionPhases.essentialTree(local[p], subtrees, regions[q]);
                    t[3][p] += (System.nanoTime() - t0) / 1e9;
                    received.get(q).set(p, e);
                    long bytes = treeBytes(e);
                    Octree oneBox = PartitionPhases.essentialTree(local[p], subtrees,
                            new TargetRegion(ownBox[q], new Box[] {ownBox[q]}));
                    oneBoxBytes += treeBytes(oneBox);
                    oneBoxBodies += oneBox.bodyCount;
                    essentialBytes += bytes;
                    essentialCells += e.cellCount;
                    essentialBodies += e.bodyCount;
                    inBytes[q] += bytes;
                }
            }
            long totalInteractions = 0, maxInteractions = 0;
            for (int q = 0; q < partitions; q++) {
                long t0 = System.nanoTime();
                Gravity.Field f = PartitionPhases.field(d, root, received.get(q), q, state[q].n, params);
                long t1 = System.nanoTime();
                Conserved c = Leapfrog.close(state[q], f, params.dt(), round);
                Leapfrog.open(state[q], f, params.dt(), round, params.steps());
                t[4][q] = (t1 - t0) / 1e9;
                t[5][q] = (System.nanoTime() - t1) / 1e9;
                totalInteractions += c.interactions;
                maxInteractions = Math.max(maxInteractions, c.interactions);
            }
            for (int q = 0; q < partitions; q++) {
                for (int p = 0; p < partitions; p++) {
                    if (p != q) {
                        inBytes[q] += (long) inbox.get(q).get(p).n * BODY_BYTES + 24L * histograms.get(p).size + 96;
                    }
                }
            }
            double[] maxPhase = new double[PHASES.length];
            for (int ph = 0; ph < PHASES.length; ph++) {
                maxPhase[ph] = Arrays.stream(t[ph]).max().orElse(0);
            }
            out.add(new Round(essentialBytes, essentialCells, essentialBodies, migrated, small,
                    Arrays.stream(inBytes).max().orElse(0), maxPhase,
                    (double) maxInteractions * partitions / Math.max(1, totalInteractions), oneBoxBytes,
                    oneBoxBodies, boxVolume, histogramBins, histogramBytes, 2 * root.half));
        }
        return out;
    }

    @Option(names = "--sizes", paramLabel = "N,N...", split = ",", defaultValue = "10000,100000,1000000",
            description = "body counts (default: ${DEFAULT-VALUE})")
    private int[] sizes;
    @Option(names = "--partitions", paramLabel = "P,P...", split = ",", defaultValue = "2",
            description = "partition counts (default: ${DEFAULT-VALUE})")
    private int[] parts;
    @Option(names = "--rounds", paramLabel = "R", defaultValue = "3", description = "rounds; the row is the last (default: ${DEFAULT-VALUE})")
    private int rounds;
    @Option(names = "--csv", paramLabel = "FILE", description = "also write every round as CSV")
    private Path csv;
    @Option(names = "--md", paramLabel = "FILE", description = "also write the Markdown")
    private Path md;

    @Override
    public Integer call() throws Exception {
        Parameters params = Parameters.of(0, ScalingBench.DT, ScalingBench.THETA, ScalingBench.EPSILON);
        StringBuilder sb = new StringBuilder();
        StringBuilder c = new StringBuilder("n,partitions,round,essential_bytes,essential_cells,essential_bodies,"
                + "migrated_bodies,migration_bytes,small_bytes,total_bytes,all_bodies_bytes,max_partition_in_bytes,"
                + "imbalance,one_box_essential_bytes,one_box_bodies,box_volume_share,histogram_bins,histogram_bytes,"
                + "root_side," + String.join(",", Arrays.stream(PHASES).map(s -> s.replaceAll("[^a-z]+", "_") + "_s")
                .toArray(String[]::new)) + "\n");
        sb.append("machine: ").append(Machine.line()).append(String.format("; load %.2f at start%n", Machine.load()));
        sb.append(String.format("theta %.1f, eps %.2f, Plummer seed 42, %d rounds from stripes in input order; the"
                + " row is the last round. MB = 10^6 bytes.%n%n", ScalingBench.THETA, ScalingBench.EPSILON, rounds));
        sb.append("| N | P | essential trees MB | (cells, bodies) | migration MB (bodies) | boxes + histograms MB (bins) |"
                + " total MB/step | all bodies to all MB | total / all bodies | max into one partition MB |"
                + " pruned for one box per partition instead: essential MB (bodies) | partition box / root volume | round-0 migration MB |"
                + " cost imbalance |\n");
        sb.append("|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        StringBuilder timesTable = new StringBuilder("\nCompute time of the slowest partition per phase, last round,"
                + " partitions run one after another in one thread (ms):\n\n| N | P | "
                + String.join(" | ", PHASES) + " |\n|---:|---:|" + "---:|".repeat(PHASES.length) + "\n");
        for (int n : sizes) {
            Bodies initial = PlummerSphere.generate(n, 42);
            for (int p : parts) {
                List<Round> rs = run(initial, p, params, rounds);
                Round r = rs.get(rs.size() - 1);
                long all = (long) n * (p - 1) * MINIMAL_BODY_BYTES;
                timesTable.append(String.format("| %d | %d |", n, p));
                for (int ph = 0; ph < PHASES.length; ph++) {
                    timesTable.append(String.format(" %.1f |", 1e3 * r.maxPhaseSeconds[ph]));
                }
                timesTable.append('\n');
                sb.append(String.format("| %d | %d | %.3f | %d, %d | %.3f (%d) | %.3f (%d) | %.3f | %.3f | %.2f | %.3f |"
                                + " %.3f (%d) | %.2f | %.3f | %.3f |%n", n, p, r.essentialBytes / 1e6, r.essentialCells,
                        r.essentialBodies, r.migrationBytes() / 1e6, r.migrated, r.smallBytes / 1e6, r.histogramBins,
                        r.total() / 1e6,
                        all / 1e6, (double) r.total() / all, r.maxPartitionInBytes / 1e6, r.oneBoxBytes / 1e6,
                        r.oneBoxBodies, r.boxVolumeShare, rs.get(0).migrationBytes() / 1e6, r.imbalance));
                for (int i = 0; i < rs.size(); i++) {
                    Round x = rs.get(i);
                    c.append(String.format("%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.4f,%d,%d,%.4f,%d,%d,%.6g", n, p, i,
                            x.essentialBytes, x.essentialCells, x.essentialBodies, x.migrated, x.migrationBytes(),
                            x.smallBytes, x.total(), all, x.maxPartitionInBytes, x.imbalance, x.oneBoxBytes,
                            x.oneBoxBodies, x.boxVolumeShare, x.histogramBins, x.histogramBytes, x.rootSide));
                    for (double s : x.maxPhaseSeconds) {
                        c.append(String.format(",%.6g", s));
                    }
                    c.append('\n');
                }
                System.err.printf("bench scaling: exchange N=%d P=%d done (load %.2f)%n", n, p, Machine.load());
            }
        }
        sb.append(timesTable);
        System.out.print(sb);
        if (md != null) {
            Files.writeString(md, sb.toString());
        }
        if (csv != null) {
            Files.writeString(csv, c.toString());
        }
        return 0;
    }
}
