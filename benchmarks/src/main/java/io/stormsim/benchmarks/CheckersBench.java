package io.stormsim.benchmarks;

import io.stormsim.checkers.LocalTable;
import io.stormsim.checkers.Perft;
import io.stormsim.checkers.Position;
import io.stormsim.checkers.Search;
import io.stormsim.checkers.bolts.CheckersKeys;
import io.stormsim.checkers.bolts.PerftResultBolt;
import io.stormsim.checkers.bolts.SearchConfig;
import io.stormsim.checkers.bolts.SearchCoordinatorBolt;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.LocalCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
 * 2-task runs taking turns), so a passing load on a shared machine does not decide a ratio; each run is a
 * {@link Run} in a JVM of its own, so that no run's JIT has seen another table class or another topology.
 */
@Command(name = "checkers", sortOptions = false,
        customSynopsis = "stormsim bench checkers [-h] [--fen=FEN] [--positions=FILE] [PERFT_DEPTH [SPLIT_DEPTH [SEARCH_DEPTH]]]",
        description = {"Perft and alpha-beta search of checkers positions: the kernel on one core against the"
                + " checkers-perft and checkers-search topologies on a LocalCluster; one Markdown table."},
        footer = {"e.g. stormsim bench checkers 13 4 20      stormsim bench checkers 8 2 6 --fen=W:WK6:B9,10,17,18 --positions="})
public final class CheckersBench implements Callable<Integer> {
    private static final int TABLE_LOG2 = 20;
    private static final int TABLE_MIN_DEPTH = 2;
    /** A run's warm-up is this many plies shallower: a fifth of the work, long enough to compile the hot paths. */
    private static final int WARM_UP_PLIES_LESS = 2;
    private static final int RUNS = 2;

    /** The kernel's "task count" in a {@link Run}. */
    private static final int KERNEL = 0;
    private static final String RESULT_FILE = "measured.txt";

    @Spec
    private CommandSpec spec;
    @Mixin
    private Inputs in;
    private Path out;

    @Override
    public Integer call() throws Exception {
        Checks.atLeast(spec, "PERFT_DEPTH", in.perftDepth, 1);
        Checks.inRange(spec, "SPLIT_DEPTH", in.splitDepth, 1, in.perftDepth);
        Checks.atLeast(spec, "SEARCH_DEPTH", in.searchDepth, 1);
        Position root = CheckersKeys.position(in.fen);
        List<Position> positions = in.positions();
        out = Files.createTempDirectory("stormsim-bench-checkers");
        System.err.println("bench checkers: load average before " + Machine.load() + "; runs in " + out);
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + "; perft of "
                + root.toFen() + "; search of " + (in.positionsFile.isEmpty() ? "it" : positions.size() + " positions ("
                + Path.of(in.positionsFile).getFileName() + ")"));
        System.out.println();
        System.out.println("| run | tasks | table | time s | time / kernel's | time / 1 task's | nodes | nodes/s"
                + " | overhead (extra nodes) | = kernel |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        Measured plain = best(Run.PERFT, "0", KERNEL)[0];
        Measured tabled = best(Run.PERFT, String.valueOf(TABLE_LOG2), KERNEL)[0];
        row("perft " + in.perftDepth + ", kernel", 1, "none", plain, plain.seconds, Double.NaN, "", "");
        row("perft " + in.perftDepth + ", kernel", 1, "2^" + TABLE_LOG2, tabled, tabled.seconds, Double.NaN, "",
                yes(plain.sameAs(tabled)));
        for (int log2 : new int[] {TABLE_LOG2, 0}) {
            Measured kernel = log2 == 0 ? plain : tabled;
            Measured[] topology = best(Run.PERFT, String.valueOf(log2), 1, 2);
            for (Measured m : topology) {
                row("perft " + in.perftDepth + ", topology (split " + in.splitDepth + ")", m.tasks,
                        log2 == 0 ? "none" : "2^" + log2 + " a worker", m, kernel.seconds, m.seconds / topology[0].seconds,
                        "", yes(plain.sameAs(m)));
            }
        }
        Measured sequential = best(Run.SEARCH, "local", KERNEL)[0];
        row("search " + in.searchDepth + ", kernel", 1, "2^" + TABLE_LOG2, sequential, sequential.seconds, Double.NaN,
                "", "");
        for (String table : List.of("local", "partitioned", "worker")) {
            Measured[] topology = best(Run.SEARCH, table, 1, 2);
            for (Measured m : topology) {
                row("search " + in.searchDepth + ", topology", m.tasks, table + " 2^" + TABLE_LOG2
                        + (table.equals("worker") ? " a worker" : " each"), m, sequential.seconds,
                        m.seconds / topology[0].seconds,
                        String.format("%+.0f%%", 100.0 * (m.nodes - sequential.nodes) / sequential.nodes),
                        yes(sequential.sameAs(m) && m.scores.length == positions.size()));
            }
        }
        System.out.println();
        System.out.println("nodes: perft leaves; search nodes (interior and quiescence) summed over searchers and"
                + " positions. time / kernel's: over the kernel's time with the same table (perft) or the sequential"
                + " search's (search); time / 1 task's: over the same topology's with one task; below 1 is faster."
                + " Topology times run from the spout's first job to the result. Each time: the best of " + RUNS
                + " runs, each in a JVM of its own after a warm-up run " + WARM_UP_PLIES_LESS + " plies shallower.");
        return 0;
    }

