package io.stormsim.topologies;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.StreamDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.model.VertexDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.StormTopology;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A Flux YAML topology with its properties: resolved, checked and built. The properties come from
 * the file given, else from the {@code .properties} file beside the YAML, then from single overrides;
 * {@code ${ENV-NAME}} placeholders come from the environment when asked. Every problem found is a
 * {@link ConfigException} naming the key, the value and what is allowed; nothing is submitted then.
 */
public final class TopologyFile {
    /** The property every stormsim YAML sets its output directory with. */
    static final String OUTPUT_DIR_PROPERTY = "output.dir";
    /** The property of the live stream's endpoint, and the form of one with a fixed port. */
    static final String STREAM_BIND_PROPERTY = "stream.bind";
    private static final Pattern FIXED_PORT = Pattern.compile("tcp://([^:/]+):([1-9][0-9]*)");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    public final Path yaml;
    public final Properties properties;
    public final TopologyDef definition;
    public final Config config;
    /** The settings of the workload the config names ({@link Workload#CLASS_KEY}), read and checked. */
    public final Workload.Settings settings;
    private final List<String> results;

    private TopologyFile(Path yaml, Properties properties, TopologyDef definition, Config config,
            Workload.Settings settings, List<String> results) {
        this.results = List.copyOf(results);
        this.yaml = yaml;
        this.properties = properties;
        this.definition = definition;
        this.config = config;
        this.settings = settings;
    }

    /**
     * Reads and checks a topology.
     *
     * @param propertiesFile null for the {@code .properties} file beside the YAML (if any)
     * @param overrides      single properties that win over the file's
     */
    public static TopologyFile load(Path yaml, Path propertiesFile, Map<String, String> overrides, boolean envFilter)
            throws IOException, ConfigException {
        return load(yaml, propertiesFile, overrides, envFilter, null, Map.of());
    }

    /**
     * Reads and checks a topology under the name {@code name} instead of its YAML's (null: the YAML's), so that
     * several run from one YAML side by side: each has its own run-store keys; unless {@code overrides} set
     * {@value #OUTPUT_DIR_PROPERTY}, its output directory is NAME beside the one the properties give, and unless
     * they set {@value #STREAM_BIND_PROPERTY}, its live stream binds a port free on this machine instead of the
     * properties' fixed one.
     *
     * @param fillEmpty values for properties the properties file has but leaves empty and {@code overrides} do not
     *                  set (e.g. the run store of the cluster it goes to)
     */
    public static TopologyFile load(Path yaml, Path propertiesFile, Map<String, String> overrides, boolean envFilter,
            String name, Map<String, String> fillEmpty) throws IOException, ConfigException {
        if (!Files.isReadable(yaml)) {
            throw new ConfigException("topology file " + yaml + " cannot be read (missing, or no permission)");
        }
        Path propsPath = propertiesFile != null ? propertiesFile : defaultProperties(yaml);
        String text = Files.readString(yaml, StandardCharsets.UTF_8);
        List<Include> includes = includes(yaml, text, new ArrayList<>());
        Properties props = new Properties();
        for (Include include : flatten(includes)) {
            // an included topology's defaults, under the including file's
            Path defaults = defaultProperties(include.file);
            if (defaults != null && include.topology) {
                try (InputStream in = Files.newInputStream(defaults)) {
                    props.load(in);
                }
            }
        }
        if (propsPath != null) {
            if (!Files.isReadable(propsPath)) {
                throw new ConfigException("properties file " + propsPath + " cannot be read (missing, or no permission)");
            }
            try (InputStream in = Files.newInputStream(propsPath)) {
                props.load(in);
            }
        }
        fillEmpty.forEach((key, value) -> {
            if (props.getProperty(key, "x").isBlank() && !overrides.containsKey(key)) {
                props.setProperty(key, value);
            }
        });
        props.putAll(overrides);
        if (name != null) {
            checkName(name);
            String out = props.getProperty(OUTPUT_DIR_PROPERTY, "").trim();
            if (!overrides.containsKey(OUTPUT_DIR_PROPERTY) && !out.isEmpty()) {
                props.setProperty(OUTPUT_DIR_PROPERTY, Path.of(out).resolveSibling(name).toString());
            }
            Matcher bind = FIXED_PORT.matcher(props.getProperty(STREAM_BIND_PROPERTY, "").trim());
            if (!overrides.containsKey(STREAM_BIND_PROPERTY) && bind.matches()) {
                props.setProperty(STREAM_BIND_PROPERTY, "tcp://" + bind.group(1) + ":" + freePort(bind.group(1)));
            }
        }
        Map<Path, String> texts = new LinkedHashMap<>();
        texts.put(yaml, text);
        for (Include include : flatten(includes)) {
            texts.put(include.file, include.text);
        }
        checkPlaceholders(yaml, texts, props, envFilter, propsPath);
        TopologyDef def = parse(yaml, props, envFilter);
        if (def != null) {
            mergeAll(def, includes, props, envFilter);
        }
        if (def == null || !def.validate()) {
            throw new ConfigException("topology file " + yaml + " is not a valid Flux topology (name, spouts, bolts)");
        }
        if (name != null) {
            def.setName(name);
        }
        Config config = FluxBuilder.buildConfig(def);
        try {
            Workload.Settings settings = TopologyChecks.check(def, config);
            List<String> results = new ArrayList<>(settings.results());
            TopologyChecks.boltsWithOwnKeys(def).forEach(stage -> results.addAll(stage.results()));
            return new TopologyFile(yaml, props, def, config, settings, results);
        } catch (ConfigException e) {
            throw e.withHint(UserKeys.of(texts.values()).hint(e.getMessage(), propsPath));
        }
    }

