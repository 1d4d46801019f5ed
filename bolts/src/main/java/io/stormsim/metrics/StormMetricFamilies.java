package io.stormsim.metrics;

import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.prometheus.metrics.instrumentation.dropwizard.DropwizardExports;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.PrometheusNaming;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's Storm metrics as Prometheus metric families. The Dropwizard bridge converts each metric (gauges,
 * counters, timers and histograms as summaries, timers in seconds), one family per Dropwizard name; Storm's
 * names, {@code storm.topology|worker.TOPOLOGY.HOST.COMPONENT[.STREAM].TASK.PORT-NAME}, hold a task's identity,
 * so each becomes a series of the family NAME labelled with it: {@code stormsim_round{component="diagnostics",
 * task="9",...}} instead of a family per task and per run. Storm's per-stream metrics ({@code __emit-count-STREAM},
 * {@code __ack-count-SOURCE:STREAM}) become one family each, labelled {@code stream} (and {@code source}). (The bridge's own label mapper cannot do this: its
 * patterns match whole dot-separated parts, and it still gives each Dropwizard metric a family of its own.)
 */
final class StormMetricFamilies implements MultiCollector {
    private static final Logger LOG = LoggerFactory.getLogger(StormMetricFamilies.class);
    /** Storm's names (StormMetricRegistry); topology ids have no dots, host and component names have theirs replaced. */
    private static final Pattern STORM_NAME = Pattern.compile(
            "storm\\.(?:topology|worker)\\.([^.]+)\\.[^.]+\\.([^.]+)\\.(?:([^.]+)\\.)?(-?[0-9]+)\\.([0-9]+)-(.+)");
    private static final Pattern NOT_IN_NAMES = Pattern.compile("[^a-zA-Z0-9_]");

    private final MetricRegistry metrics;
    private final PrometheusRegistry bridged = new PrometheusRegistry();

    StormMetricFamilies(MetricRegistry metrics, MetricFilter filter) {
        this.metrics = metrics;
        DropwizardExports.builder().dropwizardRegistry(metrics).metricFilter(filter)
                // a gauge failing (e.g. its task shutting down) costs its own series, not the whole scrape
                .invalidMetricHandler((name, e) -> {
                    LOG.debug("metric {} left out of this scrape", name, e);
                    return true;
                })
                .register(bridged);
    }

    /**
     * The family of Storm's metric {@code stormName}: its characters outside [a-zA-Z0-9_] as underscores,
     * Storm's own metrics ({@code __emit-count}, ...) as {@code storm_...}, timers with the unit {@code _seconds}.
     */
    static String familyName(String stormName, boolean timer) {
        String name = stormName.startsWith("__") ? "storm_" + stormName.substring(2) : stormName;
        name = PrometheusNaming.sanitizeMetricName(NOT_IN_NAMES.matcher(name).replaceAll("_"));
        return timer ? name + "_seconds" : name;
    }

    @Override
    public MetricSnapshots collect() {
        Map<String, List<MetricSnapshot>> families = new LinkedHashMap<>();
        for (MetricSnapshot snapshot : bridged.scrape()) {
            String dropwizardName = snapshot.getMetadata().getName();
            Matcher m = STORM_NAME.matcher(dropwizardName);
            if (!m.matches()) {
                families.computeIfAbsent(snapshot.getMetadata().getPrometheusName(), k -> new ArrayList<>()).add(snapshot);
                continue;
            }
            String metric = m.group(6);
            Labels labels = Labels.of("topology", m.group(1), "component", m.group(2), "task", m.group(4),
                    "worker_port", m.group(5));
            if (m.group(3) != null) {
                labels = labels.add("stream", m.group(3));
                // Storm's per-stream metrics, __word-word, also carry the stream (and the source component) in their name
                Matcher perStream = Pattern.compile("(__[^-]+-[^-]+)-(?:(.+):)?" + Pattern.quote(m.group(3))).matcher(metric);
                if (perStream.matches()) {
                    metric = perStream.group(1);
                    labels = perStream.group(2) == null ? labels : labels.add("source", perStream.group(2));
                }
            }
            String name = familyName(metric, metrics.getMetrics().get(dropwizardName) instanceof Timer);
            MetricMetadata family = new MetricMetadata(name, "Storm metric " + metric + ", a series per task");
            families.computeIfAbsent(name, k -> new ArrayList<>()).add(labelled(snapshot, family, labels));
        }
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        families.values().forEach(f -> out.metricSnapshot(f.size() == 1 ? f.get(0) : merged(f)));
        return out.build();
    }

    /** The bridge's snapshot of one Storm metric as series of {@code family}, with {@code labels}. */
    private static MetricSnapshot labelled(MetricSnapshot s, MetricMetadata family, Labels labels) {
        List<DataPointSnapshot> points = new ArrayList<>();
        for (DataPointSnapshot p : s.getDataPoints()) {
            points.add(withLabels(p, labels.merge(p.getLabels())));
        }
        return snapshot(s, family, points);
    }

    private static DataPointSnapshot withLabels(DataPointSnapshot p, Labels labels) {
        if (p instanceof GaugeDataPointSnapshot g) {
            return new GaugeDataPointSnapshot(g.getValue(), labels, g.getExemplar());
        } else if (p instanceof CounterDataPointSnapshot c) {
            return new CounterDataPointSnapshot(c.getValue(), labels, c.getExemplar(), c.getCreatedTimestampMillis());
        } else if (p instanceof SummaryDataPointSnapshot s) {
            return new SummaryDataPointSnapshot(s.getCount(), s.getSum(), s.getQuantiles(), labels, s.getExemplars(),
                    s.getCreatedTimestampMillis());
        }
        throw new IllegalStateException("the Dropwizard bridge gave a " + p.getClass().getName());
    }

    /**
     * One snapshot holding every series of {@code family}. A family has one type and distinct label sets: a
     * series of another type than the first, or with labels already there (two Storm metrics whose names
     * differ only in characters Prometheus names do not have, or in the worker/topology scope), is left out.
     */
    private static MetricSnapshot merged(List<MetricSnapshot> family) {
        MetricSnapshot first = family.get(0);
        List<DataPointSnapshot> points = new ArrayList<>();
        Set<Labels> seen = new HashSet<>();
        for (MetricSnapshot s : family) {
            for (DataPointSnapshot p : s.getDataPoints()) {
                if (s.getClass() == first.getClass() && seen.add(p.getLabels())) {
                    points.add(p);
                } else {
                    LOG.debug("a {} series {} left out of the family {}", s.getClass().getSimpleName(), p.getLabels(),
                            first.getMetadata().getName());
                }
            }
        }
        return snapshot(first, first.getMetadata(), points);
    }

    /** A snapshot of the same type as {@code like}. */
    @SuppressWarnings("unchecked")
    private static MetricSnapshot snapshot(MetricSnapshot like, MetricMetadata metadata, List<? extends DataPointSnapshot> points) {
        if (like instanceof GaugeSnapshot) {
            return new GaugeSnapshot(metadata, (List<GaugeDataPointSnapshot>) points);
        } else if (like instanceof CounterSnapshot) {
            return new CounterSnapshot(metadata, (List<CounterDataPointSnapshot>) points);
        } else if (like instanceof SummarySnapshot) {
            return new SummarySnapshot(metadata, (List<SummaryDataPointSnapshot>) points);
        }
        throw new IllegalStateException("the Dropwizard bridge gave a " + like.getClass().getName());
    }
}
