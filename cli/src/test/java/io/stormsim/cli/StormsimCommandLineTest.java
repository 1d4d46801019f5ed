package io.stormsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.stormsim.run.RedisServer;
import io.stormsim.topologies.LocalClusterTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The stormsim command line as a user meets it: help on every command, exit status 2 with a message naming the
 * bad option and what is allowed, 1 when a value or the cluster is wrong, extensions' own error handling, and
 * the completion script as bash runs it.
 */
class StormsimCommandLineTest {
    private static final String YAML = LocalClusterTest.YAML.toString();

    @TempDir
    Path tmp;

    /** Exit status, what went to stdout (picocli's and the commands' own), what went to stderr. */
    record Outcome(int status, String out, String err) {
    }

    /** Runs a command of the command line in this JVM, and what it said. */
    static Outcome stormsim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = Stormsim.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        } finally {
            System.setOut(stdout);
        }
        return new Outcome(status, out + printed.toString(StandardCharsets.UTF_8), err.toString());
    }

    @Test
    void everyCommandHasItsHelp() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Stormsim.commandLine(), commands);
        assertTrue(commands.size() >= 15, "commands found: " + commands.size());
        for (CommandLine c : commands) {
            String name = c.getCommandSpec().qualifiedName();
            List<String> args = new ArrayList<>(List.of(name.split(" ")).subList(1, name.split(" ").length));
            args.add("--help");
            Outcome help = stormsim(args.toArray(String[]::new));
            assertEquals(0, help.status, name + " --help");
            assertTrue(help.out.startsWith("Usage: " + name + " [-h]"), name + " --help printed: " + help.out);
            assertEquals("", help.err, name + " --help");
        }
    }

    private static void collect(CommandLine command, List<CommandLine> all) {
        all.add(command);
        command.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''|Missing required subcommand|stormsim [-h]",
        "simulate|Unmatched argument at index 0: 'simulate'%nDid you mean: stormsim watch or stormsim status|stormsim [-h]",
        "run|Missing required parameter: 'TOPOLOGY.yaml'|stormsim run",
        "run YAML --timeout -1|Invalid value for option '--timeout': -1 is not allowed: must be an integer >= 0|stormsim run",
        "run YAML --timeout soon|Invalid value for option '--timeout': soon is not allowed: must be an integer >= 0|stormsim run",
        "run YAML --timout|Unknown option: '--timout'%nPossible solutions: --timeout|stormsim run",
        "run YAML --timeout 5 --timeout 6|option '--timeout' (SECONDS) should be specified only once|stormsim run",
        "run YAML --nimbus 127.0.0.1:6627|Unknown options: '--nimbus', '127.0.0.1:6627'|stormsim run",
        "check YAML --set dt|Value for option option '--set' (KEY=VALUE) should be in KEY=VALUE format but was dt|stormsim check",
        "check YAML --set =0.1|--set =0.1 is not allowed: must be KEY=VALUE with a KEY|stormsim check",
        "check YAML other.yaml|Unmatched argument at index 2: 'other.yaml'|stormsim check",
        "submit YAML --nimbus nimbus|--nimbus nimbus is not allowed: must be HOST:PORT, e.g. 127.0.0.1:17601|stormsim submit",
        "submit YAML --nimbus h:1 --cluster c|Error: --nimbus=HOST:PORT, --cluster=DIR are mutually exclusive|stormsim submit",
        "status|Missing required parameter: 'NAME'|stormsim status",
        "status sim --watch 0|Invalid value for option '--watch': 0 is not allowed: must be an integer >= 1|stormsim status",
        "kill sim --wait -2|Invalid value for option '--wait': -2 is not allowed: must be an integer >= 0|stormsim kill",
        "rebalance sim --workers 0|Invalid value for option '--workers': 0 is not allowed: must be an integer >= 1|stormsim rebalance",
        "rebalance sim --executors force=0|--executors force=0 is not allowed: the count must be an integer >= 1|stormsim rebalance",
        "rebalance sim --executors force=two|Invalid value for option '--executors' (COMPONENT=N): 'two' is not an int|stormsim rebalance",
        "cluster|Missing required subcommand|stormsim cluster",
        "cluster restart|Unmatched argument at index 1: 'restart'%nDid you mean: cluster start or cluster status or cluster stop?|stormsim cluster",
        "cluster stop --base-port 17600|Unknown options: '--base-port', '17600'|stormsim cluster stop",
        "cluster start --base-port -1|Invalid value for option '--base-port': -1 is not allowed: must be an integer >= 0|stormsim cluster start",
        "watch --connect 127.0.0.1:5563|--connect = 127.0.0.1:5563 is not allowed: must be tcp://HOST:PORT|stormsim watch",
        "watch --count 0|Invalid value for option '--count': 0 is not allowed: must be an integer >= 1|stormsim watch",
    })
    void aBadCommandLineIsAUsageErrorNamingTheOption(String args, String message, String usage) {
        Outcome o = stormsim(args.isEmpty() ? new String[0] : args.replace("YAML", YAML).split(" "));
        assertEquals(2, o.status, o.err);
        assertTrue(o.err.startsWith(String.format(message)), o.err);
        assertTrue(o.err.contains("Usage: " + usage), o.err);
        assertEquals("", o.out);
    }

    @Test
    void hostsAndKillHostSayWhatIsAllowed() throws Exception {
        Path dir = tmp.resolve("hosts");
        assertEquals(new Outcome(1, "", "stormsim: --hosts 10 is not allowed as number of hosts: must be in 1..9 (leave it"
                + " out for a cluster of one host)\n"), stormsim("cluster", "start", "--dir", dir.toString(), "--hosts", "10"));
        Files.createDirectories(dir);
        new ClusterLayout(dir, 21000).writeProperties();
        assertEquals(new Outcome(1, "", "stormsim: the cluster in " + dir + " is one host: kill-host needs a cluster"
                + " started with --hosts N\n"), stormsim("cluster", "kill-host", "1", "--dir", dir.toString()));
        new ClusterLayout(dir, 21000, 2).writeProperties();
        assertEquals(new Outcome(1, "", "stormsim: kill-host 3: there is no such host to kill, the Supervisors run on hosts"
                + " 1..2 (host 0 holds ZooKeeper, Nimbus and Redis: stop the cluster to end it)\n"),
                stormsim("cluster", "kill-host", "3", "--dir", dir.toString()));
    }

    @Test
    void versionNamesStormsimStormAndJava() {
        Outcome o = stormsim("--version");
        assertEquals(0, o.status, o.err);
        assertTrue(o.out.matches("stormsim \\d+\\.\\d+\\.\\d+\\S*\nApache Storm 2\\.8\\.\\d+ \\(Flux, LocalCluster\\)\nJava "
                + Pattern.quote(System.getProperty("java.version")) + " \\(.+\\)\n"), o.out);
    }

    @Test
    void aBadValueNamesTheKeyTheUserTyped() {
        Outcome o = stormsim("check", YAML, "--set", "theta=2");
        assertEquals(1, o.status);
        String properties = Path.of(YAML).resolveSibling("barnes-hut.properties").toString();
        assertEquals("stormsim: stormsim.nbody.theta = 2 is not allowed: must be a number in (0, 1.5]\n"
                + "stormsim: theta sets stormsim.nbody.theta: change it in " + properties + " or with --set theta=VALUE\n",
                o.err);
    }

    @Test
    void aMistypedKeyNamesTheNearestKnownOne() {
        Outcome o = stormsim("check", YAML, "--set", "thetta=0.4");
        assertEquals(1, o.status);
        assertTrue(o.err.startsWith("stormsim: unknown key 'thetta' (properties "), o.err);
        assertTrue(o.err.contains(": did you mean theta? "), o.err);
    }

    @Test
    void checkTakesTheValuesAsGivenAndSaysOk() {
        Outcome o = stormsim("check", YAML, "--set", " theta = 0.4 ", "--set=steps=3", "--resume", "--env-filter",
                "--timeout", "60");
        assertEquals(new Outcome(0, YAML + ": ok\n", ""), o);
    }

    @Test
    void aBadValueOrAMissingClusterIsStatusOneWithItsMessage() {
        Outcome badValue = stormsim("check", YAML, "--set", "dt=0");
        assertEquals(1, badValue.status);
        assertTrue(badValue.err.startsWith("stormsim: stormsim.nbody.dt = 0 is not allowed: must be a finite number > 0"),
                badValue.err);
        Path none = tmp.resolve("no-cluster");
        Outcome noCluster = stormsim("list", "--cluster", none.toString());
        assertEquals(new Outcome(1, "", "stormsim: no cluster in " + none + " (" + ClusterLayout.PROPERTIES
                + " missing): start one with scripts/cluster start --dir " + none + "\n"), noCluster);
        Outcome stopNone = stormsim("cluster", "stop", "--dir", none.toString());
        assertEquals(new Outcome(0, "no cluster in " + none + ": nothing to stop\n", ""), stopNone);
    }

    @Test
    void theNimbusCommandsReadTheUsersStormConfigAndNimbusOverridesItsSeeds() throws Exception {
        int closed = RedisServer.freeLoopbackPort(), other = RedisServer.freeLoopbackPort();
        // the client keys are the user's: no retries, so that finding no Nimbus takes no time
        Path config = Files.writeString(tmp.resolve("storm.yaml"), "nimbus.seeds: [\"127.0.0.1\"]\n"
                + "nimbus.thrift.port: " + closed + "\nstorm.nimbus.retry.times: 0\nstorm.nimbus.retry.interval.millis: 10\n");
        Outcome viaConfig = stormsim("list", "--config", config.toString());
        assertEquals(1, viaConfig.status);
        assertTrue(viaConfig.err.startsWith("stormsim: cannot reach Nimbus at 127.0.0.1:" + closed + " ("), viaConfig.err);
        Outcome overridden = stormsim("list", "--config", config.toString(), "--nimbus", "127.0.0.1:" + other);
        assertTrue(overridden.err.startsWith("stormsim: cannot reach Nimbus at 127.0.0.1:" + other + " ("), overridden.err);

        String home = System.getProperty("user.home");
        Path user = tmp.resolve("home");
        Files.createDirectories(user.resolve(".storm"));
        Files.copy(config, user.resolve(".storm/storm.yaml"));
        System.setProperty("user.home", user.toString());
        try {
            Outcome byDefault = stormsim("status", "barnes-hut");
            assertTrue(byDefault.err.startsWith("stormsim: cannot reach Nimbus at 127.0.0.1:" + closed + " ("), byDefault.err);
        } finally {
            System.setProperty("user.home", home);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "nimbus.thrift.port: 6627|nimbus.seeds = null in FILE is not allowed: must be a list of Nimbus hosts",
        "nimbus.seeds: nimbus1|nimbus.seeds = nimbus1 in FILE is not allowed: must be a list of Nimbus hosts",
        "nimbus.seeds: [a]\\nnimbus.thrift.port: high|nimbus.thrift.port = high in FILE is not allowed: must be a port",
        "[a, b]|Storm config FILE is not allowed: must be a map of Storm settings",
        "nimbus.seeds: [a|Storm config FILE is not valid YAML: ",
    })
    void aStormConfigThatNamesNoNimbusIsRefusedNamingFileAndKey(String text, String message) throws Exception {
        Path config = Files.writeString(tmp.resolve("bad.yaml"), text.replace("\\n", "\n"));
        Outcome o = stormsim("kill", "sim", "--config", config.toString());
        assertEquals(1, o.status);
        assertTrue(o.err.startsWith("stormsim: " + message.replace("FILE", config.toString())), o.err);
    }

    @Test
    void aSubmissionsClientConfigHoldsEverySeedAndTheUsersClientKeys() throws Exception {
        Path config = Files.writeString(tmp.resolve("storm.yaml"), "nimbus.seeds: [\"nimbus1\", \"nimbus2\"]\n"
                + "nimbus.thrift.port: 6627\nstorm.thrift.socket.timeout.ms: 2000\n");
        NimbusAddress address = NimbusAddress.read(config).withNimbusOf(NimbusAddress.parse("nimbus3:7000"));
        Map<?, ?> written = new org.yaml.snakeyaml.Yaml().load(Files.readString(TopologySubmission.clientConfigFile(address)));
        assertEquals(List.of("nimbus3"), written.get("nimbus.seeds"));
        assertEquals(7000, written.get("nimbus.thrift.port"));
        assertEquals(2000, written.get("storm.thrift.socket.timeout.ms"));
        assertEquals("nimbus1,nimbus2:6627", NimbusAddress.read(config).toString());
    }

    @Test
    void aRunsResultsComeBackFromItsRunStoreWhole() throws Exception {
        try (RedisServer redis = RedisServer.start(tmp.resolve("redis"))) {
            Path out = tmp.resolve("out");
            Outcome run = stormsim("run", YAML, "--set", "n=500", "--set", "steps=12", "--set", "output.dir=" + out,
                    "--set", "store=" + redis.url, "--set", "stream.bind=");
            assertEquals(0, run.status, run.err);
            Path back = tmp.resolve("back");
            Outcome results = stormsim("results", "barnes-hut", "--store", redis.url.toString(), "--to", back.toString());
            assertEquals(0, results.status, results.err);
            assertTrue(results.out.contains("(complete: summary.txt is there)"), results.out);
            for (String file : List.of("diagnostics.csv", "bodies-final.csv", "energy-error.png", "step-time.png",
                    "summary.txt")) {
                assertArrayEquals(Files.readAllBytes(out.resolve(file)), Files.readAllBytes(back.resolve(file)), file);
            }
            Outcome none = stormsim("results", "water", "--store", redis.url.toString(), "--to", back.toString());
            assertEquals(new Outcome(1, "", "stormsim: run store " + redis.url + " has no results of water: is it the"
                    + " store the run was given (--set store=...), and the topology's name?\n"), none);
        }
        Outcome badUrl = stormsim("results", "barnes-hut", "--store", "localhost:6379");
        assertEquals(2, badUrl.status);
        assertTrue(badUrl.err.startsWith("--store = localhost:6379 is not allowed: must be empty"), badUrl.err);
    }

    /** A live page's port in use stops the run before it starts, naming the port; a range takes the next free one. */
    @Test
    void aLivePagePortInUseIsNamedBeforeTheRunStarts() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Outcome run = stormsim("run", YAML, "--set", "n=500", "--set", "steps=2", "--web", String.valueOf(port));
            assertEquals(new Outcome(1, "", "stormsim: the live page cannot listen on 127.0.0.1: --web " + port + ": port "
                    + port + " on 127.0.0.1 is in use (another page or program has it); give a free port, or a range"
                    + " FROM-TO for the first free one\n"), run);
        }
        // 192.0.2.1: an address for documentation (RFC 5737), no machine's
        assertEquals(new Outcome(1, "", "stormsim: --bind 192.0.2.1 is not allowed: not an address of this machine;"
                + " must be an address of this machine (e.g. 127.0.0.1), or 0.0.0.0 for every interface\n"),
                stormsim("run", YAML, "--set", "n=500", "--set", "steps=2", "--bind", "192.0.2.1"));
        Outcome bad = stormsim("run", YAML, "--web", "8080-80");
        assertEquals(2, bad.status);
        assertTrue(bad.err.startsWith("Invalid value for option '--web': 8080-80 is not allowed: must be a port"), bad.err);
    }

    /** An extension's exceptions go to its own handler; an exception neither handler knows is not swallowed. */
    @Test
    void anExtensionIsACommandWithItsOwnErrorHandling() {
        Outcome help = stormsim("--help");
        assertTrue(help.out.contains("\n  " + Failing.NAME + " "), help.out);
        assertEquals(new Outcome(3, "", "failing: as asked\n"), stormsim(Failing.NAME, "--with", "as asked"));
        Outcome usage = stormsim(Failing.NAME, "--with", "x", "--without");
        assertEquals(2, usage.status);
        assertTrue(usage.err.startsWith("Unknown option: '--without'\nPossible solutions: --with\nUsage: stormsim " + Failing.NAME), usage.err);
    }

    @Test
    void theCompletionScriptCompletesCommandsAndOptionsInBash() throws Exception {
        Outcome completion = stormsim("completion");
        assertEquals(0, completion.status, completion.err);
        assertTrue(completion.out.endsWith("complete -F _complete_stormsim -o default stormsim stormsim.sh stormsim.bash\n"),
                completion.out);
        Path script = tmp.resolve("stormsim-completion.bash");
        Files.writeString(script, completion.out);
        assumeTrue(bashAvailable(), "no bash on this machine");
        assertEquals("complete -o default -F _complete_stormsim stormsim", bash(script, "complete -p stormsim"));
        assertEquals("check run submit list status kill rebalance cluster watch results " + Failing.NAME + " completion",
                complete(script, "stormsim", ""));
        assertEquals("rebalance", complete(script, "scripts/stormsim", "reb"));
        assertEquals("start stop status kill-host", complete(script, "stormsim", "cluster", ""));
        assertEquals("--timeout", complete(script, "stormsim", "run", YAML, "--t"));
        assertEquals("--env-filter --resume --help --filter --set --name --timeout --web --bind", complete(script, "stormsim", "run", YAML, "--"));
        assertEquals("--help --dir --base-port --hosts", complete(script, "stormsim", "cluster", "start", "--"));
    }

    /** What the completion function offers for the last word, as bash's programmable completion calls it. */
    private static String complete(Path script, String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String w : words) {
            array.append(" '").append(w).append('\'');
        }
        return bash(script, "COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}; _complete_stormsim; echo \"${COMPREPLY[*]}\"");
    }

    private static String bash(Path script, String command) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "source '" + script + "' && " + command)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "bash did not end");
        assertEquals(0, p.exitValue(), "bash -c " + command + ": " + out);
        return out;
    }

    private static boolean bashAvailable() {
        try {
            return new ProcessBuilder("bash", "-c", "true").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    /** A command from outside this module, registered as a service in the test resources, as the benchmarks' bench is. */
    public static final class Failing implements Stormsim.Extension {
        static final String NAME = "failing";

        @Override
        public CommandLine commandLine() {
            return new CommandLine(new FailingCommand()).setExecutionExceptionHandler((e, failed, parsed) -> {
                if (e instanceof IllegalStateException) {
                    failed.getErr().println(failed.getCommandName() + ": " + e.getMessage());
                    return 3;
                }
                throw e;
            });
        }
    }

    @Command(name = Failing.NAME, description = "Fails with the message given (a test of extensions).")
    static final class FailingCommand implements Runnable {
        @picocli.CommandLine.Option(names = "--with", required = true)
        private String message;

        @Override
        public void run() {
            throw new IllegalStateException(message);
        }
    }

    @Test
    void runWithABadValueSubmitsNothing() throws Exception {
        Path outDir = tmp.resolve("never");
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Stormsim.run(new String[] {"run", YAML, "--set", "dt=0", "--set",
                "output.dir=" + outDir});
        } finally {
            System.setErr(err);
        }
        assertEquals(1, code);
        assertTrue(captured.toString(StandardCharsets.UTF_8).contains("stormsim.nbody.dt = 0 is not allowed"));
        assertFalse(Files.exists(outDir.resolve("diagnostics.csv")), "nothing ran");
    }
}
