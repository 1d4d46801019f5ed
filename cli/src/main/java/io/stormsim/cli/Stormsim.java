package io.stormsim.cli;

import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.storm.LocalCluster;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line, parsed by picocli. {@code check} only validates a topology; {@code run} validates it, then
 * runs it on an embedded LocalCluster and prints where the results are; {@code submit} validates it, then submits
 * it to a cluster's Nimbus. {@code list}, {@code status}, {@code kill} and {@code rebalance} manage topologies on
 * a cluster ({@link NimbusCommands}); {@code cluster} starts and stops a local one ({@link ClusterCommand});
 * {@code watch} shows a running simulation's live stream ({@link StreamWatch}); {@code completion} prints a
 * bash/zsh completion script. Modules built after this one add commands of their own ({@link Extension}).
 */
@Command(name = "stormsim", sortOptions = false, versionProvider = Stormsim.Version.class,
        description = "Parallel simulations as Apache Storm topologies: check or run one here, submit one to a cluster"
                + " and manage it there.",
        subcommands = {Stormsim.Check.class, Stormsim.Run.class, Stormsim.Submit.class, NimbusCommands.ListTopologies.class,
                NimbusCommands.Status.class, NimbusCommands.Kill.class, NimbusCommands.Rebalance.class,
                ClusterCommand.class, Stormsim.Watch.class, ResultsCommand.class},
        footer = {"%nstormsim COMMAND --help gives a command's options. Exit status: 0 done; 1 a value, the run or the"
                + " cluster failed (the message says which); 2 the command line is not as above."})
public final class Stormsim {
    @Option(names = {"-h", "--help"}, usageHelp = true, scope = ScopeType.INHERIT, description = "this help, and exit")
    private boolean help;

    @Option(names = "--version", versionHelp = true, description = "stormsim's, Storm's and Java's versions, and exit")
    private boolean version;

    /** The versions this build was made with (version.properties, filled in by Maven), and the running Java's. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties built = new Properties();
            try (InputStream in = Stormsim.class.getResourceAsStream("version.properties")) {
                built.load(in);
            }
            return new String[] {"stormsim " + built.getProperty("stormsim"),
                "Apache Storm " + built.getProperty("storm") + " (Flux, LocalCluster)",
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }

    /**
     * A command from a module built after this one (the benchmarks' {@code bench}), added under stormsim when its
     * jar is on the class path: a {@link ServiceLoader} service.
     */
    public interface Extension {
        /** Its command line, with the handler of the exceptions its commands throw. */
        CommandLine commandLine();
    }

    private Stormsim() {
    }

    public static void main(String[] args) {
        // numbers printed and written with a '.', whatever the user's locale
        Locale.setDefault(Locale.ROOT);
        // always exit: a LocalCluster leaves non-daemon threads behind after close
        System.exit(run(args));
    }

    static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The whole command line: this module's commands, the extensions found, and {@code completion}, last, for them all. */
    static CommandLine commandLine() {
        CommandLine root = new CommandLine(new Stormsim());
        Map<String, IExecutionExceptionHandler> extensions = new HashMap<>();
        for (Extension extension : ServiceLoader.load(Extension.class)) {
            CommandLine command = extension.commandLine();
            extensions.put(command.getCommandName(), command.getExecutionExceptionHandler());
            root.addSubcommand(command);
        }
        root.addSubcommand(new Completion());
        // picocli's own prints either its suggestions or the usage; both, so that a mistyped command or option
        // is followed by what is allowed
        root.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            failed.getErr().println(e.getMessage());
            UnmatchedArgumentException.printSuggestions(e, failed.getErr());
            failed.usage(failed.getErr());
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
        // picocli asks the root's handler only: it hands each extension's exceptions on to the extension's own
        return root.setExecutionExceptionHandler((e, failed, parsed) -> {
            CommandLine top = failed;
            while (top.getParent() != null && top.getParent().getParent() != null) {
                top = top.getParent();
            }
            IExecutionExceptionHandler own = extensions.get(top.getCommandName());
            return own != null ? own.handleExecutionException(e, failed, parsed) : report(e, failed);
        });
    }

    private static int report(Exception e, CommandLine failed) throws Exception {
        if (e instanceof ConfigException || e instanceof LocalRun.RunFailedException) {
            failed.getErr().println("stormsim: " + e.getMessage());
            if (e instanceof ConfigException c) {
                c.hint().ifPresent(hint -> failed.getErr().println("stormsim: " + hint));
            }
            return 1;
        }
        throw e;
    }

    /** check, run and submit: read and check a topology, then each does its part. */
    private abstract static class TopologyCommand implements Callable<Integer> {
        @Mixin
        TopologyOptions topology;

        @Override
        public Integer call() throws Exception {
            use(topology.load());
            return 0;
        }

        abstract void use(TopologyFile topology) throws Exception;
    }

