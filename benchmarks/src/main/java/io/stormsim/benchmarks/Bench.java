package io.stormsim.benchmarks;

import io.stormsim.cli.Stormsim;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.LocalRun;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The one command line of every benchmark, {@code scripts/stormsim bench NAME [options]}: each benchmark is
 * a subcommand with typed options and its own {@code --help}. Benchmarks that measure in JVMs of their own
 * start them through hidden subcommands of this same command ({@link ChildJvm}). A {@link Stormsim.Extension}
 * (META-INF/services): {@code bench} is a command of stormsim's when this jar is on the class path.
 */
@Command(name = "bench", sortOptions = false,
        description = {"Runs one benchmark and prints its table (Markdown, or aligned text for pingpong).",
                "JVM options: STORMSIM_JAVA_OPTS (each benchmark has its own default heap, see scripts/stormsim).",
                "Timings are only meaningful on a quiet machine: flock /tmp/stormsim-bench.lock scripts/stormsim bench ..."},
        subcommands = {BarnesHutBench.class, FftBench.class, MatmulBench.class, PingPongBench.class,
                RadixSortBench.class, RadixSortBench.Baseline.class,
                TransportPingPong.class, KernelTable.class, ScalingStudy.class, ScalingBench.class, MemoryBench.class,
                ExchangeBench.class, Projection.class, Soak.class, CheckersBench.class, CheckersBench.Run.class, WaterBench.class, HeapBench.class, HeapBench.Run.class,
                BarnesHutBench.Sequential.class, BarnesHutBench.Topology.class, DgemmBaseline.class,
                PingPongBaseline.Echo.class, PingPongBaseline.Ping.class})
public final class Bench implements Runnable, Stormsim.Extension {
    /** The project directory: system property {@code stormsim.home} (scripts/stormsim sets it), or the working directory. */
    static final String HOME = "${sys:stormsim.home:-.}";

    @Spec
    private CommandSpec spec;

    @Override
    public CommandLine commandLine() {
        return new CommandLine(this).setExecutionExceptionHandler((e, cl, parsed) -> {
            if (e instanceof ConfigException || e instanceof LocalRun.RunFailedException
                    || e instanceof IllegalArgumentException || e instanceof BenchException) {
                cl.getErr().println("bench " + cl.getCommandName() + ": " + e.getMessage());
                return 1;
            }
            throw e;
        });
    }

    /** A file of the project, e.g. {@code flux-configs/fft.yaml}. */
    static Path home(String relative) {
        return Path.of(System.getProperty("stormsim.home", ".")).resolve(relative).toAbsolutePath().normalize();
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "no benchmark named: give one of those below");
    }

    /** A benchmark that cannot go on (a failed measurement, a missing tool): the message says which and why. */
    static final class BenchException extends Exception {
        private static final long serialVersionUID = 1L;

        BenchException(String message) {
            super(message);
        }

        BenchException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
