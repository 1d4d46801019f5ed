package io.stormsim.benchmarks;

import io.stormsim.benchmarks.Bench.BenchException;
import io.stormsim.cli.Stormsim;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM of its own for one measurement or one side of a benchmark, started with this JVM's java, options and
 * class path: a benchmark subcommand ({@link #bench}) or another main of the class path ({@link #main}). JVM
 * options given here come after the inherited ones, so a {@code -Xmx} given here wins.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    /** {@code stormsim bench ARGS...} in a new JVM. */
    static ProcessBuilder bench(List<String> jvmOptions, List<String> args) {
        List<String> bench = new ArrayList<>(List.of("bench"));
        bench.addAll(args);
        return main(jvmOptions, Stormsim.class.getName(), bench);
    }

    static ProcessBuilder main(List<String> jvmOptions, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        return new ProcessBuilder(command);
    }

    /**
     * Runs a process (a JVM from here, or a tool such as gcc) with stdout and stderr to {@code log}; fails naming
     * {@code what} and the log unless it exits with 0.
     */
    static void run(ProcessBuilder child, String what, Path log) throws IOException, InterruptedException, BenchException {
        int status = child.redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
        if (status != 0) {
            throw new BenchException(what + " failed (exit " + status + "), see " + log);
        }
    }

    /** Runs it with its stdout copied to this JVM's stdout and to {@code file} (stderr passes through). */
    static void tee(ProcessBuilder child, String what, Path file) throws IOException, InterruptedException, BenchException {
        Process p = child.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                System.out.println(line);
                out.println(line);
            }
        }
        int status = p.waitFor();
        if (status != 0) {
            throw new BenchException(what + " failed (exit " + status + "); its output so far is in " + file);
        }
    }
}
