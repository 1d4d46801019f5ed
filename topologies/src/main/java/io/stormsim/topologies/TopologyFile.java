package io.stormsim.topologies;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.StormTopology;

/**
 * A Flux YAML topology with its properties: resolved, checked and built. The properties come from
 * the file given, else from the {@code .properties} file beside the YAML, then from single overrides;
 * {@code ${ENV-NAME}} placeholders come from the environment when asked. Every problem found is a
 * {@link ConfigException} naming the key, the value and what is allowed; nothing is submitted then.
 */
public final class TopologyFile {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    public final Path yaml;
    public final Properties properties;
    public final TopologyDef definition;
    public final Config config;
    /** The workload the config names ({@link Workload#CLASS_KEY}). */
    public final Workload workload;

    private TopologyFile(Path yaml, Properties properties, TopologyDef definition, Config config, Workload workload) {
        this.yaml = yaml;
        this.properties = properties;
        this.definition = definition;
        this.config = config;
        this.workload = workload;
    }

    /**
     * Reads and checks a topology.
     *
     * @param propertiesFile null for the {@code .properties} file beside the YAML (if any)
     * @param overrides      single properties that win over the file's
     */
    public static TopologyFile load(Path yaml, Path propertiesFile, Map<String, String> overrides, boolean envFilter)
            throws IOException, ConfigException {
        if (!Files.isReadable(yaml)) {
            throw new ConfigException("topology file " + yaml + " cannot be read (missing, or no permission)");
        }
        Path propsPath = propertiesFile != null ? propertiesFile : defaultProperties(yaml);
        Properties props = new Properties();
        if (propsPath != null) {
            if (!Files.isReadable(propsPath)) {
                throw new ConfigException("properties file " + propsPath + " cannot be read (missing, or no permission)");
            }
            try (InputStream in = Files.newInputStream(propsPath)) {
                props.load(in);
            }
        }
        props.putAll(overrides);
        String text = Files.readString(yaml, StandardCharsets.UTF_8);
        checkPlaceholders(yaml, text, props, envFilter, propsPath);
        TopologyDef def;
        try {
            def = FluxParser.parseFile(yaml.toString(), false, true, props, envFilter);
        } catch (RuntimeException e) {
            throw new ConfigException("topology file " + yaml + " is not valid Flux YAML: " + e.getMessage());
        }
        if (def == null || !def.validate()) {
            throw new ConfigException("topology file " + yaml + " is not a valid Flux topology (name, spouts, bolts)");
        }
        Config config = FluxBuilder.buildConfig(def);
        Workload workload = TopologyChecks.check(def, config);
        return new TopologyFile(yaml, props, def, config, workload);
    }

    public String name() {
        return definition.getName();
    }

    public StormTopology build() throws ConfigException {
        try {
            return FluxBuilder.buildTopology(new ExecutionContext(definition, config));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ConfigException("cannot build topology " + name() + " from " + yaml + ": " + e);
        }
    }

    private static Path defaultProperties(Path yaml) {
        String file = yaml.getFileName().toString();
        Path beside = yaml.resolveSibling(file.replaceFirst("\\.ya?ml$", "") + ".properties");
        return Files.exists(beside) ? beside : null;
    }

    /** Every placeholder resolves, and every property is used by some placeholder. */
    private static void checkPlaceholders(Path yaml, String text, Properties props, boolean envFilter, Path propsPath)
            throws ConfigException {
        Set<String> used = new LinkedHashSet<>();
        List<String> unresolved = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceFirst("^\\s*#.*", "");
            Matcher m = PLACEHOLDER.matcher(line);
            while (m.find()) {
                String key = m.group(1);
                used.add(key);
                boolean resolved = key.startsWith("ENV-") ? envFilter && System.getenv(key.substring(4)) != null
                        : props.containsKey(key);
                if (!resolved) {
                    unresolved.add("${" + key + "} on line " + (i + 1)
                            + (key.startsWith("ENV-") ? (envFilter ? " (environment variable " + key.substring(4)
                            + " is not set)" : " (environment placeholders need --env-filter)") : ""));
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
                        + propsPath + " or --set)") + ": " + yaml + " uses " + String.join(", ", used));
            }
        }
    }
}