    private static String yes(boolean same) {
        return same ? "yes" : "NO";
    }

    private static void row(String run, int tasks, String table, Measured m, double kernelSeconds, double overOne,
            String overhead, String same) {
        System.out.printf("| %s | %d | %s | %.3f | %.2f | %s | %d | %.3g | %s | %s |%n", run, tasks, table,
                m.seconds, m.seconds / kernelSeconds, Double.isNaN(overOne) ? "" : String.format("%.2f", overOne),
                m.nodes, m.nodes / m.seconds, overhead, same);
    }

    /**
     * The fastest of {@value #RUNS} runs of one kind and table for each task count ({@value #KERNEL}: the kernel),
     * each run in a JVM of its own so that its JIT has seen no other table class; the task counts take turns.
     * A result's {@link Measured#same} is false unless every run gave the same count and scores.
     */
    private Measured[] best(String kind, String table, int... tasks) throws Exception {
        Measured[] best = new Measured[tasks.length];
        for (int run = 0; run < RUNS; run++) {
            for (int i = 0; i < tasks.length; i++) {
                Path dir = Files.createDirectories(out.resolve(kind + "-" + table + "-" + tasks[i] + "-" + run));
                List<String> args = new ArrayList<>(List.of(Run.NAME, "--dir", dir.toString(), "--kind", kind,
                        "--table", table, "--tasks", String.valueOf(tasks[i])));
                args.addAll(in.args());
                ChildJvm.run(ChildJvm.bench(List.of(), args), "the " + dir.getFileName() + " run", dir.resolve("jvm.log"));
                Measured m = Measured.parse(tasks[i], Files.readString(dir.resolve(RESULT_FILE)));
                best[i] = best[i] == null ? m : best[i].fasterOf(m);
            }
        }
        return best;
    }

