package io.stormsim.topologies;

import io.stormsim.bsp.OwnKeys;
import io.stormsim.bsp.PartitionRule;
import io.stormsim.bsp.PhaseWaitStrategy;
import io.stormsim.bsp.SingleTask;
import io.stormsim.bsp.StepBolt;
import io.stormsim.metrics.PrometheusPorts;
import io.stormsim.metrics.PrometheusStormReporter;
import io.stormsim.run.RedisCheckpointStore;
import io.stormsim.run.RunConfig;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.apache.storm.flux.model.BoltDef;
import org.apache.storm.flux.model.SpoutDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.messaging.IContext;
import org.apache.storm.policy.IWaitStrategy;
import org.apache.storm.utils.VersionInfo;
import org.apache.storm.validation.ConfigValidation;

/** Checks of a topology's values that Storm and Flux leave to run time, made before anything is submitted. */
public final class TopologyChecks {
    /** Storm's validation messages: "Field CONSTANT must be ...", CONSTANT naming the key in {@link Config}. */
    private static final Pattern STORM_FIELD = Pattern.compile("(?s)Field (\\S+) (must .*)");
    private static final Set<String> STORM_TOPOLOGY_KEYS = stormTopologyKeys();

    private TopologyChecks() {
    }

    /** Checks {@code def} with its {@code config}; returns the settings of the config's workload. */
    public static Workload.Settings check(TopologyDef def, Config config) throws ConfigException {
        for (SpoutDef s : def.getSpouts()) {
            checkParallelism("spout '" + s.getId() + "'", s.getParallelism());
        }
        for (BoltDef b : def.getBolts()) {
            checkParallelism("bolt '" + b.getId() + "'", b.getParallelism());
        }
        checkPositiveInt(config, Config.TOPOLOGY_WORKERS);
        checkPositiveInt(config, Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
        checkTransport(config.get(Config.STORM_MESSAGING_TRANSPORT));
        for (String key : List.of(Config.TOPOLOGY_BOLT_WAIT_STRATEGY, Config.TOPOLOGY_SPOUT_WAIT_STRATEGY,
                Config.TOPOLOGY_BACKPRESSURE_WAIT_STRATEGY)) {
            checkWaitStrategy(key, config.get(key));
        }
        Workload workload = Workloads.of(config);
        List<OwnKeys> stages = boltsWithOwnKeys(def);
        List<String> known = new ArrayList<>(workload.keys());
        stages.forEach(s -> known.addAll(s.ownKeys()));
        for (String key : config.keySet()) {
            if (key.startsWith("stormsim.") && !key.equals(Workload.CLASS_KEY) && !known.contains(key)) {
                throw new ConfigException("unknown key '" + key + "' in the topology config:"
                        + NearestKey.didYouMean(key, known) + " known stormsim keys of " + workload.name()
                        + (stages.isEmpty() ? "" : " and its stages") + " are " + String.join(", ", known));
            }
        }
        try {
            PrometheusPorts.ofTopology(config);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(Config.TOPOLOGY_METRICS_REPORTERS + ", " + PrometheusStormReporter.class.getSimpleName()
                    + ": " + e.getMessage());
        }
        Workload.Settings settings;
        try {
            settings = workload.read(config);
            checkKryoDecorators(config, workload.name(), settings.kryoDecorators());
            settings.check(def);
            for (OwnKeys stage : stages) {
                stage.checkOwnKeys(config);
            }
            checkPartitions(def, settings.partitionRule());
            checkStore(config);
        } catch (RuntimeException e) {
            // the workloads' config readers name the key, the value and what is allowed
            throw new ConfigException(e.getMessage());
        }
        // after the workload's own checks, whose messages say more (e.g. what max.spout.pending means there)
        checkStormKeys(config);
        checkStormTypes(config);
        checkWritable(RunConfig.OUTPUT_DIR, settings.outputDir());
        return settings;
    }

    /**
     * The phase bolts (step bolts, one task per partition) all have the same parallelism, which the workload's
     * rule allows; a bolt gathering all partitions' output has one task. The bolts apply the same rules when
     * they start.
     */
    private static void checkPartitions(TopologyDef def, PartitionRule workloadRule) throws ConfigException {
        BoltDef firstPhase = null;
        for (BoltDef b : def.getBolts()) {
            Class<?> type = boltClass(b);
            if (!StepBolt.class.isAssignableFrom(type)) {
                continue;
            }
            boolean single = SingleTask.class.isAssignableFrom(type);
            Optional<String> why = (single ? SingleTask.ONE_TASK : workloadRule).rejects(b.getParallelism());
            if (why.isPresent()) {
                throw new ConfigException("bolt '" + b.getId() + "' parallelism = " + b.getParallelism()
                        + " is not allowed" + why.get());
            }
            if (single) {
                continue;
            }
            if (firstPhase == null) {
                firstPhase = b;
            } else if (firstPhase.getParallelism() != b.getParallelism()) {
                throw new ConfigException("bolt '" + b.getId() + "' parallelism = " + b.getParallelism()
                        + " is not allowed: every phase bolt runs one task per partition, and bolt '" + firstPhase.getId()
                        + "' has " + firstPhase.getParallelism() + " (set them all from ${partitions})");
            }
        }
    }

    /** Every serializer the workload's payloads need is registered: without, a worker would fail on its first tuple. */
    private static void checkKryoDecorators(Map<String, Object> config, String workload, List<String> needed)
            throws ConfigException {
        Object listed = config.get(Config.TOPOLOGY_KRYO_DECORATORS);
        List<?> decorators = listed instanceof List<?> l ? l : List.of();
        for (String decorator : needed) {
            if (!decorators.contains(decorator)) {
                throw new ConfigException(Config.TOPOLOGY_KRYO_DECORATORS + " = " + listed + " is not allowed: must list "
                        + decorator + ", the serializers of the " + workload + " workload's messages");
            }
        }
    }

    /** The topology's bolts that read keys of their own, made as the launcher asks them ({@link OwnKeys}). */
    static List<OwnKeys> boltsWithOwnKeys(TopologyDef def) throws ConfigException {
        List<OwnKeys> bolts = new ArrayList<>();
        for (BoltDef b : def.getBolts()) {
            Class<?> type = boltClass(b);
            if (OwnKeys.class.isAssignableFrom(type)) {
                try {
                    bolts.add((OwnKeys) type.getDeclaredConstructor().newInstance());
                } catch (ReflectiveOperationException e) {
                    throw new ConfigException("bolt '" + b.getId() + "' className = " + b.getClassName()
                            + " cannot be made with no arguments: " + e);
                }
            }
        }
        return bolts;
    }

    static Class<?> boltClass(BoltDef b) throws ConfigException {
        try {
            return Class.forName(b.getClassName());
        } catch (ClassNotFoundException e) {
            throw new ConfigException("bolt '" + b.getId() + "' className = " + b.getClassName()
                    + " is not a class on the classpath");
        }
    }

    private static void checkParallelism(String what, int parallelism) throws ConfigException {
        if (parallelism < 1) {
            throw new ConfigException(what + " parallelism = " + parallelism + " is not allowed: must be an integer >= 1");
        }
    }

    /**
     * Every {@code topology.*} key is one Storm knows: Storm would ignore a misspelt one ({@code topology.workerz})
     * and run with its default.
     */
    private static void checkStormKeys(Map<String, Object> config) throws ConfigException {
        for (String key : config.keySet()) {
            if (key.startsWith("topology.") && !STORM_TOPOLOGY_KEYS.contains(key)) {
                throw new ConfigException("unknown key '" + key + "' in the topology config:"
                        + NearestKey.didYouMean(key, STORM_TOPOLOGY_KEYS) + " Storm " + VersionInfo.getVersion()
                        + " has no such setting");
            }
        }
    }

    /** The topology.* keys of Storm's {@link Config}: the values of its public String constants. */
    private static Set<String> stormTopologyKeys() {
        Set<String> keys = new TreeSet<>();
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    String value = (String) f.get(null);
                    if (value != null && value.startsWith("topology.")) {
                        keys.add(value);
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return keys;
    }

    /** Storm's own checks of its keys' types and ranges, which it would otherwise make only in Nimbus or a worker. */
    private static void checkStormTypes(Map<String, Object> config) throws ConfigException {
        try {
            ConfigValidation.validateTopoConf(config);
        } catch (IllegalArgumentException e) {
            Matcher m = STORM_FIELD.matcher(String.valueOf(e.getMessage()));
            if (!m.matches()) {
                throw new ConfigException(e.getMessage());
            }
            String key;
            try {
                key = String.valueOf(Config.class.getField(m.group(1)).get(null));
            } catch (ReflectiveOperationException notAConstant) {
                key = m.group(1);
            }
            throw new ConfigException(key + " = " + config.get(key) + " is not allowed: " + m.group(2));
        }
    }

    /** A wait strategy named in the YAML must be one; Storm would only find out in the workers. */
    private static void checkWaitStrategy(String key, Object className) throws ConfigException {
        String allowed = "the class name of a " + IWaitStrategy.class.getName() + " (org.apache.storm.policy."
                + "WaitStrategyProgressive, Storm's default, org.apache.storm.policy.WaitStrategyPark, or for"
                + " bolts and spouts " + PhaseWaitStrategy.class.getName() + ")";
        checkClass(key, className, IWaitStrategy.class, allowed);
        if (PhaseWaitStrategy.class.getName().equals(className) && key.equals(Config.TOPOLOGY_BACKPRESSURE_WAIT_STRATEGY)) {
            throw new ConfigException(key + " = " + className + " is not allowed: must be " + allowed);
        }
    }

    /** A worker transport named in the YAML must be a Storm messaging context (the topology jar carries ours). */
    private static void checkTransport(Object className) throws ConfigException {
        checkClass(Config.STORM_MESSAGING_TRANSPORT, className, IContext.class, "the class name of a "
                + IContext.class.getName() + " (org.apache.storm.messaging.netty.Context, Storm's default, or"
                + " io.stormsim.transport.ZmqContext)");
    }

    /** Unless {@code className} is absent, it must name a class of {@code type}; the message says {@code allowed}. */
    private static void checkClass(String key, Object className, Class<?> type, String allowed) throws ConfigException {
        if (className == null) {
            return;
        }
        try {
            if (!type.isAssignableFrom(Class.forName(className.toString()))) {
                throw new ConfigException(key + " = " + className + " is not allowed: must be " + allowed);
            }
        } catch (ClassNotFoundException e) {
            throw new ConfigException(key + " = " + className + " is not allowed: no such class; must be " + allowed);
        }
    }

    private static void checkPositiveInt(Map<String, Object> config, String key) throws ConfigException {
        Object v = config.get(key);
        if (v != null && !(v instanceof Integer && (Integer) v >= 1)) {
            throw new ConfigException(key + " = " + v + " is not allowed: must be an integer >= 1");
        }
    }

    /** Where a run with checkpoints in files writes them can be written (a run store is checked by {@link #check}). */
    public static void checkCheckpoints(RunConfig run) throws ConfigException {
        if (run.checkpointEvery() > 0 && run.store() == null) {
            checkWritable(RunConfig.CHECKPOINT_DIR, run.checkpointDir());
        }
    }

    /**
     * The run store, if the topology names one, must answer now: a run started without it would fail its first
     * checkpoint, and its results would not reach the user.
     */
    private static void checkStore(Config config) throws ConfigException {
        Object value = config.get(RunConfig.STORE);
        URI store = RunConfig.storeUrl(RunConfig.STORE, value == null ? "" : value.toString().trim());
        if (store == null) {
            return;
        }
        try {
            RedisCheckpointStore.ping(store);
        } catch (IOException e) {
            throw new ConfigException(RunConfig.STORE + " = " + store + " is not allowed: " + e.getMessage());
        }
    }

    /** {@code dir} exists or can be made, and is writable; the message names {@code key}. */
    public static void checkWritable(String key, Path dir) throws ConfigException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ConfigException(key + " = " + dir + " is not allowed: cannot create it (" + e + ")");
        }
        if (!Files.isWritable(dir)) {
            throw new ConfigException(key + " = " + dir + " is not allowed: not writable");
        }
    }
}
