package io.stormsim.cli;

import io.stormsim.topologies.ConfigException;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/** Where Nimbus listens: given as {@code host:port}, or that of a local cluster started by scripts/cluster. */
public record NimbusAddress(String host, int port) {
    private static final int TIMEOUT_MS = 10_000;

    public static NimbusAddress of(ClusterLayout layout) {
        return new NimbusAddress("127.0.0.1", layout.nimbusPort());
    }

    /** {@code host:port}, as given to {@code --nimbus}. */
    public static NimbusAddress parse(String hostPort) throws ConfigException {
        int colon = hostPort.lastIndexOf(':');
        String port = colon < 0 ? "" : hostPort.substring(colon + 1);
        if (colon < 1 || !port.matches("\\d{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
            throw new ConfigException("--nimbus " + hostPort + " is not allowed: must be HOST:PORT, e.g. 127.0.0.1:"
                    + (ClusterLayout.DEFAULT_BASE_PORT + 1));
        }
        return new NimbusAddress(hostPort.substring(0, colon), Integer.parseInt(port));
    }

    /** Storm's defaults, with this Nimbus as the only seed: what a client needs, and what StormSubmitter reads. */
    public Map<String, Object> clientConf() {
        Map<String, Object> conf = Utils.readStormConfig();
        conf.put(Config.NIMBUS_SEEDS, List.of(host));
        conf.put(Config.NIMBUS_THRIFT_PORT, port);
        return conf;
    }

    /** A Thrift client of this Nimbus; close it after use. */
    public NimbusClient connect() throws ConfigException {
        try {
            return NimbusClient.Builder.withConf(clientConf()).withTimeout(TIMEOUT_MS).buildWithNimbusHostPort(host, port);
        } catch (Exception e) {
            throw new ConfigException("cannot reach Nimbus at " + this + " (" + e.getMessage() + "): is the cluster"
                    + " running? (scripts/cluster status)");
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
