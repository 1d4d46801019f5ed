package io.stormsim.benchmarks;

import io.stormsim.bolts.checkers.CheckersKeys;
import io.stormsim.bolts.checkers.PerftResultBolt;
import io.stormsim.bolts.checkers.SearchConfig;
import io.stormsim.bolts.checkers.SearchCoordinatorBolt;
import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Perft;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The checkers benchmark, one Markdown table: perft on one core (the kernel, without and with a table)
 * against the distributed perft topology at 1 and 2 partitions; sequential iterative-deepening search
 * against the search topology at 1 and 2 searchers with local, partitioned and per-worker tables, with the parallel
 * search's extra nodes over the sequential search's (search overhead). Every topology result is checked
 * against the kernel's (perft total, search scores). Each time is the best of {@value #RUNS} runs (the 1- and
 * 2-task runs taking turns), so a passing load on a shared machine does not decide a ratio.
 */
@Command(name = "checkers", sortOptions = false,
        customSynopsis = "bench checkers [-h] [--fen=FEN] [--positions=FILE] [PERFT_DEPTH [SPLIT_DEPTH [SEARCH_DEPTH]]]",
        description = {"Perft and alpha-beta search of checkers positions: the kernel on one core against the"
                + " checkers-perft and checkers-search topologies on a LocalCluster; one Markdown table."},
        footer = {"e.g. bench checkers 13 4 18      bench checkers 8 2 6 --fen=W:WK6:B9,10,17,18 --positions="})
