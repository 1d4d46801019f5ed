package io.stormsim.benchmarks;

import io.stormsim.bolts.checkers.CheckersKeys;
import io.stormsim.bolts.checkers.PerftResultBolt;
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
 * against the search topology at 1 and 2 searchers with local and partitioned tables, with the parallel
 * search's extra nodes over the sequential search's (search overhead). Every topology result is checked
 * against the kernel's (perft total, search score).
 */
@Command(name = "checkers", sortOptions = false,
        customSynopsis = "bench checkers [-h] [--fen=FEN] [PERFT_DEPTH [SPLIT_DEPTH [SEARCH_DEPTH]]]",
        description = {"Perft and alpha-beta search of one checkers position: the kernel on one core against the"
                + " checkers-perft and checkers-search topologies on a LocalCluster; one Markdown table."},
        footer = {"e.g. bench checkers 13 4 16      bench checkers 8 2 6 --fen=W:WK6:B9,10,17,18"})
public final class CheckersBench implements Callable<Integer> {
    private static final int TABLE_LOG2 = 20;
    private static final int TABLE_MIN_DEPTH = 2;

    @Spec
    private CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "PERFT_DEPTH", defaultValue = "13",
            description = "perft depth (default: ${DEFAULT-VALUE})")
    private int perftDepth;
    @Parameters(index = "1", arity = "0..1", paramLabel = "SPLIT_DEPTH", defaultValue = "4",
            description = "plies at which the distributed perft splits into jobs (default: ${DEFAULT-VALUE})")
    private int splitDepth;
    @Parameters(index = "2", arity = "0..1", paramLabel = "SEARCH_DEPTH", defaultValue = "16",
            description = "search depth (default: ${DEFAULT-VALUE})")
    private int searchDepth;
    @Option(names = "--fen", paramLabel = "FEN", defaultValue = "start",
            description = "the position, a PDN FEN or start (default: ${DEFAULT-VALUE})")
    private String fen;
    @Option(names = "--perft-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-perft.yaml",
            description = "the perft topology (default: ${DEFAULT-VALUE})")
    private Path perftYaml;
    @Option(names = "--search-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-search.yaml",
            description = "the search topology (default: ${DEFAULT-VALUE})")
    private Path searchYaml;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "PERFT_DEPTH", perftDepth, 1);
        Checks.atLeast(spec, "SPLIT_DEPTH", splitDepth, 1);
        Checks.atLeast(spec, "SEARCH_DEPTH", searchDepth, 1);
        Position root = CheckersKeys.position(fen);
        Path out = Files.createTempDirectory("stormsim-bench-checkers");
        System.err.println("bench checkers: load average before " + Machine.load());
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "; position "
                + root.toFen());
        System.out.println();
        System.out.println("| run | tasks | table | time s | time / kernel's | nodes | nodes/s | overhead (extra nodes)"
                + " | = kernel |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        // a first count warms the JIT up; the second is timed
        new Perft().count(root, Math.min(perftDepth, 9));
        long[] plain = timedPerft(new Perft(), root);
        long[] tabled = timedPerft(new Perft(TABLE_LOG2), root);
        double perftSeconds = tabled[1] / 1e9;
        row("perft " + perftDepth + ", kernel", 1, "none", plain[1] / 1e9, plain[1] / 1e9, plain[0], "", "");
        row("perft " + perftDepth + ", kernel", 1, "2^" + TABLE_LOG2, perftSeconds, perftSeconds, tabled[0], "",
                tabled[0] == plain[0] ? "yes" : "NO");
        Search sequential = new Search(new LocalTable(TABLE_LOG2));
        new Search(new LocalTable(TABLE_LOG2)).search(root, Math.min(searchDepth, 7));
        long t = System.nanoTime();
        Search.Result best = sequential.search(root, searchDepth);
        double searchSeconds = (System.nanoTime() - t) / 1e9;
        try (LocalCluster cluster = new LocalCluster()) {
            for (int partitions = 1; partitions <= 2; partitions++) {
                Path dir = out.resolve("perft-" + partitions);
                LocalRun.run(cluster, perftTopology(partitions, dir), Duration.ofHours(1));
                String text = Files.readString(dir.resolve(PerftResultBolt.PERFT_TXT));
                long total = Long.parseLong(find(text, "perft +([0-9]+)"));
                double seconds = Double.parseDouble(find(text, "time +([0-9.]+) s"));
                row("perft " + perftDepth + ", topology (split " + splitDepth + ")", partitions, "2^" + TABLE_LOG2
                        + " each", seconds, perftSeconds, total, "", total == plain[0] ? "yes" : "NO");
            }
            row("search " + searchDepth + ", kernel (score " + best.score() + ")", 1, "2^" + TABLE_LOG2, searchSeconds,
                    searchSeconds, best.nodes(), "", "");
            for (String table : List.of("local", "partitioned")) {
                for (int searchers = 1; searchers <= 2; searchers++) {
                    Path dir = out.resolve("search-" + table + "-" + searchers);
                    LocalRun.run(cluster, searchTopology(table, searchers, dir), Duration.ofHours(1));
                    List<String> lines = Files.readAllLines(dir.resolve(SearchCoordinatorBolt.SEARCH_CSV));
                    // position,"fen",depth,best_move,score,nodes,seconds,nodes_per_s,jobs
                    String[] f = lines.get(1).split("\"")[2].substring(1).split(",");
                    int score = Integer.parseInt(f[2]);
                    long nodes = Long.parseLong(f[3]);
                    double seconds = Double.parseDouble(f[4]);
                    row("search " + searchDepth + ", topology", searchers, table + " 2^" + TABLE_LOG2 + " each", seconds,
                            searchSeconds, nodes, String.format("%+.0f%%", 100.0 * (nodes - best.nodes()) / best.nodes()),
                            score == best.score() ? "yes" : "NO");
                }
            }
        }
        System.out.println();
        System.out.println("nodes: perft leaves; search nodes (interior and quiescence) summed over searchers. time /"
                + " kernel's: over the kernel's time with the same table (perft) or the sequential search's (search),"
                + " below 1 is faster; topology times run from the spout's first job to the result.");
        return 0;
    }

    /** Leaves and nanoseconds of one perft. */
    private long[] timedPerft(Perft perft, Position root) {
        long t = System.nanoTime();
        long leaves = perft.count(root, perftDepth);
        return new long[] {leaves, System.nanoTime() - t};
    }

    private static void row(String run, int tasks, String table, double seconds, double kernelSeconds, long nodes,
            String overhead, String same) {
        System.out.printf("| %s | %d | %s | %.3f | %.2f | %d | %.3g | %s | %s |%n", run, tasks, table, seconds,
                seconds / kernelSeconds, nodes, nodes / seconds, overhead, same);
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no '" + regex + "' in:\n" + text);
        }
        return m.group(1);
    }

    private TopologyFile perftTopology(int partitions, Path dir) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("fen", fen);
        props.put("depth", String.valueOf(perftDepth));
        props.put("split.depth", String.valueOf(splitDepth));
        props.put("table.log2", String.valueOf(TABLE_LOG2));
        props.put("partitions", String.valueOf(partitions));
        props.put("output.dir", dir.toString());
        return TopologyFile.load(perftYaml, null, props, false);
    }

    private TopologyFile searchTopology(String table, int searchers, Path dir) throws Exception {
        Map<String, String> props = new HashMap<>();
        props.put("fen", fen);
        props.put("depth", String.valueOf(searchDepth));
        props.put("table", table);
        props.put("table.log2", String.valueOf(TABLE_LOG2));
        props.put("table.min.depth", String.valueOf(TABLE_MIN_DEPTH));
        props.put("partitions", String.valueOf(searchers));
        props.put("output.dir", dir.toString());
        return TopologyFile.load(searchYaml, null, props, false);
    }
}
