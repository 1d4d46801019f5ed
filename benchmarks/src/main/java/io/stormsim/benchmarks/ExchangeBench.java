package io.stormsim.benchmarks;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Box;
import io.stormsim.nbody.Conserved;
import io.stormsim.nbody.CostHistogram;
import io.stormsim.nbody.Decomposition;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PartitionedRun;
import io.stormsim.nbody.PartitionPhases;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.RootCell;
import io.stormsim.nbody.RoundObserver;
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

    static final String[] PHASES = {PartitionedRun.KEYS, PartitionedRun.MIGRATE, PartitionedRun.LOCAL_TREE,
        PartitionedRun.ESSENTIAL, PartitionedRun.FORCE, PartitionedRun.UPDATE};

    static List<Round> run(Bodies initial, int partitions, Parameters params, int rounds) {
        PartitionedRun run = new PartitionedRun(initial, partitions, params);
        List<Round> out = new ArrayList<>();
        for (long round = 0; round < rounds; round++) {
            Exchange x = new Exchange(partitions);
            run.round(x);
            out.add(x.round());
        }
        return out;
    }

    /** What one round exchanged, counted as the messages go by; the one-box comparison made after the round. */
    private static final class Exchange implements RoundObserver {
        final int partitions;
        final double[][] t;
        final long[] inBytes;
        final Octree[] local;
        final Box[] ownBox;
        final List<int[]> essentialPairs = new ArrayList<>();
        RootCell root;
        Decomposition d;
        long small, histogramBins, histogramBytes, migrated, essentialBytes, essentialCells, essentialBodies;
        long totalInteractions, maxInteractions;

        Exchange(int partitions) {
            this.partitions = partitions;
            t = new double[PHASES.length][partitions];
            inBytes = new long[partitions];
            local = new Octree[partitions];
            ownBox = new Box[partitions];
        }

        @Override
        public void phase(String phase, int partition, long nanos, Object... live) {
            t[List.of(PHASES).indexOf(phase)][partition] += nanos / 1e9;
            switch (phase) {
                case PartitionedRun.KEYS -> histogramBins += ((CostHistogram) live[1]).size;
                case PartitionedRun.MIGRATE -> {
                    ownBox[partition] = Box.of(((PartitionPhases.KeyedBodies) live[0]).bodies());
                    root = (RootCell) live[1];
                    d = (Decomposition) live[2];
                }
                case PartitionedRun.LOCAL_TREE -> local[partition] = (Octree) live[0];
                case PartitionedRun.UPDATE -> {
                    long interactions = ((Conserved) live[0]).interactions;
                    totalInteractions += interactions;
                    maxInteractions = Math.max(maxInteractions, interactions);
                }
                default -> { }
            }
        }

        @Override
        public void sent(String stream, int from, int to, Object payload) {
            switch (stream) {
                case PartitionedRun.BOX, PartitionedRun.REGION -> small += 48;
                case PartitionedRun.HISTOGRAM -> {
                    long bytes = 24L * ((CostHistogram) payload).size;
                    small += bytes;
                    histogramBytes += bytes;
                    inBytes[to] += bytes + 96;
                }
                case PartitionedRun.BODIES -> {
                    migrated += ((Bodies) payload).n;
                    inBytes[to] += (long) ((Bodies) payload).n * BODY_BYTES;
                }
                case PartitionedRun.ESSENTIAL_TREE -> {
                    Octree e = (Octree) payload;
                    essentialBytes += treeBytes(e);
                    essentialCells += e.cellCount;
                    essentialBodies += e.bodyCount;
                    inBytes[to] += treeBytes(e);
                    essentialPairs.add(new int[] {from, to});
                }
                default -> throw new IllegalArgumentException("unknown stream " + stream);
            }
        }

        Round round() {
            long oneBoxBytes = 0, oneBoxBodies = 0;
            for (int[] pair : essentialPairs) {
                int p = pair[0], q = pair[1];
                Octree oneBox = PartitionPhases.essentialTree(local[p], d.leafStart(p + 1) - d.leafStart(p),
                        new TargetRegion(ownBox[q], new Box[] {ownBox[q]}));
                oneBoxBytes += treeBytes(oneBox);
                oneBoxBodies += oneBox.bodyCount;
            }
            double rootVolume = Math.pow(2 * root.half, 3), boxVolume = 0;
            for (Box b : ownBox) {
                double[] v = b.bounds;
                boxVolume += (v[3] - v[0]) * (v[4] - v[1]) * (v[5] - v[2]) / rootVolume / partitions;
            }
            double[] maxPhase = new double[PHASES.length];
            for (int ph = 0; ph < PHASES.length; ph++) {
                maxPhase[ph] = Arrays.stream(t[ph]).max().orElse(0);
            }
            return new Round(essentialBytes, essentialCells, essentialBodies, migrated, small,
                    Arrays.stream(inBytes).max().orElse(0), maxPhase,
                    (double) maxInteractions * partitions / Math.max(1, totalInteractions), oneBoxBytes,
                    oneBoxBodies, boxVolume, histogramBins, histogramBytes, 2 * root.half);
        }
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