    /** A port nothing listens on now, on {@code host} ({@code *}: every address). */
    private static int freePort(String host) throws IOException {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(host.equals("*") ? new InetSocketAddress(0) : new InetSocketAddress(host, 0));
            return probe.getLocalPort();
        }
    }

    /** Storm's rule for topology names: they name directories and ZooKeeper nodes. */
    private static void checkName(String name) throws ConfigException {
        if (name.isBlank() || !name.matches("[A-Za-z0-9_-]+")) {
            throw new ConfigException("--name " + name + " is not allowed: must be letters, digits, '-' and '_' (it"
                    + " names the topology on Nimbus, its keys in the run store and its output directory)");
        }
    }

    public String name() {
        return definition.getName();
    }

    /** The result files a user reads, relative to the output directory: the workload's and its stages' (if any). */
    public List<String> results() {
        return results;
    }

    public StormTopology build() throws ConfigException {
        try {
            return FluxBuilder.buildTopology(new ExecutionContext(definition, config));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ConfigException("cannot build topology " + name() + " from " + yaml + ": " + e);
        }
    }

    /** One Flux file, its placeholders substituted, its includes not yet read; null if empty. */
    private static TopologyDef parse(Path file, Properties props, boolean envFilter) throws ConfigException {
        try {
            return FluxParser.parseFile(file.toString(), false, false, props, envFilter);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("topology file " + file + " is not valid Flux YAML: " + e.getMessage());
        }
    }

    /**
     * A file a topology includes, its text, whether its values win over the topology's own, whether it is a
     * topology (spouts, bolts, streams) rather than config only, and the files it includes in turn.
     */
    private record Include(Path file, boolean override, String text, boolean topology, List<Include> includes) {
    }

    /** Every include, nested ones before the file that includes them. */
    private static List<Include> flatten(List<Include> includes) {
        List<Include> all = new ArrayList<>();
        for (Include include : includes) {
            all.addAll(flatten(include.includes));
            all.add(include);
        }
        return all;
    }

    private static final Set<String> INCLUDE_KEYS = Set.of("name", "config", "includes", "spouts", "bolts", "streams");

    /**
     * The files a topology includes ({@code includes: - file: engine.yaml}), relative to the including file's
     * directory, so that a topology finds its includes wherever it is started from (Flux itself reads them
     * from the working directory). Read before the placeholders are checked, which span the includes too. An
     * include holds config (the engine's settings that topologies share) or a whole topology, which the including
     * one extends with more bolts and streams (a pipeline: the simulation plus its analysis stages); its name is
     * the including topology's, and the properties file beside it gives defaults under the including one's.
     *
     * @param chain the files including this one, to refuse a cycle
     */
    private static List<Include> includes(Path yaml, String text, List<Path> chain) throws IOException, ConfigException {
        Object raw = yamlTree(yaml, text);
        List<Include> files = new ArrayList<>();
        Object list = raw instanceof Map<?, ?> m ? m.get("includes") : null;
        if (list == null) {
            return files;
        }
        if (!(list instanceof List<?> entries)) {
            throw new ConfigException(yaml + ": includes = " + list + " is not allowed: must be a list of - file: NAME");
        }
        List<Path> below = new ArrayList<>(chain);
        below.add(yaml.toAbsolutePath().normalize());
        for (Object entry : entries) {
            Object file = entry instanceof Map<?, ?> e ? e.get("file") : null;
            if (!(file instanceof String name) || Boolean.TRUE.equals(((Map<?, ?>) entry).get("resource"))) {
                throw new ConfigException(yaml + ": includes: " + entry + " is not allowed: must be - file: NAME, a file"
                        + " relative to " + yaml.toAbsolutePath().getParent());
            }
            Path path = yaml.toAbsolutePath().getParent().resolve(name).normalize();
            if (!Files.isReadable(path)) {
                throw new ConfigException(yaml + ": includes: file " + name + " (" + path
                        + ") cannot be read (missing, or no permission)");
            }
            if (below.contains(path)) {
                throw new ConfigException(yaml + ": includes: file " + name + " includes, directly or not, the file that"
                        + " includes it (" + path + ")");
            }
            String included = Files.readString(path, StandardCharsets.UTF_8);
            Object tree = yamlTree(path, included);
            if (tree != null && !(tree instanceof Map<?, ?> top && INCLUDE_KEYS.containsAll(top.keySet()))) {
                throw new ConfigException(path + " (included by " + yaml + ") is not allowed to hold "
                        + (tree instanceof Map<?, ?> keys ? keys.keySet() : tree) + ": an include holds config, or a"
                        + " topology's " + INCLUDE_KEYS);
            }
            boolean topology = tree instanceof Map<?, ?> top && (top.containsKey("bolts") || top.containsKey("spouts"));
            files.add(new Include(path, Boolean.TRUE.equals(((Map<?, ?>) entry).get("override")), included, topology,
                    includes(path, included, below)));
        }
        return files;
    }

    private static Object yamlTree(Path file, String text) throws ConfigException {
        try {
            return new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (RuntimeException e) {
            throw new ConfigException("topology file " + file + " is not valid YAML: " + e.getMessage());
        }
    }

    /** Adds {@code includes} (each with its own includes first) to {@code def}. */
    private static void mergeAll(TopologyDef def, List<Include> includes, Properties props, boolean envFilter)
            throws ConfigException {
        for (Include include : includes) {
            TopologyDef included = parse(include.file, props, envFilter);
            if (included == null) {
                continue;
            }
            mergeAll(included, include.includes, props, envFilter);
            merge(def, include, included);
        }
    }

    /**
     * Adds an include's config to the topology's (its own values win unless the include says override), and an
     * included topology's spouts, bolts and streams; a component id both define is refused.
     */
    private static void merge(TopologyDef def, Include from, TopologyDef include) throws ConfigException {
        if (include.getConfig() != null) {
            if (def.getConfig() == null) {
                def.setConfig(new HashMap<>());
            }
            for (Map.Entry<String, Object> e : include.getConfig().entrySet()) {
                if (from.override || !def.getConfig().containsKey(e.getKey())) {
                    def.getConfig().put(e.getKey(), e.getValue());
                }
            }
        }
        if (!from.topology) {
            return;
        }
        for (var component : concat(include.getSpouts(), include.getBolts())) {
            if (def.getBoltDef(component.getId()) != null || def.getSpoutDef(component.getId()) != null) {
                throw new ConfigException("component '" + component.getId() + "' is defined both by " + from.file
                        + " and by the topology that includes it: give one of them another id");
            }
        }
        def.addAllSpouts(include.getSpouts() == null ? List.of() : include.getSpouts(), false);
        def.addAllBolts(include.getBolts() == null ? List.of() : include.getBolts(), false);
        List<StreamDef> streams = new ArrayList<>(include.getStreams() == null ? List.of() : include.getStreams());
        if (def.getStreams() != null) {
            streams.addAll(def.getStreams());
        }
        def.setStreams(streams);
    }

    private static List<VertexDef> concat(List<? extends VertexDef> a, List<? extends VertexDef> b) {
        List<VertexDef> all = new ArrayList<>();
        if (a != null) {
            all.addAll(a);
        }
        if (b != null) {
            all.addAll(b);
        }
        return all;
    }

    private static Path defaultProperties(Path yaml) {
        String file = yaml.getFileName().toString();
        Path beside = yaml.resolveSibling(file.replaceFirst("\\.ya?ml$", "") + ".properties");
        return Files.exists(beside) ? beside : null;
    }

    /** Every placeholder resolves, and every property is used by some placeholder. */
    private static void checkPlaceholders(Path yaml, Map<Path, String> texts, Properties props, boolean envFilter,
            Path propsPath) throws ConfigException {
        Set<String> used = new LinkedHashSet<>();
        List<String> unresolved = new ArrayList<>();
        for (Map.Entry<Path, String> text : texts.entrySet()) {
            String[] lines = text.getValue().split("\n", -1);
            String where = text.getKey().equals(yaml) ? "" : " of " + text.getKey().getFileName();
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].replaceFirst("^\\s*#.*", "");
                Matcher m = PLACEHOLDER.matcher(line);
                while (m.find()) {
                    String key = m.group(1);
                    used.add(key);
                    boolean resolved = key.startsWith("ENV-") ? envFilter && System.getenv(key.substring(4)) != null
                            : props.containsKey(key);
                    if (!resolved) {
                        unresolved.add("${" + key + "} on line " + (i + 1) + where
                                + (key.startsWith("ENV-") ? (envFilter ? " (environment variable " + key.substring(4)
                                + " is not set)" : " (environment placeholders need --env-filter)") : ""));
                    }
                }
            }
        }
        if (!unresolved.isEmpty()) {
            throw new ConfigException(yaml + ": unresolved placeholder" + (unresolved.size() > 1 ? "s " : " ")
                    + String.join(", ", unresolved) + ": give a value in the properties file"
                    + (propsPath == null ? "" : " (" + propsPath + ")") + " or with --set key=value");
        }
        for (String key : props.stringPropertyNames()) {
            if (!used.contains(key)) {
                throw new ConfigException("unknown key '" + key + "'" + (propsPath == null ? "" : " (properties "
                        + propsPath + " or --set)") + ":" + NearestKey.didYouMean(key, used) + " " + yaml + " uses "
                        + String.join(", ", used));
            }
        }
    }
}
