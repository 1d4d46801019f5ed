package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Nimbus a client talks to, as Storm's clients find it: the client settings of a {@code storm.yaml} (every
 * {@code nimbus.seeds} entry, the Thrift port, transport and security keys), or a single {@code host:port}, or a
 * local cluster started by scripts/cluster. {@code clientKeys} are the settings given (over Storm's defaults).
 */
public record NimbusAddress(Map<String, Object> clientKeys) {
    private static final int TIMEOUT_MS = 10_000;
    /** nimbus.thrift.port in Storm's defaults.yaml. */
    private static final int STORM_DEFAULT_PORT = 6627;

    public NimbusAddress {
        clientKeys = Map.copyOf(clientKeys);
    }

    public static NimbusAddress of(ClusterLayout layout) {
        return at("127.0.0.1", layout.nimbusPort());
    }

    private static NimbusAddress at(String host, int port) {
        return new NimbusAddress(Map.of(Config.NIMBUS_SEEDS, List.of(host), Config.NIMBUS_THRIFT_PORT, port));
    }

    /** {@code host:port}, as given to {@code --nimbus}. */
    public static NimbusAddress parse(String hostPort) throws ConfigException {
        int colon = hostPort.lastIndexOf(':');
        String port = colon < 0 ? "" : hostPort.substring(colon + 1);
        if (colon < 1 || !port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
            throw new ConfigException("--nimbus " + hostPort + " is not allowed: must be HOST:PORT, e.g. 127.0.0.1:"
                    + (ClusterLayout.DEFAULT_BASE_PORT + 1));
        }
        return at(hostPort.substring(0, colon), Integer.parseInt(port));
    }

    /**
     * The client settings of a Storm config file ({@code ~/.storm/storm.yaml}, or {@code --config FILE}); it must
     * name at least one Nimbus seed. The messages name the file and the key.
     */
    public static NimbusAddress read(Path stormYaml) throws ConfigException {
        Object tree;
        try {
            tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(stormYaml));
        } catch (IOException e) {
            throw new ConfigException("Storm config " + stormYaml + " cannot be read: " + e);
        } catch (RuntimeException e) {
            throw new ConfigException("Storm config " + stormYaml + " is not valid YAML: " + e.getMessage());
        }
        if (!(tree instanceof Map<?, ?> map)) {
            throw new ConfigException("Storm config " + stormYaml + " is not allowed: must be a map of Storm settings,"
                    + " e.g. nimbus.seeds: [\"nimbus1\", \"nimbus2\"]");
        }
        Map<String, Object> keys = new LinkedHashMap<>();
        map.forEach((k, v) -> keys.put(String.valueOf(k), v));
        Object seeds = keys.get(Config.NIMBUS_SEEDS);
        if (!(seeds instanceof List<?> list) || list.isEmpty() || !list.stream().allMatch(s -> s instanceof String)) {
            throw new ConfigException(Config.NIMBUS_SEEDS + " = " + seeds + " in " + stormYaml + " is not allowed: must be"
                    + " a list of Nimbus hosts, e.g. [\"nimbus1\", \"nimbus2\"]");
        }
        Object port = keys.get(Config.NIMBUS_THRIFT_PORT);
        if (port != null && !(port instanceof Integer p && p >= 1 && p <= 65535)) {
            throw new ConfigException(Config.NIMBUS_THRIFT_PORT + " = " + port + " in " + stormYaml + " is not allowed:"
                    + " must be a port, 1..65535");
        }
        return new NimbusAddress(keys);
    }

    /** These settings with Nimbus at {@code other}'s seeds and port ({@code --nimbus} over a storm.yaml). */
    public NimbusAddress withNimbusOf(NimbusAddress other) {
        Map<String, Object> keys = new LinkedHashMap<>(clientKeys);
        keys.put(Config.NIMBUS_SEEDS, other.clientKeys.get(Config.NIMBUS_SEEDS));
        keys.put(Config.NIMBUS_THRIFT_PORT, other.clientKeys.get(Config.NIMBUS_THRIFT_PORT));
        return new NimbusAddress(keys);
    }

    /** Storm's defaults with these settings: what a client needs, and what StormSubmitter reads. */
    public Map<String, Object> clientConf() {
        Map<String, Object> conf = Utils.readStormConfig();
        conf.putAll(clientKeys);
        return conf;
    }

    /** A Thrift client of the leader among the seeds; close it after use. */
    public NimbusClient connect() throws ConfigException {
        try {
            return NimbusClient.Builder.withConf(clientConf()).withTimeout(TIMEOUT_MS).build();
        } catch (Exception e) {
            throw new ConfigException("cannot reach Nimbus at " + this + " (" + e.getMessage() + "): is the cluster"
                    + " running? (scripts/cluster status)");
        }
    }

    /** {@code host:port}, or {@code host1,host2:port} for several seeds. */
    @Override
    public String toString() {
        Object seeds = clientKeys.get(Config.NIMBUS_SEEDS);
        return (seeds instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList()) : "?") + ":"
                + clientKeys.getOrDefault(Config.NIMBUS_THRIFT_PORT, STORM_DEFAULT_PORT);
    }
}