    /** What is measured: the positions, depths and topology files; the same in the bench and in each {@link Run}. */
    static final class Inputs {
        @Parameters(index = "0", arity = "0..1", paramLabel = "PERFT_DEPTH", defaultValue = "13",
                description = "perft depth (default: ${DEFAULT-VALUE})")
        int perftDepth;
        @Parameters(index = "1", arity = "0..1", paramLabel = "SPLIT_DEPTH", defaultValue = "4",
                description = "plies at which the distributed perft splits into jobs (default: ${DEFAULT-VALUE})")
        int splitDepth;
        @Parameters(index = "2", arity = "0..1", paramLabel = "SEARCH_DEPTH", defaultValue = "20",
                description = "search depth (default: ${DEFAULT-VALUE})")
        int searchDepth;
        @Option(names = "--fen", paramLabel = "FEN", defaultValue = "start",
                description = "the perft position, and the search's without --positions: a PDN FEN or start (default:"
                        + " ${DEFAULT-VALUE})")
        String fen;
        @Option(names = "--positions", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-openings.txt",
                description = "the search's positions, one FEN a line; empty: --fen's (default: ${DEFAULT-VALUE})")
        String positionsFile;
        @Option(names = "--perft-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-perft.yaml",
                description = "the perft topology (default: ${DEFAULT-VALUE})")
        Path perftYaml;
        @Option(names = "--search-yaml", paramLabel = "FILE", defaultValue = Bench.HOME + "/flux-configs/checkers-search.yaml",
                description = "the search topology (default: ${DEFAULT-VALUE})")
        Path searchYaml;

        List<Position> positions() throws Exception {
            return positionsFile.isEmpty() ? List.of(CheckersKeys.position(fen)) : SearchConfig.read(Path.of(positionsFile));
        }

        /** These inputs as a command line. */
        List<String> args() {
            return List.of("--fen", fen, "--positions", positionsFile, "--perft-yaml", perftYaml.toString(),
                    "--search-yaml", searchYaml.toString(), String.valueOf(perftDepth), String.valueOf(splitDepth),
                    String.valueOf(searchDepth));
        }
    }

    /** One timed run: seconds, nodes (perft leaves or search nodes), and the search's score of each position. */
    record Measured(int tasks, double seconds, long nodes, int[] scores, boolean same) {
        static Measured parse(int tasks, String line) {
            String[] f = line.strip().split(" ");
            int[] scores = new int[f.length - 2];
            for (int i = 0; i < scores.length; i++) {
                scores[i] = Integer.parseInt(f[i + 2]);
            }
            return new Measured(tasks, Double.parseDouble(f[0]), Long.parseLong(f[1]), scores, true);
        }

        String format() {
            StringBuilder line = new StringBuilder(seconds + " " + nodes);
            for (int score : scores) {
                line.append(' ').append(score);
            }
            return line.toString();
        }

        /** Perft: the same leaves; search: the same scores (nodes differ with the parallel search's order). */
        boolean sameAs(Measured other) {
            return same && other.same && Arrays.equals(scores, other.scores) && (scores.length > 0 || nodes == other.nodes);
        }

        Measured fasterOf(Measured other) {
            Measured faster = other.seconds < seconds ? other : this;
            return new Measured(tasks, faster.seconds, faster.nodes, faster.scores, sameAs(other));
        }
    }

    /**
     * One measured configuration in a JVM of its own: a warm-up run two plies shallower, then one timed run of the
     * kernel (tasks 0) or the topology with the same table, whose {@link Measured} goes to DIR's result file.
     */
    @Command(name = Run.NAME, hidden = true)
    static final class Run implements Callable<Integer> {
        static final String NAME = "checkers-run";
        static final String PERFT = "PERFT";
        static final String SEARCH = "SEARCH";
        @Mixin
        private Inputs in;
        @Option(names = "--dir", required = true)
        private Path dir;
        @Option(names = "--kind", required = true)
        private String kind;
        @Option(names = "--table", required = true, description = "perft: table.log2; search: local, partitioned or worker")
        private String table;
        @Option(names = "--tasks", required = true)
        private int tasks;

        @Override
        public Integer call() throws Exception {
            int depth = kind.equals(PERFT) ? in.perftDepth : in.searchDepth;
            try (LocalCluster cluster = tasks == KERNEL ? null : new LocalCluster()) {
                measure(cluster, Math.max(1, depth - WARM_UP_PLIES_LESS));
                Files.writeString(dir.resolve(RESULT_FILE), measure(cluster, depth).format());
            }
            return 0;
        }

