package io.stormsim.metrics;

import io.stormsim.run.ConfigValues;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.Config;

/**
 * The ports of the Prometheus endpoint ({@code metrics.ports} in a {@link PrometheusStormReporter} entry of
 * {@code topology.metrics.reporters}): empty for none, one port, or a range FIRST-LAST. Each worker serves on the
 * first port of the range free on its host, so a range as wide as the workers a host runs gives every one
 * its endpoint, whatever its slot.
 */
public record PrometheusPorts(int first, int last) {
    public static final String KEY = "metrics.ports";
    public static final String ALLOWED = "empty (no endpoint), a port in 1..65535, or a range FIRST-LAST of such ports"
            + " (e.g. 9400-9499: each worker on a host takes the first free one)";
    private static final Pattern RANGE = Pattern.compile("([0-9]{1,5})(?:\\s*-\\s*([0-9]{1,5}))?");

    /** The ports of a reporter's entry; a missing or empty key means none. */
    public static PrometheusPorts from(Map<String, Object> reporterConf) {
        Object given = reporterConf.get(KEY);
        String v = given == null ? "" : given.toString().trim();
        if (v.isEmpty()) {
            return new PrometheusPorts(0, 0);
        }
        Matcher m = RANGE.matcher(v);
        if (!m.matches()) {
            throw ConfigValues.notAllowed(KEY, v, ALLOWED);
        }
        int first = Integer.parseInt(m.group(1));
        int last = m.group(2) == null ? first : Integer.parseInt(m.group(2));
        if (first < 1 || last > 65535 || first > last) {
            throw ConfigValues.notAllowed(KEY, v, ALLOWED);
        }
        return new PrometheusPorts(first, last);
    }

    /** The ports of every {@link PrometheusStormReporter} entry in a topology's config, each checked. */
    public static List<PrometheusPorts> ofTopology(Map<String, Object> topoConf) {
        List<PrometheusPorts> all = new ArrayList<>();
        if (topoConf.get(Config.TOPOLOGY_METRICS_REPORTERS) instanceof List<?> reporters) {
            for (Object entry : reporters) {
                if (entry instanceof Map<?, ?> m && PrometheusStormReporter.class.getName().equals(m.get("class"))) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> reporterConf = (Map<String, Object>) m;
                    all.add(from(reporterConf));
                }
            }
        }
        return all;
    }

    public boolean enabled() {
        return first > 0;
    }

    public int count() {
        return last - first + 1;
    }

    @Override
    public String toString() {
        return !enabled() ? "''" : first == last ? String.valueOf(first) : first + "-" + last;
    }

    /**
     * Fails, naming the key and the ports taken, unless the endpoint is off or {@code workers} ports of the range
     * are free on this machine: an embedded run's workers, all in this JVM, each take one.
     */
    public void checkFree(int workers) {
        if (!enabled()) {
            return;
        }
        List<Integer> taken = new ArrayList<>();
        int free = 0;
        for (int port = first; port <= last && free < workers; port++) {
            try (ServerSocket probe = new ServerSocket(port)) {
                free++;
            } catch (IOException e) {
                taken.add(port);
            }
        }
        if (free < workers) {
            throw new IllegalArgumentException(KEY + " = " + this + " is not allowed here: port" + (taken.size() > 1
                    ? "s " : " ") + taken + " in use on this machine, and the run's " + workers + (workers > 1 ? " workers need"
                    : " worker needs") + " a free port of the range each (e.g. " + KEY + "=" + first + "-"
                    + Math.min(65535, first + workers + taken.size() - 1) + ", or other ports)");
        }
    }
}
