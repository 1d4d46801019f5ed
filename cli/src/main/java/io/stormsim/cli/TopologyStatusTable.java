package io.stormsim.cli;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.BoltAggregateStats;
import org.apache.storm.generated.CommonAggregateStats;
import org.apache.storm.generated.ComponentAggregateStats;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.SpecificAggregateStats;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologyPageInfo;

/**
 * A running topology as the Storm UI shows it, from what Nimbus reports: per spout, complete latency,
 * acked and failed; per bolt (one per simulation phase), executed tuples, execute and process latency and
 * capacity; where each executor runs (host:port of its worker, task ids); the most recent errors. Counts
 * and latencies are since the topology started (Nimbus's {@code :all-time} window).
 */
final class TopologyStatusTable {
    static final String WINDOW = ":all-time";
    static final int ERRORS_SHOWN = 5;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private TopologyStatusTable() {
    }

    static String render(TopologyPageInfo page, TopologyInfo info, StormTopology topology) {
        List<String> order = dataFlowOrder(topology);
        StringBuilder sb = new StringBuilder(String.format("%s  %s  up %s  workers %d  executors %d  tasks %d  (id %s)%n",
                page.get_name(), page.get_status(), duration(page.get_uptime_secs()), page.get_num_workers(),
                page.get_num_executors(), page.get_num_tasks(), page.get_id()));
        sb.append(String.format("%n%-16s %9s %6s %9s %9s %7s %20s%n", "spout", "executors", "tasks", "emitted", "acked",
                "failed", "complete latency ms"));
        for (String id : order) {
            ComponentAggregateStats s = page.get_id_to_spout_agg_stats().get(id);
            if (s != null) {
                CommonAggregateStats c = s.get_common_stats();
                SpecificAggregateStats specific = s.get_specific_stats();
                sb.append(String.format("%-16s %9d %6d %9d %9d %7d %20s%n", id, c.get_num_executors(), c.get_num_tasks(),
                        c.get_emitted(), c.get_acked(), c.get_failed(), specific != null && specific.is_set_spout()
                                ? ms(specific.get_spout().get_complete_latency_ms()) : "-"));
            }
        }
        sb.append(String.format("%n%-16s %9s %6s %9s %19s %19s %9s%n", "bolt", "executors", "tasks", "executed",
                "execute latency ms", "process latency ms", "capacity"));
        for (String id : order) {
            ComponentAggregateStats s = page.get_id_to_bolt_agg_stats().get(id);
            if (s != null) {
                sb.append(boltRow(id, s));
            }
        }
        sb.append(String.format("%n%-22s %8s  %s%n", "worker", "uptime", "executors: component[task ids]"));
        placement(info, order).forEach((worker, executors) -> sb.append(String.format("%-22s %8s  %s%n", worker,
                duration(executors.uptimeSecs), String.join(" ", executors.executors))));
        return sb.append(errors(info)).toString();
    }

    private static String boltRow(String id, ComponentAggregateStats s) {
        CommonAggregateStats c = s.get_common_stats();
        SpecificAggregateStats specific = s.get_specific_stats();
        if (specific == null || !specific.is_set_bolt()) {
            return String.format("%-16s %9d %6d %9s %19s %19s %9s%n", id, c.get_num_executors(), c.get_num_tasks(),
                    "-", "-", "-", "-");
        }
        BoltAggregateStats b = specific.get_bolt();
        return String.format("%-16s %9d %6d %9d %19s %19s %9.3f%n", id, c.get_num_executors(), c.get_num_tasks(),
                b.get_executed(), ms(b.get_execute_latency_ms()), ms(b.get_process_latency_ms()), b.get_capacity());
    }

    /** Spouts first, then bolts in the order data reaches them (breadth first), then any others by name. */
    static List<String> dataFlowOrder(StormTopology topology) {
        Map<String, Set<String>> downstream = new TreeMap<>();
        for (Map.Entry<String, Bolt> bolt : topology.get_bolts().entrySet()) {
            for (GlobalStreamId input : bolt.getValue().get_common().get_inputs().keySet()) {
                downstream.computeIfAbsent(input.get_componentId(), k -> new TreeSet<>()).add(bolt.getKey());
            }
        }
        Set<String> order = new LinkedHashSet<>(new TreeSet<>(topology.get_spouts().keySet()));
        Deque<String> queue = new ArrayDeque<>(order);
        while (!queue.isEmpty()) {
            for (String next : downstream.getOrDefault(queue.poll(), Set.of())) {
                if (order.add(next)) {
                    queue.add(next);
                }
            }
        }
        order.addAll(new TreeSet<>(topology.get_bolts().keySet()));
        return new ArrayList<>(order);
    }

    /** A worker's executors, {@code component[first-last task]} in data-flow order, and its uptime. */
    static final class Worker {
        final List<String> executors = new ArrayList<>();
        int uptimeSecs;
    }

    /**
     * host:port of each worker, in order, with its executors in data-flow order (Storm's own components left out);
     * its uptime is its executors' longest.
     */
    static Map<String, Worker> placement(TopologyInfo info, List<String> order) {
        List<ExecutorSummary> executors = new ArrayList<>(info.get_executors());
        executors.removeIf(e -> !order.contains(e.get_component_id()));
        executors.sort(Comparator.comparingInt((ExecutorSummary e) -> order.indexOf(e.get_component_id()))
                .thenComparingInt(e -> e.get_executor_info().get_task_start()));
        Map<String, Worker> workers = new TreeMap<>();
        for (ExecutorSummary e : executors) {
            Worker w = workers.computeIfAbsent(e.get_host() + ":" + e.get_port(), k -> new Worker());
            int first = e.get_executor_info().get_task_start(), last = e.get_executor_info().get_task_end();
            w.executors.add(e.get_component_id() + "[" + first + (last > first ? "-" + last : "") + "]");
            w.uptimeSecs = Math.max(w.uptimeSecs, e.get_uptime_secs());
        }
        return workers;
    }

    /** Every error Nimbus keeps for the topology, with its component, the newest first. */
    static List<Map.Entry<String, ErrorInfo>> newestErrors(TopologyInfo info) {
        List<Map.Entry<String, ErrorInfo>> all = new ArrayList<>();
        info.get_errors().forEach((component, list) -> list.forEach(e -> all.add(Map.entry(component, e))));
        all.sort(Comparator.comparingInt((Map.Entry<String, ErrorInfo> e) -> e.getValue().get_error_time_secs()).reversed());
        return all;
    }

    private static String errors(TopologyInfo info) {
        List<Map.Entry<String, ErrorInfo>> all = newestErrors(info);
        if (all.isEmpty()) {
            return String.format("%nerrors: none%n");
        }
        StringBuilder sb = new StringBuilder(String.format("%nmost recent errors (%d in all)%n", all.size()));
        for (Map.Entry<String, ErrorInfo> e : all.subList(0, Math.min(ERRORS_SHOWN, all.size()))) {
            ErrorInfo error = e.getValue();
            sb.append(String.format("  %s  %s  %s:%d  %s%n", TIME.format(Instant.ofEpochSecond(error.get_error_time_secs())),
                    e.getKey(), error.get_host(), error.get_port(), error.get_error().lines().findFirst().orElse("")));
        }
        return sb.toString();
    }

    private static String ms(double millis) {
        return String.format("%.3f", millis);
    }

    static String duration(int secs) {
        return secs >= 3600 ? String.format("%dh%02dm", secs / 3600, secs % 3600 / 60)
                : secs >= 60 ? String.format("%dm%02ds", secs / 60, secs % 60) : secs + "s";
    }
}