public final class CheckersBench implements Callable<Integer> {
    private static final int TABLE_LOG2 = 20;
    private static final int TABLE_MIN_DEPTH = 2;
    private static final int WARM_UP_DEPTH = 9;
    private static final int RUNS = 2;

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "PERFT_DEPTH", defaultValue = "13",
            description = "perft depth (default: ${DEFAULT-VALUE})")
    private int perftDepth;
    @Parameters(index = "1", arity = "0..1", paramLabel = "SPLIT_DEPTH", defaultValue = "4",
            description = "plies at which the distributed perft splits into jobs (default: ${DEFAULT-VALUE})")
    private int splitDepth;
    @Parameters(index = "2", arity = "0..1", paramLabel = "SEARCH_DEPTH", defaultValue = "18",
            description = "search depth (default: ${DEFAULT-VALUE})")
    private int searchDepth;
    @Option(names = "--fen", paramLabel = "FEN", defaultValue = "start",
            description = "the perft position, and the search's without --positions: a PDN FEN or start (default:"
                    + " ${DEFAULT-VALUE})")
    private String fen;
    @Option(names = "--positions", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-openings.txt",
            description = "the search's positions, one FEN a line; empty: --fen's (default: ${DEFAULT-VALUE})")
    private String positionsFile;
    @Option(names = "--perft-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-perft.yaml",
            description = "the perft topology (default: ${DEFAULT-VALUE})")
    private Path perftYaml;
    @Option(names = "--search-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-search.yaml",
            description = "the search topology (default: ${DEFAULT-VALUE})")
    private Path searchYaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "PERFT_DEPTH", perftDepth, 1);
        Checks.inRange(spec, "SPLIT_DEPTH", splitDepth, 1, perftDepth);
        Checks.atLeast(spec, "SEARCH_DEPTH", searchDepth, 1);
        Position root = CheckersKeys.position(fen);
        List<Position> positions = positionsFile.isEmpty() ? List.of(root) : SearchConfig.read(Path.of(positionsFile));
        Path out = Files.createTempDirectory("stormsim-bench-checkers");
        System.err.println("bench checkers: load average before " + Machine.load());
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "; perft of "
                + root.toFen() + "; search of " + (positionsFile.isEmpty() ? "it" : positions.size() + " positions ("
                + Path.of(positionsFile).getFileName() + ")"));
        System.out.println();
        System.out.println("| run | tasks | table | time s | time / kernel's | time / 1 task's | nodes | nodes/s"
                + " | overhead (extra nodes) | = kernel |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        // a first count warms the JIT up; the others are timed
        new Perft().count(root, Math.min(perftDepth, WARM_UP_DEPTH));
        long[] plain = {0, Long.MAX_VALUE};
        long[] tabled = {0, Long.MAX_VALUE};
        for (int run = 0; run < RUNS; run++) {
            plain = faster(plain, timedPerft(new Perft(), root));
            tabled = faster(tabled, timedPerft(new Perft(TABLE_LOG2), root));
        }
        row("perft " + perftDepth + ", kernel", 1, "none", plain[1] / 1e9, plain[1] / 1e9, Double.NaN, plain[0], "",
                "");
        row("perft " + perftDepth + ", kernel", 1, "2^" + TABLE_LOG2, tabled[1] / 1e9, tabled[1] / 1e9, Double.NaN,
                tabled[0], "", tabled[0] == plain[0] ? "yes" : "NO");
        long sequentialNodes = 0;
        int[] sequentialScores = new int[positions.size()];
        for (Position p : positions) {
            new Search(new LocalTable(TABLE_LOG2)).search(p, Math.min(searchDepth, WARM_UP_DEPTH));
        }
        double searchSeconds = Double.MAX_VALUE;
        for (int run = 0; run < RUNS; run++) {
            Search sequential = new Search(new LocalTable(TABLE_LOG2));
            sequentialNodes = 0;
            long t = System.nanoTime();
            for (int i = 0; i < positions.size(); i++) {
                Search.Result r = sequential.search(positions.get(i), searchDepth);
                sequentialScores[i] = r.score();
                sequentialNodes += r.nodes();
            }
            searchSeconds = Math.min(searchSeconds, (System.nanoTime() - t) / 1e9);
        }
        try (LocalCluster cluster = new LocalCluster()) {
            // every topology once at a small depth first, so no timed run pays for compiling Storm's paths
            for (int tasks = 1; tasks <= 2; tasks++) {
                perft(cluster, out.resolve("warm-perft-" + tasks), Math.min(perftDepth, WARM_UP_DEPTH), TABLE_LOG2,
                        tasks);
                search(cluster, out.resolve("warm-search-" + tasks), Math.min(searchDepth, WARM_UP_DEPTH), "local", tasks);
            }
            for (int log2 : new int[] {TABLE_LOG2, 0}) {
                double kernel = (log2 == 0 ? plain[1] : tabled[1]) / 1e9;
                double[] seconds = {Double.MAX_VALUE, Double.MAX_VALUE};
                boolean[] same = {true, true};
                for (int run = 0; run < RUNS; run++) {
                    for (int partitions = 1; partitions <= 2; partitions++) {
                        Path dir = out.resolve("perft-" + log2 + "-" + partitions + "-" + run);
                        String text = perft(cluster, dir, perftDepth, log2, partitions);
                        same[partitions - 1] &= Long.parseLong(find(text, "perft +([0-9]+)")) == plain[0];
                        seconds[partitions - 1] = Math.min(seconds[partitions - 1],
                                Double.parseDouble(find(text, "time +([0-9.]+) s")));
                    }
                }
                for (int partitions = 1; partitions <= 2; partitions++) {
                    double s = seconds[partitions - 1];
                    row("perft " + perftDepth + ", topology (split " + splitDepth + ")", partitions,
                            log2 == 0 ? "none" : "2^" + log2 + " a worker", s, kernel, s / seconds[0], plain[0], "",
                            same[partitions - 1] ? "yes" : "NO");
                }
            }
            row("search " + searchDepth + ", kernel", 1, "2^" + TABLE_LOG2, searchSeconds, searchSeconds, Double.NaN,
                    sequentialNodes, "", "");
            for (String table : List.of("local", "partitioned", "worker")) {
                double[] seconds = {Double.MAX_VALUE, Double.MAX_VALUE};
                long[] nodes = new long[2];
                boolean[] same = {true, true};
                for (int run = 0; run < RUNS; run++) {
                    for (int searchers = 1; searchers <= 2; searchers++) {
                        Path dir = out.resolve("search-" + table + "-" + searchers + "-" + run);
                        List<String> lines = search(cluster, dir, searchDepth, table, searchers);
                        long n = 0;
                        double s = 0;
                        same[searchers - 1] &= lines.size() == positions.size() + 1;
                        for (int i = 1; i < lines.size(); i++) {
                            // position,"fen",depth,best_move,score,nodes,seconds,nodes_per_s,jobs
                            String[] f = lines.get(i).split("\"")[2].substring(1).split(",");
                            same[searchers - 1] &= Integer.parseInt(f[2]) == sequentialScores[i - 1];
                            n += Long.parseLong(f[3]);
                            s += Double.parseDouble(f[4]);
                        }
                        if (s < seconds[searchers - 1]) {
                            seconds[searchers - 1] = s;
                            nodes[searchers - 1] = n;
                        }
                    }
                }
                for (int searchers = 1; searchers <= 2; searchers++) {
                    double s = seconds[searchers - 1];
                    long n = nodes[searchers - 1];
                    row("search " + searchDepth + ", topology", searchers, table + " 2^" + TABLE_LOG2 + (table.equals("worker")
                            ? " a worker" : " each"), s,
                            searchSeconds, s / seconds[0], n,
                            String.format("%+.0f%%", 100.0 * (n - sequentialNodes) / sequentialNodes),
                            same[searchers - 1] ? "yes" : "NO");
                }
            }
        }
        System.out.println();
        System.out.println("nodes: perft leaves; search nodes (interior and quiescence) summed over searchers and"
                + " positions. time / kernel's: over the kernel's time with the same table (perft) or the sequential"
                + " search's (search); time / 1 task's: over the same topology's with one task; below 1 is faster."
                + " Topology times run from the spout's first job to the result. Each time: the best of " + RUNS
                + " runs.");
        return 0;
    }

    /** The faster of two {leaves, nanoseconds}. */
    private static long[] faster(long[] a, long[] b) {
        return b[1] < a[1] ? b : a;
    }

    /** Leaves and nanoseconds of one perft. */
    private long[] timedPerft(Perft perft, Position root) {
        long t = System.nanoTime();
        long leaves = perft.count(root, perftDepth);
        return new long[] {leaves, System.nanoTime() - t};
    }

    private static void row(String run, int tasks, String table, double seconds, double kernelSeconds,
            double overOne, long nodes, String overhead, String same) {
        System.out.printf("| %s | %d | %s | %.3f | %.2f | %s | %d | %.3g | %s | %s |%n", run, tasks, table, seconds,
                seconds / kernelSeconds, Double.isNaN(overOne) ? "" : String.format("%.2f", overOne), nodes,
                nodes / seconds, overhead, same);
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no '" + regex + "' in:\n" + text);
        }
        return m.group(1);
    }

    /** perft.txt of one run of the perft topology. */
    private String perft(LocalCluster cluster, Path dir, int depth, int log2, int partitions) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("fen", fen);
        props.put("depth", String.valueOf(depth));
        props.put("split.depth", String.valueOf(Math.min(splitDepth, depth)));
        props.put("table.log2", String.valueOf(log2));
        props.put("partitions", String.valueOf(partitions));
        props.put("output.dir", dir.toString());
        LocalRun.run(cluster, TopologyFile.load(perftYaml, null, props, false), Duration.ofHours(1));
        return Files.readString(dir.resolve(PerftResultBolt.PERFT_TXT));
    }

    /** search.csv of one run of the search topology. */
    private List<String> search(LocalCluster cluster, Path dir, int depth, String table, int searchers) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("fen", fen);
        props.put("positions.file", positionsFile);
        props.put("depth", String.valueOf(depth));
        props.put("table", table);
        props.put("table.log2", String.valueOf(TABLE_LOG2));
        props.put("table.min.depth", String.valueOf(TABLE_MIN_DEPTH));
        props.put("partitions", String.valueOf(searchers));
        props.put("output.dir", dir.toString());
        LocalRun.run(cluster, TopologyFile.load(searchYaml, null, props, false), Duration.ofHours(1));
        return Files.readAllLines(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV));
    }
}
