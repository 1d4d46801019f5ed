package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.nbody.ForceProfile;
import io.stormsim.nbody.Octree;
import io.stormsim.nbody.Parameters;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.nbody.Precision;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Force-kernel speed in one table: builds and runs the C SIMD monopole reference ({@code benchmarks/c/monopole.c},
 * gcc, with and without FMA contraction), runs the JMH kernel benchmarks (single thread, 1 fork, 3 warm-up and
 * 5 measured iterations) and profiles of the force phase in both precisions, and prints one Markdown table: kernel, M
 * interactions/s, ratio to C.
 */
@Command(name = "kernels", sortOptions = false,
        description = {"Force-kernel speed: the C SIMD monopole reference (gcc), double and mixed precision, the Java"
                + " scalar, Vector API and mixed monopole kernels and the real force phase in both precisions (JMH), as"
                + " one Markdown table (docs/performance/barnes-hut.md#force-kernels);"
                + " ~4 minutes."},
        footer = {"e.g. stormsim bench kernels      stormsim bench kernels --quick"})
public final class KernelTable implements Callable<Integer> {
    private record Row(String kernel, String how, double mips, double error, double best, String note) {
    }

    @Option(names = "--quick", description = "a smoke test: 1 s iterations, numbers not meaningful")
    private boolean quick;
    @Option(names = "--out-dir", paramLabel = "DIR", defaultValue = Bench.HOME + "/benchmarks/target",
            description = "where the C builds, the JMH log and kernels-table.md go (default: ${DEFAULT-VALUE})")
    private Path outDir;

