package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * How the sequential Barnes-Hut kernel scales, what it needs, what a distributed run would exchange: each
 * part in a JVM of its own with the heap it was measured with, results (Markdown and CSV) in one directory.
 */
@Command(name = "scaling", sortOptions = false,
        description = {"The sequential kernel's scaling study, each part in a JVM of its own (~20 min for all):",
                "  timing      s/step and per-phase times for N = 1e3 .. 1e6, fit a N log2 N, plot docs/scaling.png (-Xmx6g)",
                "  memory      heap at N = 1e6 (-Xmx2g): live heap per phase, bytes per body; smallest -Xmx running 2 rounds",
                "  exchange    bytes between partitions per step at N = 1e4, 1e5, 3e5, 1e6 and P = 2, 4, 8, 16 (-Xmx6g)",
                "  projection  step time for N = 1e7, 1e8 on 16 and 64 machines from the timing and exchange results",
                "Each part is also a benchmark of its own with its options: scaling-timing, memory, exchange, projection."},
        footer = {"e.g. stormsim bench scaling      stormsim bench scaling timing exchange"})
public final class ScalingStudy implements Callable<Integer> {
    /** The parts, in the order they run (projection reads what timing and exchange wrote). */
    enum Part {
        timing, memory, exchange, projection
    }

    /** Heaps tried for N = 1e6, smallest first: the first that runs 2 rounds is reported. */
    private static final int[] PROBE_HEAPS_MIB = {160, 192, 224, 256, 288, 320, 384, 512, 768, 1024};
    private static final Pattern OUT_OF_MEMORY = Pattern.compile("OutOfMemoryError.*");

    @Parameters(paramLabel = "PART", arity = "0..*", description = "${COMPLETION-CANDIDATES} (default: all)")
    private Set<Part> parts = EnumSet.noneOf(Part.class);
    @Option(names = "--quick", description = "a smoke test at small N (timing up to 1e4, memory and exchange at 1e4):"
            + " numbers not meaningful, the projection's fits need N >= 1e5")
    private boolean quick;
    @Option(names = "--out-dir", paramLabel = "DIR", description = "where the results go (default:"
            + " benchmarks/target/scaling, with --quick benchmarks/target/scaling-quick)")
    private Path out;

    @Override
    public Integer call() throws Exception {
        Set<Part> wanted = parts.isEmpty() ? EnumSet.allOf(Part.class) : EnumSet.copyOf(parts);
        out = out != null ? out : Bench.home(quick ? "benchmarks/target/scaling-quick" : "benchmarks/target/scaling");
        System.err.println("bench scaling: load average " + Machine.load() + " on " + Runtime.getRuntime().availableProcessors()
                + " cores (measure when it is low)");
        Files.createDirectories(out);
        if (wanted.contains(Part.timing)) {
            System.err.println("bench scaling: timing (~5 min) ...");
            // a smoke test leaves the plot in docs/ alone
            Path png = quick ? out.resolve("scaling.png") : Bench.home("docs/scaling.png");
            Files.createDirectories(png.getParent());
            List<String> timing = new ArrayList<>(List.of("scaling-timing", "--csv", out.resolve("scaling.csv").toString(),
                    "--md", out.resolve("scaling.md").toString(), "--png", png.toString()));
            if (quick) {
                timing.addAll(List.of("--sizes", "1000,3000,10000"));
            }
            inherit(List.of("-Xmx6g"), timing.toArray(String[]::new));
        }
        if (wanted.contains(Part.memory)) {
            System.err.println("bench scaling: memory at N = " + memoryN() + " (~2 min at 1e6) ...");
            Path md = out.resolve("memory.md");
            ChildJvm.tee(ChildJvm.bench(List.of("-Xmx2g"), List.of("memory", "--n", memoryN(), "--rounds", "3")),
                    "memory", md);
            smallestHeap(md);
        }
        if (wanted.contains(Part.exchange)) {
            System.err.println("bench scaling: exchange volumes (~10 min) ...");
            inherit(List.of("-Xmx6g"), "exchange", "--sizes", quick ? "10000" : "10000,100000,300000,1000000",
                    "--partitions", quick ? "2,4" : "2,4,8,16",
                    "--csv", out.resolve("exchange.csv").toString(), "--md", out.resolve("exchange.md").toString());
        }
        if (wanted.contains(Part.projection)) {
            ChildJvm.tee(ChildJvm.bench(List.of(), List.of("projection", "--scaling", out.resolve("scaling.csv").toString(),
                    "--exchange", out.resolve("exchange.csv").toString())), "projection", out.resolve("projection.md"));
        }
        return 0;
    }

    private String memoryN() {
        return quick ? "10000" : "1000000";
    }

    /** A benchmark in a JVM of its own with the given options, its output on this one's. */
    private static void inherit(List<String> jvmOptions, String... args) throws Exception {
        Process p = ChildJvm.bench(jvmOptions, List.of(args)).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new BenchException(args[0] + " failed (exit " + p.exitValue() + ")");
        }
        System.out.println();
    }

    /**
     * The smallest -Xmx of {@link #PROBE_HEAPS_MIB} (G1, default settings) that runs 2 rounds at N = 1e6 (1e4 with
     * --quick), appended to md.
     */
    private void smallestHeap(Path md) throws Exception {
        List<String> lines = new ArrayList<>(List.of(""));
        for (int mib : PROBE_HEAPS_MIB) {
            Path err = out.resolve("probe-" + mib + ".err");
            Process p = ChildJvm.bench(List.of("-Xmx" + mib + "m"), List.of("memory", "--n", memoryN(), "--rounds", "2",
                    "--probe")).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
            boolean ended = p.waitFor(600, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            if (ended && p.exitValue() == 0) {
                lines.add("smallest -Xmx of 160, 192, 224, 256, 288, 320, 384, 512, 768, 1024 MiB that runs 2 rounds at N = "
                        + memoryN() + ": " + mib + " MiB");
                break;
            }
            lines.add("-Xmx" + mib + "m: fails (" + (ended ? outOfMemory(err) : "not done in 600 s") + ")");
        }
        lines.subList(1, lines.size()).forEach(System.out::println);
        Files.write(md, lines, StandardOpenOption.APPEND);
    }

    private static String outOfMemory(Path err) throws IOException {
        Matcher m = OUT_OF_MEMORY.matcher(Files.readString(err));
        return m.find() ? m.group() : "";
    }
}
