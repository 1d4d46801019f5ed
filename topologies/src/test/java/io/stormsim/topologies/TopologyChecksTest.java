package io.stormsim.topologies;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stormsim.nbody.Bodies;
import io.stormsim.nbody.Hdf5Snapshot;
import io.stormsim.nbody.PlummerSphere;
import io.stormsim.run.RedisServer;
import io.stormsim.run.StreamConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad values are rejected before anything is submitted, with messages naming key, value and what is allowed. */
class TopologyChecksTest extends ConfigChecks {
    private static final Path YAML = LocalClusterTest.YAML;

    @Override
    protected Path yaml() {
        return YAML;
    }

    @Test
    void theShippedConfigurationIsValid() throws Exception {
        TopologyFile t = TopologyFile.load(YAML, null, valid(), false);
        assertEquals("barnes-hut", t.name());
        assertEquals(20000, ((Number) t.config.get("stormsim.nbody.n")).intValue());
    }

    @Test
    void anotherNameGivesItsOwnOutputAndStreamPortUnlessTheyAreSet() throws Exception {
        Path props = tmp.resolve("bh.properties");
        String shipped = Files.readString(YAML.resolveSibling("barnes-hut.properties"));
        assertTrue(shipped.contains("\noutput.dir=output/barnes-hut\n"), "the shipped output directory");
        Files.writeString(props, shipped.replace("\noutput.dir=output/barnes-hut\n",
                "\noutput.dir=" + tmp.resolve("runs/barnes-hut") + "\n"));
        TopologyFile t = TopologyFile.load(YAML, props, Map.of(), false, "bh-2", Map.of());
        assertEquals("bh-2", t.name());
        assertEquals(tmp.resolve("runs/bh-2").toString(), t.config.get("stormsim.output.dir"));
        String bind = t.config.get("stormsim.stream.bind").toString();
        assertTrue(bind.startsWith("tcp://127.0.0.1:") && !bind.equals("tcp://127.0.0.1:5563"), bind);

        Map<String, String> set = valid();
        set.put("output.dir", "elsewhere");
        set.put("stream.bind", "tcp://127.0.0.1:5600");
        t = TopologyFile.load(YAML, null, set, false, "bh-3", Map.of());
        assertEquals("elsewhere", t.config.get("stormsim.output.dir"));
        assertEquals("tcp://127.0.0.1:5600", t.config.get("stormsim.stream.bind"));

        ConfigException e = assertThrows(ConfigException.class, () -> TopologyFile.load(YAML, null, valid(), false,
                "bh.2", Map.of()));
        assertTrue(e.getMessage().startsWith("--name bh.2 is not allowed: must be letters, digits, '-' and '_'"),
                e.getMessage());
    }

    /** The other topologies with a live stream: a named run binds a free port too, not the properties' shared one. */
    @ParameterizedTest
    @ValueSource(strings = {"radix-sort", "matmul", "fft", "water"})
    void anotherNameGivesEveryStreamingTopologyItsOwnStreamPort(String topology) throws Exception {
        Map<String, String> set = new HashMap<>(Map.of("output.dir", tmp.resolve("runs/" + topology).toString()));
        TopologyFile t = TopologyFile.load(YAML.resolveSibling(topology + ".yaml"), null, set, false, topology + "-2",
                Map.of());
        String bind = t.config.get(StreamConfig.BIND).toString();
        assertTrue(bind.startsWith("tcp://127.0.0.1:") && !bind.equals(StreamConfig.DEFAULT_ENDPOINT), bind);
    }

