package io.stormsim.cli;

import io.stormsim.run.RunConfig;
import io.stormsim.run.StreamConfig;
import io.stormsim.topologies.ConfigException;
import io.stormsim.topologies.HeapCheck;
import io.stormsim.topologies.LocalRun;
import io.stormsim.topologies.TopologyFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
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
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.utils.NimbusClient;
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
 * {@code watch} shows a running simulation's live stream ({@link StreamWatch}) or its live page ({@link LiveSession},
 * which {@code run} serves too); {@code completion} prints a
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

    /** The live page's options, of run and watch. */
    static final class WebOptions {
        @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
                description = "the address the live page listens on (default: ${DEFAULT-VALUE}, this machine only;"
                        + " 0.0.0.0: every interface)")
        String bind;

        /** Starts the page, or fails naming the address that is not this machine's, or the port in use. */
        LiveSession start(String name, String endpoint, WebPort port) throws ConfigException {
            checkBind();
            try {
                return LiveSession.start(name, endpoint, bind, port);
            } catch (IOException e) {
                throw new ConfigException("the live page cannot listen on " + bind + ": " + e.getMessage());
            }
        }

        /** An address another machine has could only fail to bind, as a port "in use": said as what it is. */
        private void checkBind() throws ConfigException {
            String allowed = "must be an address of this machine (e.g. 127.0.0.1), or 0.0.0.0 for every interface";
            InetAddress address;
            try {
                address = InetAddress.getByName(bind);
            } catch (UnknownHostException e) {
                throw new ConfigException("--bind " + bind + " is not allowed: no such host; " + allowed);
            }
            try {
                if (!address.isAnyLocalAddress() && !address.isLoopbackAddress()
                        && NetworkInterface.getByInetAddress(address) == null) {
                    throw new ConfigException("--bind " + bind + " is not allowed: not an address of this machine; "
                            + allowed);
                }
            } catch (SocketException e) {
                throw new ConfigException("--bind " + bind + ": this machine's interfaces cannot be listed: " + e);
            }
        }
    }

    @Command(name = "run", description = {"Checks a topology, runs it on an embedded LocalCluster and prints where the"
            + " results are.", "Its live page (progress, charts, components; docs/live-page.md) is at the address"
            + " printed at start."})
    static final class Run extends LocalCommand {
        @Option(names = "--web", paramLabel = "PORT|FROM-TO|off", defaultValue = WebPort.DEFAULT,
                converter = WebPort.Converter.class, description = "the live page's port, the first free one of a"
                        + " range, or off (default: ${DEFAULT-VALUE})")
        WebPort web;

        @Mixin
        WebOptions webOptions;

        @Override
        void use(TopologyFile topology) throws Exception {
            HeapCheck.local(topology);
            LiveSession live = web.off() ? null : webOptions.start(topology.name(), streamEndpoint(topology), web);
            System.out.println("stormsim: running " + topology.name() + " from " + topology.yaml + " on an embedded LocalCluster"
                    + (live == null ? "" : "; live page " + live.address()));
            long start = System.nanoTime();
            // the components' counts reach Nimbus every few seconds (Storm: every 60), each tuple counted (Storm:
            // 1 in 20), as on scripts/cluster: the live page's table is exact and a short run's is not blank
            try (LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(Map.of(
                    Config.EXECUTOR_METRICS_FREQUENCY_SECS, LiveSession.EXECUTOR_STATS_SECONDS,
                    Config.TOPOLOGY_STATS_SAMPLE_RATE, 1.0)).build();
                 AutoCloseable page = live == null ? () -> { } : live) {
                if (live != null) {
                    // the daemon itself: LocalCluster's own Nimbus.Iface leaves the Storm UI's calls unimplemented
                    live.watchNimbus(cluster.getNimbus());
                }
                Path out;
                try {
                    out = LocalRun.run(cluster, topology, Duration.ofSeconds(timeoutSeconds));
                } catch (Exception e) {
                    if (live != null) {
                        live.ended(false, String.valueOf(e.getMessage()));
                    }
                    throw e;
                }
                String done = String.format("done in %.1f s. Results in %s", (System.nanoTime() - start) / 1e9,
                        out.toAbsolutePath());
                System.out.println("stormsim: " + done + ":");
                printResults(topology, out.toAbsolutePath());
                if (live != null) {
                    live.ended(true, done);
                }
            }
        }

        /** Where an embedded run's stream is read: its stormsim.stream.bind, on this machine; empty for none. */
        static String streamEndpoint(TopologyFile topology) {
            Object bind = topology.config.get(StreamConfig.BIND);
            String endpoint = bind == null ? "" : String.valueOf(bind).trim();
            return endpoint.replace("tcp://*:", "tcp://127.0.0.1:");
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
        for (String f : topology.results()) {
            System.out.println("  " + out.resolve(f));
        }
    }

    @Command(name = "watch", description = {"Shows a running simulation's live stream (docs/stream.md): a line per round"
            + " or job, a summary per body sample, until K messages or Ctrl-C.", "With --web, serves the run's live page"
            + " instead (docs/live-page.md), with its components from Nimbus when --topology names it."})
    static final class Watch implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--connect", paramLabel = "tcp://HOST:PORT", defaultValue = StreamConfig.DEFAULT_ENDPOINT,
                description = "where the run publishes, its stormsim.stream.bind (default: ${DEFAULT-VALUE})")
        private String endpoint;

        @Option(names = "--count", paramLabel = "K", converter = AtLeast.One.class,
                description = "stop after K messages (default: until Ctrl-C)")
        private Integer count;

        @Option(names = "--web", arity = "0..1", paramLabel = "PORT|FROM-TO", fallbackValue = WebPort.DEFAULT,
                converter = WebPort.Converter.class, description = "serve the live page on PORT, or the first free"
                        + " port of FROM-TO (alone: ${FALLBACK-VALUE}), until Ctrl-C")
        private WebPort web;

        @Mixin
        private WebOptions webOptions;

        @Option(names = "--topology", paramLabel = "NAME", description = "with --web: the topology's components, from"
                + " the Nimbus below (default: none shown)")
        private String topology;

        @Mixin
        private NimbusOptions nimbus;

        @Override
        public Integer call() throws Exception {
            try {
                StreamConfig.checkEndpoint("--connect", endpoint, "", "");
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            if (web != null && web.off()) {
                throw new ParameterException(spec.commandLine(), "--web off: leave --web out for the lines instead");
            }
            if (topology != null && web == null) {
                throw new ParameterException(spec.commandLine(), "--topology " + topology + " goes with --web");
            }
            CountDownLatch watched = new CountDownLatch(1);
            if (web != null) {
                serve(watched);
                return 0;
            }
            StreamWatch watch = new StreamWatch(System.out, StreamWatch.QUIET);
            Thread onCtrlC = new Thread(() -> {
                watch.stop();
                awaitQuietly(watched);
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

        /** The live page until Ctrl-C. */
        private void serve(CountDownLatch stopped) throws Exception {
            NimbusClient client = topology == null ? null : nimbus.address().connect();
            try (LiveSession live = webOptions.start(topology == null ? endpoint : topology, endpoint, web)) {
                if (client != null) {
                    live.watchNimbus(client.getClient());
                }
                System.out.println("watch: live page of " + endpoint + " at " + live.address() + " (Ctrl-C to stop)");
                Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
                stopped.await();
            } finally {
                if (client != null) {
                    client.close();
                }
            }
        }

        private static void awaitQuietly(CountDownLatch latch) {
            try {
                latch.await(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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