        private Measured measure(LocalCluster cluster, int depth) throws Exception {
            if (cluster == null) {
                return kind.equals(PERFT) ? kernelPerft(depth) : kernelSearch(in.positions(), depth);
            }
            Path runDir = dir.resolve("depth-" + depth);
            return kind.equals(PERFT) ? perft(cluster, runDir, depth) : search(cluster, runDir, depth);
        }

        private Measured kernelPerft(int depth) {
            int log2 = Integer.parseInt(table);
            Perft perft = log2 == 0 ? new Perft() : new Perft(log2);
            long t = System.nanoTime();
            long leaves = perft.count(CheckersKeys.position(in.fen), depth);
            return new Measured(tasks, (System.nanoTime() - t) / 1e9, leaves, new int[0], true);
        }

        private Measured kernelSearch(List<Position> positions, int depth) {
            Search sequential = new Search(new LocalTable(TABLE_LOG2));
            int[] scores = new int[positions.size()];
            long nodes = 0;
            long t = System.nanoTime();
            for (int i = 0; i < positions.size(); i++) {
                Search.Result r = sequential.search(positions.get(i), depth);
                scores[i] = r.score();
                nodes += r.nodes();
            }
            return new Measured(tasks, (System.nanoTime() - t) / 1e9, nodes, scores, true);
        }

        private Measured perft(LocalCluster cluster, Path runDir, int depth) throws Exception {
            Map<String, String> props = new HashMap<>();
            props.put("fen", in.fen);
            props.put("depth", String.valueOf(depth));
            props.put("split.depth", String.valueOf(Math.min(in.splitDepth, depth)));
            props.put("table.log2", table);
            props.put("partitions", String.valueOf(tasks));
            props.put("output.dir", runDir.toString());
            LocalRun.run(cluster, TopologyFile.load(in.perftYaml, null, props, false), Duration.ofHours(1));
            String text = Files.readString(runDir.resolve(PerftResultBolt.PERFT_TXT));
            return new Measured(tasks, Double.parseDouble(find(text, "time +([0-9.]+) s")),
                    Long.parseLong(find(text, "perft +([0-9]+)")), new int[0], true);
        }

        /** Seconds and nodes summed over the positions of search.csv. */
        private Measured search(LocalCluster cluster, Path runDir, int depth) throws Exception {
            Map<String, String> props = new HashMap<>();
            props.put("fen", in.fen);
            props.put("positions.file", in.positionsFile);
            props.put("depth", String.valueOf(depth));
            props.put("table", table);
            props.put("table.log2", String.valueOf(TABLE_LOG2));
            props.put("table.min.depth", String.valueOf(TABLE_MIN_DEPTH));
            props.put("partitions", String.valueOf(tasks));
            props.put("output.dir", runDir.toString());
            LocalRun.run(cluster, TopologyFile.load(in.searchYaml, null, props, false), Duration.ofHours(1));
            List<String> lines = Files.readAllLines(runDir.resolve(SearchCoordinatorBolt.SEARCH_CSV));
            int[] scores = new int[lines.size() - 1];
            long nodes = 0;
            double seconds = 0;
            for (int i = 1; i < lines.size(); i++) {
                // position,"fen",depth,best_move,score,nodes,seconds,nodes_per_s,jobs
                String[] f = lines.get(i).split("\"")[2].substring(1).split(",");
                scores[i - 1] = Integer.parseInt(f[2]);
                nodes += Long.parseLong(f[3]);
                seconds += Double.parseDouble(f[4]);
            }
            return new Measured(tasks, seconds, nodes, scores, true);
        }

        private static String find(String text, String regex) {
            Matcher m = Pattern.compile(regex).matcher(text);
            if (!m.find()) {
                throw new IllegalStateException("no '" + regex + "' in:\n" + text);
            }
            return m.group(1);
        }
    }
}