    @Test
    void aClustersStoreFillsOnlyAnEmptyStoreNoValueWasSetFor() throws Exception {
        assertThrows(ConfigException.class, () -> TopologyFile.load(YAML, null, valid(), false, null,
                Map.of("store", "redis://127.0.0.1:1")), "the filled-in store is checked: nothing listens on port 1");
        Map<String, String> set = valid();
        set.put("store", "");
        TopologyFile t = TopologyFile.load(YAML, null, set, false, null, Map.of("store", "redis://127.0.0.1:1"));
        assertEquals("", t.config.get("stormsim.store"), "--set store= wins over the cluster's");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n|0|stormsim.nbody.n = 0 is not allowed: must be an integer >= 1",
        "n|-5|stormsim.nbody.n = -5 is not allowed: must be an integer >= 1",
        "n|many|stormsim.nbody.n = many is not allowed: must be an integer >= 1",
        "dt|0|stormsim.nbody.dt = 0 is not allowed: must be a finite number > 0",
        "dt|-0.01|stormsim.nbody.dt = -0.01 is not allowed: must be a finite number > 0",
        "theta|0|stormsim.nbody.theta = 0 is not allowed: must be a number in (0, 1.5]",
        "theta|1.6|stormsim.nbody.theta = 1.6 is not allowed: must be a number in (0, 1.5]",
        "epsilon|-1|stormsim.nbody.epsilon = -1 is not allowed: must be a finite number >= 0",
        "precision|single|stormsim.nbody.precision = single is not allowed: must be double or mixed",
        "precision|Mixed|stormsim.nbody.precision = Mixed is not allowed: must be double or mixed",
        "steps|-1|stormsim.steps = -1 is not allowed: must be an integer >= 0",
        "partitions|0|parallelism = 0 is not allowed: must be an integer >= 1",
        "workers|0|topology.workers = 0 is not allowed: must be an integer >= 1",
        "stream.bind|127.0.0.1:5563|stormsim.stream.bind = 127.0.0.1:5563 is not allowed: must be empty (no stream) or tcp://HOST:PORT",
        "stream.bind|tcp://127.0.0.1:70000|stormsim.stream.bind = tcp://127.0.0.1:70000 is not allowed: must be empty (no stream) or tcp://HOST:PORT with PORT in 1..65535",
        "stream.bind|ipc:///tmp/s|stormsim.stream.bind = ipc:///tmp/s is not allowed",
        "stream.sample.every|-1|stormsim.stream.sample.every = -1 is not allowed: must be an integer >= 0 (0: no samples)",
        "stream.sample.size|0|stormsim.stream.sample.size = 0 is not allowed: must be an integer in 1..10000000",
        "stream.hwm|-3|stormsim.stream.hwm = -3 is not allowed: must be an integer in 1..1000000",
        "snapshot.format|hdf|stormsim.snapshot.format = 'hdf' is not allowed: must be gadget2 or hdf5",
        "snapshot.format|HDF5|stormsim.snapshot.format = 'HDF5' is not allowed: must be gadget2 or hdf5",
        "snapshot.keep|-1|stormsim.snapshot.keep = -1 is not allowed: must be an integer in 0..100000 (0 keeps them all)",
        "snapshot.every.time|-2|stormsim.snapshot.every.time = -2 is not allowed: must be a finite number >= 0",
        "snapshot.every.time|0.001|stormsim.snapshot.every.time = 0.001 is not allowed: must be 0 or at least stormsim.nbody.dt = 0.005",
        "units|furlong,Msun,km/s|stormsim.nbody.units = 'furlong,Msun,km/s' (the length unit 'furlong' is not one of cm m km AU pc kpc Mpc, with an optional factor > 0 in front) is not allowed: must be nbody (G = 1, no physical scale) or LENGTH,MASS,VELOCITY",
        "units|kpc,1e10Msun|stormsim.nbody.units = 'kpc,1e10Msun' ('kpc,1e10Msun' is not nbody nor three units",
        "metrics.ports|70000|topology.metrics.reporters, PrometheusStormReporter: metrics.ports = 70000 is not allowed: must be empty (no endpoint), a port in 1..65535, or a range FIRST-LAST",
        "metrics.ports|9403-9400|metrics.ports = 9403-9400 is not allowed: must be empty (no endpoint)",
        "metrics.ports|0|metrics.ports = 0 is not allowed",
    })
    void badValuesAreNamedWithWhatIsAllowed(String key, String value, String message) {
        assertRejected(key, value, message);
    }

    @Test
    void snapshotsGoByStepsOrByTimeNotBoth() {
        Map<String, String> m = valid();
        m.put("snapshot.every", "10");
        m.put("snapshot.every.time", "0.5");
        assertTrue(rejection(m).contains("stormsim.snapshot.every.time = 0.5 is not allowed: must be 0 when"
                + " stormsim.snapshot.every = 10 > 0"), rejection(m));
    }

    @Test
    void unknownPropertyIsRejected() {
        Map<String, String> m = valid();
        m.put("thetta", "0.3");
        String error = rejection(m);
        assertTrue(error.contains("unknown key 'thetta'"), error);
        assertTrue(error.contains("theta"), "lists the keys the YAML uses: " + error);
    }

    @Test
    void unknownStormsimConfigKeyIsRejected() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("config:\n", "config:\n  stormsim.nbody.thetta: 0.3\n"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("unknown key 'stormsim.nbody.thetta'"), error);
    }

    @Test
    void aConfigWithoutAWorkloadsKeysIsRejected() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("  stormsim.nbody.", "  stormsim.gravity."));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("must set the keys of exactly one workload (stormsim.nbody.*"), error);
        assertTrue(error.contains("it sets none"), error);
    }

    @Test
    void aConfigWithoutItsWorkloadClassIsRejected() throws Exception {
        Path yaml = copyOfYaml(s -> s.replaceAll("(?m)^  stormsim.workload: .*\n", ""));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.startsWith("stormsim.workload is missing: set it in the topology's config to the class name"
                + " of a io.stormsim.topologies.Workload"), error);
    }

    @Test
    void aWorkloadClassThatIsNoWorkloadIsRejected() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("io.stormsim.nbody.topologies.NbodyWorkload", "java.lang.String"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.startsWith("stormsim.workload = java.lang.String is not allowed: must be the class name of a"
                + " io.stormsim.topologies.Workload"), error);
    }

    @Test
    void aMissingSerializerOfTheWorkloadIsRejected() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("    - \"io.stormsim.nbody.bolts.NbodyKryo\"\n", ""));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertEquals("topology.kryo.decorators = [io.stormsim.nbody.analysis.bolts.AnalysisKryo,"
                + " io.stormsim.wire.StreamKryo] is not allowed: must list io.stormsim.nbody.bolts.NbodyKryo, the"
                + " serializers of the nbody workload's messages", error);
    }

    @Test
    void unresolvedPlaceholderIsRejectedWithItsLine() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("${theta}", "${theta.typo}"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("unresolved placeholder ${theta.typo} on line"), error);
    }

    @Test
    void environmentPlaceholdersNeedTheEnvFilter() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("\"${output.dir}\"", "\"${ENV-STORMSIM_TEST_UNSET_VARIABLE}\""));
        Map<String, String> m = new HashMap<>();
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, propsWithout("output.dir"),
                m, true)).getMessage();
        assertTrue(error.contains("environment variable STORMSIM_TEST_UNSET_VARIABLE is not set"), error);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "topology.bolt.wait.park.microsec: 1000000|topology.bolt.wait.park.microsec: -5"
            + "|topology.bolt.wait.park.microsec = -5 is not allowed: must be a Positive Number",
        "topology.bolt.wait.park.microsec: 1000000|topology.bolt.wait.park.microsec: \"soon\""
            + "|topology.bolt.wait.park.microsec = soon is not allowed: must be a Positive Number",
        "topology.bolt.wait.strategy: \"io.stormsim.bsp.PhaseWaitStrategy\"|topology.bolt.wait.strategy: \"Nope\""
            + "|topology.bolt.wait.strategy = Nope is not allowed: no such class; must be the class name of a"
            + " org.apache.storm.policy.IWaitStrategy",
        "topology.bolt.wait.strategy: \"io.stormsim.bsp.PhaseWaitStrategy\"|topology.bolt.wait.strategy:"
            + " \"java.lang.String\"|topology.bolt.wait.strategy = java.lang.String is not allowed: must be",
        "topology.enable.message.timeouts: true|topology.backpressure.wait.strategy:"
            + " \"io.stormsim.bsp.PhaseWaitStrategy\""
            + "|topology.backpressure.wait.strategy = io.stormsim.bsp.PhaseWaitStrategy is not allowed",
    })
    void badStormSettingsAreNamedBeforeSubmitting(String line, String replacement, String message) throws Exception {
        Path yaml = copyOfYaml(s -> s.replace(line, replacement));
        Path engine = yaml.resolveSibling("engine.yaml");
        String included = Files.readString(engine);
        assertTrue(Files.readString(YAML).contains(line) || included.contains(line),
                "the YAML or the engine.yaml it includes has " + line);
        Files.writeString(engine, included.replace(line, replacement));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains(message), error);
    }

    @Test
    void aBadParallelismIsHintedWithThePropertyThatSetsIt() throws Exception {
        Map<String, String> m = valid();
        m.put("partitions", "0");
        Path properties = props();
        ConfigException e = assertThrows(ConfigException.class, () -> TopologyFile.load(YAML, properties, m, false));
        assertTrue(e.getMessage().startsWith("bolt 'bounds' parallelism = 0 is not allowed"), e.getMessage());
        assertEquals("partitions sets bolt 'bounds' parallelism: change it in " + properties
                + " or with --set partitions=VALUE", e.hint().orElseThrow());
    }

    @Test
    void aMisspeltStormKeyIsRefusedNamingTheNearestOne() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("  topology.workers: ", "  topology.workerz: "));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.startsWith("unknown key 'topology.workerz' in the topology config: did you mean topology.workers?"
                + " Storm 2.8."), error);
    }

    @Test
    void aMistypedStormsimKeyInTheYamlNamesTheNearestKnownOne() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("config:\n", "config:\n  stormsim.nbody.thetta: 0.3\n"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("unknown key 'stormsim.nbody.thetta' in the topology config: did you mean"
                + " stormsim.nbody.theta? known"), error);
    }

    @Test
    void theEngineIncludeGivesItsSettingsAndTheTopologysOwnValueWins() throws Exception {
        TopologyFile topology = TopologyFile.load(copyOfYaml(s -> s), props(), valid(), false);
        assertEquals("io.stormsim.bsp.PhaseWaitStrategy", topology.config.get("topology.bolt.wait.strategy"));
        assertEquals(Boolean.FALSE, topology.config.get("topology.fall.back.on.java.serialization"));
        assertEquals(1000000, ((Number) topology.config.get("topology.bolt.wait.park.microsec")).intValue(),
                "barnes-hut.yaml's own park time wins over engine.yaml's 20000");
    }

    @Test
    void aMissingIncludeIsNamed() throws Exception {
        Path yaml = copyOfYaml(s -> s.replace("file: \"engine.yaml\"", "file: \"engine-typo.yaml\""));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("includes: file engine-typo.yaml (" + tmp.resolve("engine-typo.yaml")
                + ") cannot be read"), error);
    }

    @Test
    void anIncludeHoldsConfigOrATopologyOnly() throws Exception {
        Path yaml = copyOfYaml(s -> s);
        Files.writeString(tmp.resolve("engine.yaml"), "config:\n  topology.workers: 1\nworkerHooks: []\n");
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("is not allowed to hold [config, workerHooks]: an include holds config, or a"
                + " topology's"), error);
    }

    /**
     * A topology that includes another extends it: the included one's spouts, bolts, streams and config (its own
     * includes' too) with the properties beside it as defaults, which the including one's properties and --set
     * override; its name is the including one's.
     */
    @Test
    void aTopologyIncludingAnotherExtendsItWithItsPropertiesAsDefaults() throws Exception {
        Path yaml = copyOfYaml(s -> s);
        Files.copy(YAML.resolveSibling("barnes-hut.properties"), tmp.resolve("topology.properties"));
        Path pipeline = tmp.resolve("pipeline.yaml");
        Files.writeString(pipeline, """
                name: "pipeline"
                includes:
                  - file: "topology.yaml"
                config:
                  stormsim.nbody.n: ${n}
                bolts:
                  - id: "second-publisher"
                    className: "io.stormsim.stream.StreamPublisherBolt"
                    parallelism: 1
                streams:
                  - {from: "diagnostics", to: "second-publisher", grouping: {type: DIRECT, streamId: "messages"}}
                """);
        Files.writeString(tmp.resolve("pipeline.properties"), "n=1234\n");
        TopologyFile topology = TopologyFile.load(pipeline, null, Map.of("steps", "7"), false);
        assertEquals("pipeline", topology.name());
        assertEquals(1234, ((Number) topology.config.get("stormsim.nbody.n")).intValue(), "the pipeline's property");
        assertEquals(7, ((Number) topology.config.get("stormsim.steps")).intValue(), "--set wins");
        assertEquals(0.005, ((Number) topology.config.get("stormsim.nbody.dt")).doubleValue(), "the included default");
        assertEquals("io.stormsim.bsp.PhaseWaitStrategy", topology.config.get("topology.bolt.wait.strategy"),
                "the included topology's own include");
        assertTrue(topology.definition.getBoltDef("force") != null && topology.definition.getBoltDef("second-publisher")
                != null);
        assertEquals(16, topology.definition.getStreams().size(), "barnes-hut's 15 streams and the pipeline's");
        topology.build();

        Files.writeString(pipeline, Files.readString(pipeline).replace("second-publisher", "publisher"));
        String twice = assertThrows(ConfigException.class, () -> TopologyFile.load(pipeline, null, Map.of(), false))
                .getMessage();
        assertTrue(twice.contains("component 'publisher' is defined both by " + yaml), twice);

        Files.writeString(yaml, Files.readString(yaml).replace("- file: \"engine.yaml\"", "- file: \"pipeline.yaml\""));
        String cycle = assertThrows(ConfigException.class, () -> TopologyFile.load(pipeline, null, Map.of(), false))
                .getMessage();
        assertTrue(cycle.contains("includes: file pipeline.yaml includes, directly or not, the file that includes it"),
                cycle);
    }

    @Test
    void anUnresolvedPlaceholderOfAnIncludeIsNamedWithItsFile() throws Exception {
        Path yaml = copyOfYaml(s -> s);
        Path engine = tmp.resolve("engine.yaml");
        Files.writeString(engine, Files.readString(engine).replace("${message.timeout.secs}", "${timeout.typo}"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("${timeout.typo} on line ") && error.contains(" of engine.yaml"), error);
    }

    @Test
    void phaseBoltsMustShareTheirParallelism() throws Exception {
        Path yaml = copyOfYaml(s -> s.replaceFirst("(id: \"force\"\\n.*\\n    parallelism: )\\$\\{partitions}", "$13"));
        String error = assertThrows(ConfigException.class, () -> TopologyFile.load(yaml, props(), valid(), false))
                .getMessage();
        assertTrue(error.contains("bolt 'force' parallelism = 3 is not allowed"), error);
    }

    @Test
    void missingBodiesFileIsNamed() {
        Map<String, String> m = valid();
        m.put("bodies.file", tmp.resolve("nope.csv").toString());
        String error = rejection(m);
        assertTrue(error.contains("stormsim.nbody.bodies.file") && error.contains("nope.csv")
                && error.contains("cannot be read"), error);
    }

    @Test
    void malformedBodiesFileIsNamedWithItsLine() throws Exception {
        Path bodies = tmp.resolve("bodies.csv");
        Files.writeString(bodies, "id,mass,x,y,z,vx,vy,vz\n0,1,0,0,0,0,0,0\n1,1,NaN,0,0,0,0,0\n");
        Map<String, String> m = valid();
        m.put("bodies.file", bodies.toString());
        String error = rejection(m);
        assertTrue(error.contains("line 3") && error.contains("x is NaN"), error);
    }

    @Test
    void malformedHdf5BodiesFileIsNamedWithTheValueAndWhere() throws Exception {
        Path bodies = tmp.resolve("ic.hdf5");
        Bodies b = PlummerSphere.generate(5, 1);
        b.x[1] = Double.NaN;
        Hdf5Snapshot.write(bodies, b, 0, b.n, 1);
        Map<String, String> m = valid();
        m.put("bodies.file", bodies.toString());
        String error = rejection(m);
        assertTrue(error.contains("stormsim.nbody.bodies.file") && error.contains("HDF5 file " + bodies
                + ", /PartType1/Coordinates[1, 0]: NaN: values must be finite"), error);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://127.0.0.1:6379|stormsim.store = http://127.0.0.1:6379 is not allowed: must be empty (checkpoints in"
            + " stormsim.checkpoint.dir) or redis://HOST:PORT[/DB], DB in 0..15",
        "redis://127.0.0.1|stormsim.store = redis://127.0.0.1 is not allowed: must be empty",
        "redis://127.0.0.1:6379/16|stormsim.store = redis://127.0.0.1:6379/16 is not allowed: must be empty",
        "redis ://x|stormsim.store = redis ://x is not allowed: must be empty",
    })
    void aRunStoreThatIsNotARedisUrlIsNamed(String store, String message) throws Exception {
        assertRejected("store", store, message);
    }

    @Test
    void aRunStoreThatDoesNotAnswerIsRefusedBeforeSubmitting() throws Exception {
        String url = "redis://127.0.0.1:" + RedisServer.freeLoopbackPort();
        assertRejected("store", url, "stormsim.store = " + url + " is not allowed: run store " + url
                + " cannot be reached: ");
    }

    @Test
    void anUncreatableCheckpointDirectoryIsNamed() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Map<String, String> m = valid();
        m.put("checkpoint.dir", file.resolve("checkpoints").toString());
        String error = rejection(m);
        assertTrue(error.startsWith("stormsim.checkpoint.dir = " + file.resolve("checkpoints") + " is not allowed: cannot create it"),
                error);
    }

    private Path copyOfYaml(java.util.function.UnaryOperator<String> edit) throws Exception {
        Path yaml = tmp.resolve("topology.yaml");
        Files.writeString(yaml, edit.apply(Files.readString(YAML)));
        LocalClusterTest.copyIncludes(tmp);
        return yaml;
    }

    private Path props() throws Exception {
        Path p = tmp.resolve("topology.properties");
        Files.copy(YAML.resolveSibling("barnes-hut.properties"), p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return p;
    }

    private Path propsWithout(String key) throws Exception {
        Path p = tmp.resolve("topology.properties");
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readAllLines(YAML.resolveSibling("barnes-hut.properties"))) {
            if (!line.startsWith(key + "=")) {
                sb.append(line).append('\n');
            }
        }
        Files.writeString(p, sb.toString());
        return p;
    }
}
