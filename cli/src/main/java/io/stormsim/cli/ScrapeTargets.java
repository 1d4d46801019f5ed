package io.stormsim.cli;

import io.stormsim.metrics.PrometheusPorts;
import io.stormsim.run.AtomicFiles;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;
import org.yaml.snakeyaml.Yaml;

/**
 * The local cluster's Prometheus targets, following the workers as Storm places and moves them: every few seconds
 * it asks Nimbus which hosts run each topology's workers and which {@code metrics.ports} the topology gives them,
 * finds the ports of those ranges on those hosts that serve that topology's metrics (a worker takes the first free
 * port of the range, which Nimbus does not know), and rewrites Prometheus' file-based service discovery file,
 * whole, when it changes. A daemon of the cluster ({@code scrape-targets}); its errors go to its log and it
 * carries on.
 */
final class ScrapeTargets {
    static final Duration EVERY = Duration.ofSeconds(3);
    private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);

    /** One endpoint: where, and the labels it is given. */
    record Target(String address, String topology) {
    }

    private final ClusterLayout layout;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();

    ScrapeTargets(ClusterLayout layout) {
        this.layout = layout;
    }

    public static void main(String[] args) throws Exception {
        ScrapeTargets targets = new ScrapeTargets(ClusterLayout.read(Path.of(args[0])));
        String written = null;
        while (true) {
            try {
                String now = targets.yaml(targets.discover());
                if (!now.equals(written)) {
                    // Prometheus reads the file whenever it changes: it must never see half of one
                    AtomicFiles.writeString(targets.layout.conf(ClusterConfigFiles.PROMETHEUS_TARGETS), now);
                    System.out.println(Instant.now() + " targets: " + now.replace('\n', ' '));
                    written = now;
                }
            } catch (Exception e) {
                System.out.println(Instant.now() + " targets not updated: " + e);
            }
            Thread.sleep(EVERY.toMillis());
        }
    }

    /** The endpoints serving the metrics of the topologies running now. */
    List<Target> discover() throws Exception {
        List<Target> found = new ArrayList<>();
        try (NimbusClient client = NimbusAddress.of(layout).connect()) {
            Nimbus.Iface nimbus = client.getClient();
            for (TopologySummary t : nimbus.getTopologySummaries()) {
                Set<String> hosts = new TreeSet<>();
                for (ExecutorSummary e : nimbus.getTopologyInfo(t.get_id()).get_executors()) {
                    hosts.add(e.get_host());
                }
                for (PrometheusPorts ports : PrometheusPorts.ofTopology(Utils.parseJson(nimbus.getTopologyConf(t.get_id())))) {
                    for (String host : hosts) {
                        for (int port = ports.first(); ports.enabled() && port <= ports.last(); port++) {
                            if (serves(host, port, t.get_id())) {
                                found.add(new Target(host + ":" + port, t.get_name()));
                            }
                        }
                    }
                }
            }
        }
        return found;
    }

    /** The endpoint at host:port answers with the metrics of topology {@code id} (not another's, nor another program). */
    private boolean serves(String host, int port, String id) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + "/metrics"))
                    .timeout(PROBE_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 && r.body().contains("topology=\"" + id + "\"");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Prometheus' file_sd format: groups of targets with their labels, here one group per endpoint. */
    String yaml(List<Target> targets) {
        List<Map<String, Object>> groups = new ArrayList<>();
        for (Target t : targets) {
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("targets", List.of(t.address()));
            group.put("labels", Map.of("stormsim_topology", t.topology(), "cluster", layout.dir().toString()));
            groups.add(group);
        }
        return groups.isEmpty() ? "[]\n" : new Yaml().dump(groups);
    }
}