    @Override
    public Integer call() throws Exception {
        System.err.println("bench kernels: load average " + Machine.load() + " on " + Runtime.getRuntime().availableProcessors()
                + " cores (measure when it is low)");
        List<Path> cFiles = cReference();
        Path log = outDir.resolve("jmh-kernels.log"), out = outDir.resolve("kernels-table.md");
        double loadBefore = Machine.load();
        Map<String, double[]> c = new LinkedHashMap<>();
        Map<String, String> cBits = new LinkedHashMap<>();
        String cInfo = "";
        for (Path f : cFiles) {
            for (String l : Files.readAllLines(f)) {
                String[] w = l.trim().split("\\s+");
                if (w[0].equals("RESULT")) {
                    c.put(w[1], new double[] {Double.parseDouble(w[2]), Double.parseDouble(w[3]),
                            Double.parseDouble(w[4]), Double.parseDouble(w[5])});
                } else if (w[0].equals("BITS")) {
                    cBits.put(w[1], w[2]);
                } else if (w[0].equals("INFO") && cInfo.isEmpty()) {
                    cInfo = l.substring(5);
                }
            }
        }

        System.err.println("bench kernels: JMH running (log: " + log + "), a few minutes ...");
        OptionsBuilder ob = new OptionsBuilder();
        ob.include(MonopoleBench.class.getName() + "\\.")
                .include(ForcePhaseBench.class.getName() + "\\.")
                .threads(1)
                .output(log.toString());
        if (quick) {
            ob.warmupIterations(1).measurementIterations(1)
                    .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1));
        }
        Options opts = ob.build();
        Collection<RunResult> results = new Runner(opts).run();
        Map<String, RunResult> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            String b = r.getParams().getBenchmark();
            byName.put(b.substring(b.lastIndexOf('.') + 1), r);
        }

        System.err.println("bench kernels: profiling the force phase ...");
        int n = 100_000;
        Octree tree = ForcePhaseBench.sequentialTree(PlummerSphere.generate(n, 42), ForcePhaseBench.THETA);
        ForceProfile.Result prof = ForceProfile.profile(tree, n, ForcePhaseBench.EPSILON,
                Parameters.DEFAULT_GROUP_SIZE, Precision.DOUBLE, 3, 5);
        ForceProfile.Result mixedProf = ForceProfile.profile(tree, n, ForcePhaseBench.EPSILON,
                Parameters.DEFAULT_GROUP_SIZE, Precision.MIXED, 3, 5);
        double loadAfter = Machine.load();

        // Same maths: the Java kernels' bits against the C build without FMA contraction.
        MonopoleKernels.Problem p = MonopoleKernels.create(MonopoleBench.SOURCES, MonopoleBench.TARGETS);
        MonopoleKernels.scalar(p);
        String scalarBits = String.format("%016x", MonopoleKernels.bitsHash(p));
        VectorMonopole.field(p);
        String vectorBits = String.format("%016x", MonopoleKernels.bitsHash(p));
        VectorMonopole.field2(p);
        String vector2Bits = String.format("%016x", MonopoleKernels.bitsHash(p));
        VectorMonopole.fieldMixed(p);
        String mixedBits = String.format("%016x", MonopoleKernels.bitsHash(p));

        List<Row> rows = new ArrayList<>();
        String lanes = VectorMonopole.LANES + " lanes";
        double cRef = 0;
        String cRefName = "";
        for (var e : c.entrySet()) {
            String name = e.getKey();
            double[] v = e.getValue();
            boolean mixed = name.equals("c-simd-mixed");
            String how = mixed ? "gcc -O3 -march=native, intrinsics, " + (int) v[3] + " float lanes from the group's"
                    + " centre, explicit FMA, runs of 64 terms summed in double (MixedVectorListKernel's body loop)"
                    : (name.startsWith("c-simd") ? "gcc -O3 -march=native, intrinsics, " + (int) v[3] + " lanes"
                    : "gcc -O3 -march=native, vectorisation off") + (name.endsWith("-fma")
                    ? ", FMA contraction (gcc default)" : ", -ffp-contract=off");
            rows.add(new Row(name, how, v[0], 0.5 * (v[2] - v[1]), v[2], ""));
            if (name.startsWith("c-simd") && !mixed && v[0] > cRef) {
                cRef = v[0];
                cRefName = name;
            }
        }
        addJmh(rows, byName, "javaScalar", "java-scalar", "monopole list kernel, one target at a time");
        addJmh(rows, byName, "javaVector", "java-vector",
                "monopole list kernel, Vector API, " + lanes + " (VectorListKernel layout)");
        addJmh(rows, byName, "javaVector2", "java-vector-x2",
                "as java-vector, 2 vectors of targets per pass");
        addJmh(rows, byName, "javaMixed", "java-vector-mixed", "c-simd-mixed's kernel, Vector API, "
                + VectorMonopole.FLOAT_LANES + " float lanes (MixedVectorListKernel layout)");
        addJmhCounter(rows, byName, "vectorKernel", "force-phase",
                "TreeWalk.field, N=1e5 Plummer, theta 0.5, eps 0.01, VectorListKernel");
        addJmhCounter(rows, byName, "scalarKernel", "force-phase-scalar",
                "the same with ScalarListKernel (JVM without the vector module)");
        rows.add(new Row("force-phase-list-kernel-only", "the same walk, time inside VectorListKernel.sum only"
                + " (profile, median of 5)", prof.kernelInteractionsPerSecond() / 1e6, Double.NaN, Double.NaN,
                String.format("walk + list building = %.0f%% of the phase", 100 * prof.walkShare())));
        addJmhCounter(rows, byName, "mixedKernel", "force-phase-mixed",
                "the same walk, mixed precision: MixedVectorListKernel, " + jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.length() + " float lanes");
        rows.add(new Row("force-phase-mixed-list-kernel-only", "the same walk, time inside MixedVectorListKernel.sum"
                + " only (profile, median of 5)", mixedProf.kernelInteractionsPerSecond() / 1e6, Double.NaN,
                Double.NaN, String.format("walk + list building = %.0f%% of the phase", 100 * mixedProf.walkShare())));

        ByteArrayPrintStream table = new ByteArrayPrintStream();
        PrintStream o = table.stream;
        o.println("machine: " + Machine.line());
        o.printf("load average (1 min): %.2f before, %.2f after (2 cores; about 1 = this benchmark alone, above"
                + " ~1.5 = other work shared the cores)%n", loadBefore, loadAfter);
        o.println("C: " + cInfo);
        o.println(quick ? "QUICK RUN (1 warm-up + 1 measured iteration of 1 s): a smoke test, not a measurement"
                : "JMH: 1 fork, 1 thread, 3 warm-up + 5 measured iterations (1 s kernels, 5 s force phase);"
                + " C: 3 warm-up + 5 measured trials of 1 s");
        o.println();
        o.println("| kernel | what | M interactions/s | ± | best iteration | ratio to C | note |");
        o.println("|---|---|---:|---:|---:|---:|---|");
        for (Row r : rows) {
            o.printf("| %s | %s | %s | %s | %s | %.2f | %s |%n", r.kernel, r.how, fmt(r.mips),
                    Double.isNaN(r.error) ? "" : fmt(r.error), fmt(r.best), r.mips / cRef, r.note);
        }
        o.println();
        o.println("C = " + cRefName + " (the faster double C SIMD build); ratio = mean / mean. ± = JMH's 99.9% half-interval"
                + " (Java), half the min-max spread of the trials (C). Best iteration = the fastest measured iteration"
                + " (or trial): close to the mean when nothing else ran; far above it when other work shared the cores.");
        o.printf("same bits as C without FMA: java-scalar %s, java-vector %s, java-vector-x2 %s (C %s)%n",
                same(scalarBits, cBits.get("c-simd-nofma")), same(vectorBits, cBits.get("c-simd-nofma")),
                same(vector2Bits, cBits.get("c-simd-nofma")), cBits.getOrDefault("c-simd-nofma", "?"));
        o.printf("same bits as C's mixed kernel: java-vector-mixed %s (C %s)%n", same(mixedBits,
                cBits.get("c-simd-mixed")), cBits.getOrDefault("c-simd-mixed", "?"));
        long terms = prof.cellTerms() + prof.bodyTerms();
        o.printf("force phase lists: %d groups, %.0f interactions per body, %.1f%% of list terms are cells"
                        + " (quadrupole), %.1f%% bodies; %.1f%% of the computed lanes are padding or self;"
                        + " profile: phase %.3f s, in list kernel %.3f s%n",
                prof.groups(), (double) prof.interactions() / n, 100.0 * prof.cellTerms() / terms,
                100.0 * prof.bodyTerms() / terms, 100.0 * (prof.lanesComputed() - prof.interactions())
                        / prof.lanesComputed(), prof.totalSeconds(), prof.kernelSeconds());
        Row vec = rows.stream().filter(r -> r.kernel.equals("java-vector")).findFirst().orElse(null);
        if (vec != null) {
            double cellShare = (double) prof.cellTerms() / terms, bodyShare = 1 - cellShare;
            double q = (vec.mips / (prof.kernelInteractionsPerSecond() / 1e6) - bodyShare) / cellShare;
            o.printf("estimate: a cell (quadrupole) term costs %s body terms in the list kernel"
                    + " (java-vector rate / list-kernel-only rate, solved for the cell share)%n",
                    q >= 1 ? String.format("%.1f", q) : "n/a (inconsistent rates: a disturbed run)");
        }
        Row force = rows.stream().filter(r -> r.kernel.equals("force-phase")).findFirst().orElse(null);
        if (force != null) {
            o.printf("issue 5 goal: force phase >= 150 M/s: %s (%s); >= 0.3 of C: %s (%.2f)%n",
                    force.mips >= 150 ? "met" : "NOT met", fmt(force.mips), force.mips >= 0.3 * cRef ? "met"
                            : "NOT met", force.mips / cRef);
        }
        Row mixed = rows.stream().filter(r -> r.kernel.equals("force-phase-mixed")).findFirst().orElse(null);
        if (force != null && mixed != null) {
            double speedup = mixed.mips / force.mips;
            o.printf("issue 19 goal: mixed force phase >= 1.8x the double one on the same walk: %s (%.2fx;"
                    + " profile: %.3f s against %.3f s a walk)%n", speedup >= 1.8 ? "met" : "NOT met", speedup,
                    mixedProf.totalSeconds(), prof.totalSeconds());
        }
        System.out.print(table);
        Files.writeString(out, table.toString());
        return 0;
    }

    /**
     * Compiles monopole.c twice with gcc -O3 -march=native (the best code gcc makes for this CPU), then runs
     * both builds; their output files. No -ffast-math: it would allow reassociation and approximate
     * sqrt/divide, i.e. other results than the IEEE Java kernels. -ffp-contract=off is exactly Java's
     * operations (same bits); gcc's default contraction uses FMA.
     */
    private List<Path> cReference() throws Exception {
        Path c = Files.createDirectories(outDir.resolve("c"));
        Path source = Bench.home("benchmarks/c/monopole.c");
        List<String> trial = quick ? List.of("1024", "64", "0.3", "1", "1") : List.of("1024", "64", "1.0", "3", "5");
        List<Path> results = new ArrayList<>();
        System.err.println("bench kernels: C reference ...");
        for (String contract : List.of("fma", "nofma")) {
            Path binary = c.resolve("monopole-" + contract);
            List<String> gcc = List.of("gcc", "-O3", "-march=native", contract.equals("fma") ? "-ffp-contract=fast"
                    : "-ffp-contract=off", "-DCONTRACT=\"" + contract + "\"", "-Wall", "-Wextra", "-o", binary.toString(),
                    source.toString(), "-lm");
            try {
                ChildJvm.run(new ProcessBuilder(gcc), "gcc (" + String.join(" ", gcc) + ")", c.resolve("gcc-" + contract + ".log"));
            } catch (IOException e) {
                throw new BenchException("cannot run gcc, which builds the C reference: " + e.getMessage());
            }
            List<String> run = new ArrayList<>(List.of(binary.toString()));
            run.addAll(trial);
            Path result = c.resolve("monopole-" + contract + ".txt");
            ChildJvm.run(new ProcessBuilder(run), "the C reference " + binary, result);
            results.add(result);
        }
        return results;
    }

    private static String same(String a, String b) {
        return b == null ? "(no C)" : a.equals(b) ? "yes" : "NO";
    }

    private static void addJmh(List<Row> rows, Map<String, RunResult> r, String bench, String name, String how) {
        RunResult rr = r.get(bench);
        if (rr == null) {
            rows.add(new Row(name, how + " (did not run)", Double.NaN, Double.NaN, Double.NaN, ""));
            return;
        }
        Result<?> p = rr.getPrimaryResult();
        double best = 0;
        for (var br : rr.getBenchmarkResults()) {
            for (var ir : br.getIterationResults()) {
                best = Math.max(best, ir.getPrimaryResult().getScore());
            }
        }
        rows.add(new Row(name, how + " (JMH)", p.getScore(), p.getScoreError(), best, ""));
    }

    private static void addJmhCounter(List<Row> rows, Map<String, RunResult> r, String bench, String name,
                                      String how) {
        RunResult rr = r.get(bench);
        Result<?> s = rr == null ? null : rr.getSecondaryResults().get("interactions");
        if (s == null) {
            rows.add(new Row(name, how + " (did not run)", Double.NaN, Double.NaN, Double.NaN, ""));
            return;
        }
        double best = 0;
        for (var br : rr.getBenchmarkResults()) {
            for (var ir : br.getIterationResults()) {
                Result<?> c = ir.getSecondaryResults().get("interactions");
                if (c != null) {
                    best = Math.max(best, c.getScore());
                }
            }
        }
        double walksPerUs = rr.getPrimaryResult().getScore();
        rows.add(new Row(name, how + " (JMH)", s.getScore(), s.getScoreError(), best,
                String.format("%.3f s per walk", 1e-6 / walksPerUs)));
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "n/a" : v >= 100 ? String.format("%.0f", v) : String.format("%.1f", v);
    }

    /** A PrintStream into a string. */
    private static final class ByteArrayPrintStream {
        final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        @Override
        public String toString() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
