package io.stormsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Storm's per-task metric names become one Prometheus family per metric, a labelled series per task. */
class StormMetricFamiliesTest {
    private static final String TOPOLOGY = "barnes-hut-1-1764000000";
    private static final String TASK_METRIC = "storm.topology." + TOPOLOGY + ".node_example_org.";

    @Test
    void eachStormMetricIsAFamilyWithASeriesPerTask() {
        MetricRegistry registry = new MetricRegistry();
        registry.timer(TASK_METRIC + "force.3.6700-stormsim.step-compute").update(2, TimeUnit.MILLISECONDS);
        registry.timer(TASK_METRIC + "force.4.6701-stormsim.step-compute").update(4, TimeUnit.MILLISECONDS);
        registry.timer(TASK_METRIC + "force.4.6701-stormsim.step-compute").update(4, TimeUnit.MILLISECONDS);
        registry.gauge(TASK_METRIC + "diagnostics.9.6700-stormsim.round", () -> () -> 17L);
        registry.gauge(TASK_METRIC + "diagnostics.9.6700-stormsim.rel-energy-error", () -> () -> -2.5e-6);
        registry.counter("storm.worker." + TOPOLOGY + ".node_example_org.force.field.3.6700-__emit-count-field").inc(5);
        registry.counter("storm.worker." + TOPOLOGY + ".node_example_org.force.__ack_ack.3.6700-__emit-count-__ack_ack").inc(7);
        registry.counter("storm.worker." + TOPOLOGY + ".node_example_org.force.essential.5.6700-__ack-count-essential-tree:essential").inc(5);
        registry.gauge("jvm.threads", () -> () -> 12);

        MetricSnapshots families = new StormMetricFamilies(registry, MetricFilter.ALL).collect();

        SummarySnapshot stepTime = assertInstanceOf(SummarySnapshot.class, family(families, "stormsim_step_compute_seconds"));
        assertEquals(2, stepTime.getDataPoints().size());
        SummaryDataPointSnapshot task4 = stepTime.getDataPoints().stream()
                .filter(p -> p.getLabels().get("task").equals("4")).findFirst().orElseThrow();
        assertEquals(Labels.of("component", "force", "task", "4", "topology", TOPOLOGY, "worker_port", "6701"),
                task4.getLabels());
        assertEquals(2, task4.getCount());
        assertEquals(0.004, task4.getQuantiles().get(0).getValue(), 1e-12, "the median, in seconds");

        GaugeSnapshot round = assertInstanceOf(GaugeSnapshot.class, family(families, "stormsim_round"));
        assertEquals(17.0, round.getDataPoints().get(0).getValue());
        assertEquals("diagnostics", round.getDataPoints().get(0).getLabels().get("component"));
        GaugeSnapshot error = assertInstanceOf(GaugeSnapshot.class, family(families, "stormsim_rel_energy_error"));
        assertEquals(-2.5e-6, error.getDataPoints().get(0).getValue());

        // Storm's per-stream metrics: a family each, the stream (and the source component) as labels
        CounterSnapshot emitted = assertInstanceOf(CounterSnapshot.class, family(families, "storm_emit_count"));
        assertEquals(List.of("__ack_ack 7.0", "field 5.0"), emitted.getDataPoints().stream()
                .map(p -> p.getLabels().get("stream") + " " + p.getValue()).sorted().toList());
        CounterSnapshot acked = assertInstanceOf(CounterSnapshot.class, family(families, "storm_ack_count"));
        assertEquals(Labels.of("component", "force", "source", "essential-tree", "stream", "essential", "task", "5",
                "topology", TOPOLOGY, "worker_port", "6700"), acked.getDataPoints().get(0).getLabels());

        // a name not of Storm's making stays the bridge's
        assertEquals(12.0, ((GaugeSnapshot) family(families, "jvm_threads")).getDataPoints().get(0).getValue());
        assertEquals(6, families.size());
    }

    @Test
    void theReportersFilterKeepsMetricsOut() {
        MetricRegistry registry = new MetricRegistry();
        registry.gauge(TASK_METRIC + "diagnostics.9.6700-stormsim.round", () -> () -> 1L);
        registry.counter("storm.worker." + TOPOLOGY + ".node_example_org.force.field.3.6700-__emit-count-field").inc();
        MetricSnapshots families = new StormMetricFamilies(registry, (name, m) -> name.contains("stormsim")).collect();
        assertEquals(1, families.size());
        assertEquals("stormsim_round", families.get(0).getMetadata().getPrometheusName());
    }

    @Test
    void namesFollowPrometheusConventions() {
        assertEquals("stormsim_step_cpu_seconds", StormMetricFamilies.familyName("stormsim.step-cpu", true));
        assertEquals("storm_receive_population", StormMetricFamilies.familyName("__receive-population", false));
        assertEquals("storm_send_iconnection_sent_127_0_0_1_6701",
                StormMetricFamilies.familyName("__send-iconnection-sent-127.0.0.1:6701", false));
        assertFalse(StormMetricFamilies.familyName("jobs.total", false).endsWith("_total"),
                "the text format adds _total to counters itself");
    }

    private static MetricSnapshot family(MetricSnapshots families, String name) {
        return families.stream().filter(s -> s.getMetadata().getPrometheusName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no family " + name + " among " + families.stream()
                        .map(s -> s.getMetadata().getPrometheusName()).toList()));
    }
}