    /** check and run: the same command line, so that check tells whether run would start. */
    private abstract static class LocalCommand extends TopologyCommand {
        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0", converter = AtLeast.Zero.class,
                description = "run: fail if the run has not ended after SECONDS (default: 0, none: a run ends when it ends)")
        int timeoutSeconds;
    }

    @Command(name = "check", description = {"Checks a topology and every value it is given, as run and submit do first;"
            + " runs nothing.", "Takes run's options: check then run with the same ones."})
    static final class Check extends LocalCommand {
        @Override
        void use(TopologyFile topology) throws ConfigException {
            HeapCheck.local(topology);
            System.out.println(topology.yaml + ": ok");
        }
    }

    @Command(name = "run", description = "Checks a topology, runs it on an embedded LocalCluster and prints where the"
            + " results are.")
    static final class Run extends LocalCommand {
        @Override
        void use(TopologyFile topology) throws Exception {
            HeapCheck.local(topology);
            System.out.println("stormsim: running " + topology.name() + " from " + topology.yaml + " on an embedded LocalCluster");
            long start = System.nanoTime();
            try (LocalCluster cluster = new LocalCluster()) {
                Path out = LocalRun.run(cluster, topology, Duration.ofSeconds(timeoutSeconds));
                System.out.printf("stormsim: done in %.1f s. Results in %s:%n", (System.nanoTime() - start) / 1e9,
                        out.toAbsolutePath());
                printResults(topology, out.toAbsolutePath());
            }
        }
    }

    @Command(name = "submit", description = {"Checks a topology, then submits it to a cluster's Nimbus and prints where"
            + " the results go.", "Relative paths in its values are made absolute first."})
    static final class Submit extends TopologyCommand {
        @Mixin
        private NimbusOptions nimbus;

        /** A cluster of several hosts started by scripts/cluster keeps the run in its Redis, unless --set store=... */
        @Override
        public Integer call() throws Exception {
            Map<String, String> fillEmpty = new LinkedHashMap<>();
            nimbus.clusterStore().ifPresent(url -> fillEmpty.put("store", url));
            use(topology.load(fillEmpty));
            return 0;
        }

        @Override
        void use(TopologyFile topology) throws Exception {
            HeapCheck.cluster(topology);
            NimbusAddress address = nimbus.address();
            long start = System.nanoTime();
            Path out = TopologySubmission.submit(topology, address);
            System.out.printf("stormsim: submitted %s from %s to Nimbus %s in %.1f s. Watch it with%n"
                            + "  scripts/stormsim status %s --watch 10%s%n", topology.name(), topology.yaml,
                    address, (System.nanoTime() - start) / 1e9, topology.name(), nimbus.asGiven());
            String stream = String.valueOf(topology.config.getOrDefault(StreamConfig.BIND, "")).trim();
            if (!stream.isEmpty()) {
                System.out.println("its live stream: scripts/stormsim watch --connect " + stream.replace("*", "127.0.0.1")
                        + "   (on the host of its publisher)");
            }
            String store = String.valueOf(topology.config.getOrDefault(RunConfig.STORE, "")).trim();
            if (store.isEmpty()) {
                System.out.printf("results go to %s on the host of each sink:%n", out);
                printResults(topology, out);
            } else {
                System.out.printf("results go to %s on the host of each sink, and to the run store %s; bring them here"
                        + " with%n  scripts/stormsim results %s --store %s [--to DIR]   (default: output/%s)%n", out, store,
                        topology.name(), store, topology.name());
            }
        }
    }

    private static void printResults(TopologyFile topology, Path out) {
        for (String f : topology.settings.results()) {
            System.out.println("  " + out.resolve(f));
        }
    }

    @Command(name = "watch", description = {"Shows a running simulation's live stream (docs/stream.md): a line per round,"
            + " a summary per body sample, until K messages or Ctrl-C."})
    static final class Watch implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--connect", paramLabel = "tcp://HOST:PORT", defaultValue = StreamConfig.DEFAULT_ENDPOINT,
                description = "where the run publishes, its stormsim.stream.bind (default: ${DEFAULT-VALUE})")
        private String endpoint;

        @Option(names = "--count", paramLabel = "K", converter = AtLeast.One.class,
                description = "stop after K messages (default: until Ctrl-C)")
        private Integer count;

        @Override
        public Integer call() {
            try {
                StreamConfig.checkEndpoint("--connect", endpoint, "", "");
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            StreamWatch watch = new StreamWatch(System.out, StreamWatch.QUIET);
            CountDownLatch watched = new CountDownLatch(1);
            Thread onCtrlC = new Thread(() -> {
                watch.stop();
                try {
                    watched.await(2, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Runtime.getRuntime().addShutdownHook(onCtrlC);
            watch.watch(endpoint, count == null ? 0 : count);
            watched.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException ctrlC) {
                // the JVM is already shutting down: the hook stopped this watch
            }
            return 0;
        }
    }

    @Command(name = "completion", description = {"Prints a bash and zsh completion script of these commands and their options"
            + " (picocli's AutoComplete).", "Load it with: source <(scripts/stormsim completion)",
            "(zsh: first autoload -U +X compinit && compinit && autoload -U +X bashcompinit && bashcompinit)"})
    static final class Completion implements Runnable {
        @Spec
        private CommandSpec spec;

        @Override
        public void run() {
            CommandLine root = spec.root().commandLine();
            // print, not println: a script with Windows line ends fails in bash
            root.getOut().print(AutoComplete.bash(root.getCommandName(), root));
            root.getOut().flush();
        }
    }
}
