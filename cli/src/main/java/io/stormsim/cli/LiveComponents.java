package io.stormsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.apache.storm.generated.BoltAggregateStats;
import org.apache.storm.generated.CommonAggregateStats;
import org.apache.storm.generated.ComponentAggregateStats;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.SpecificAggregateStats;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.generated.TopologyPageInfo;

/**
 * The live page's table of a topology's components, what the Storm UI's topology page shows, read from Nimbus
 * (a cluster's through Thrift, or an embedded LocalCluster, which is a {@link Nimbus.Iface} too): per spout and
 * bolt executors, tasks, emitted, acked, failed and, for bolts, capacity and execute latency (since the topology
 * started); each worker's host:port and uptime; the latest errors. A worker that is new after the first look, or
 * whose start (the poll's time less its uptime) moved later than the uptimes' age allows, has (re)started: that is
 * told to the {@link LiveRun} as an event.
 */
final class LiveComponents {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String topology;
    private final LiveRun run;
    private final LongSupplier clockMillis;
    private final int heartbeatSeconds;
    /** Per worker, the earliest start (poll time - uptime) seen since it last started. */
    private Map<String, Long> earliestStarts;
    private int errorsSeen;
    private String lastProblem = "";
    private ObjectNode lastTable;
    private List<String> order;
    private String orderOf;

    /**
     * @param heartbeatSeconds how often workers send Nimbus their executors' counts and uptimes (Storm's
     *                         executor.metrics.frequency.secs): an uptime Nimbus reports is at most that old
     */
    LiveComponents(String topology, LiveRun run, int heartbeatSeconds, LongSupplier clockMillis) {
        this.topology = topology;
        this.run = run;
        this.heartbeatSeconds = heartbeatSeconds;
        this.clockMillis = clockMillis;
    }

    /**
     * Asks {@code nimbus} once and hands the table to the run. Never throws: Nimbus unreachable, or the topology
     * gone, is written in the table, and said once as an event, since the page must outlive both.
     */
    void poll(Nimbus.Iface nimbus) {
        try {
            TopologyInfo info = nimbus.getTopologyInfoByName(topology);
            TopologyPageInfo page = nimbus.getTopologyPageInfo(info.get_id(), TopologyStatusTable.WINDOW, false);
            if (!info.get_id().equals(orderOf)) {
                // a topology's wiring does not change while it runs: asked again only for a new one of that name
                order = TopologyStatusTable.dataFlowOrder(nimbus.getUserTopology(info.get_id()));
                orderOf = info.get_id();
            }
            lastTable = table(page, info, order);
            run.components(lastTable);
            lastProblem = "";
        } catch (NotAliveException e) {
            // before its submission (run starts the page first) it is not there yet: no event for that
            if (lastTable == null) {
                run.components(JSON.createObjectNode().put("topology", topology).put("problem", "waiting for "
                        + topology + " on Nimbus"));
            } else {
                problem(topology + " is no longer running on Nimbus");
            }
        } catch (Exception e) {
            problem("cannot read " + topology + " from Nimbus: " + e);
        }
    }

    /** The last table Nimbus gave, if any, stays: the page shows the final state of a topology that ended. */
    private void problem(String text) {
        ObjectNode table = lastTable == null ? JSON.createObjectNode().put("topology", topology) : lastTable.deepCopy();
        run.components(table.put("problem", text));
        if (!text.equals(lastProblem)) {
            run.event(text);
            lastProblem = text;
        }
    }

    ObjectNode table(TopologyPageInfo page, TopologyInfo info, List<String> order) {
        ObjectNode t = JSON.createObjectNode().put("topology", page.get_name()).put("id", page.get_id())
                .put("status", page.get_status()).put("uptime_s", page.get_uptime_secs())
                .put("workers", page.get_num_workers()).put("executors", page.get_num_executors())
                .put("tasks", page.get_num_tasks());
        ArrayNode components = t.putArray("components");
        for (String id : order) {
            ComponentAggregateStats spout = page.get_id_to_spout_agg_stats().get(id);
            ComponentAggregateStats bolt = page.get_id_to_bolt_agg_stats().get(id);
            if (spout != null) {
                components.add(row(id, "spout", spout));
            } else if (bolt != null) {
                components.add(row(id, "bolt", bolt));
            }
        }
        workers(t.putArray("worker_list"), info, order);
        errors(t.putArray("errors"), info);
        return t;
    }

    private static ObjectNode row(String id, String type, ComponentAggregateStats s) {
        CommonAggregateStats c = s.get_common_stats();
        ObjectNode row = JSON.createObjectNode().put("component", id).put("type", type)
                .put("executors", c.get_num_executors()).put("tasks", c.get_num_tasks()).put("emitted", c.get_emitted())
                .put("acked", c.get_acked()).put("failed", c.get_failed());
        SpecificAggregateStats specific = s.get_specific_stats();
        if (specific != null && specific.is_set_bolt()) {
            BoltAggregateStats b = specific.get_bolt();
            row.put("executed", b.get_executed()).put("capacity", b.get_capacity())
                    .put("execute_latency_ms", b.get_execute_latency_ms());
        } else if (specific != null && specific.is_set_spout()) {
            row.put("complete_latency_ms", specific.get_spout().get_complete_latency_ms());
        }
        return row;
    }

    /** Each worker with its uptime and executors; a restart since the last poll becomes an event. */
    private void workers(ArrayNode out, TopologyInfo info, List<String> order) {
        Map<String, TopologyStatusTable.Worker> workers = TopologyStatusTable.placement(info, order);
        // A worker started at S reports uptimes at most a heartbeat old, so poll time - uptime lies in [S, S + beat].
        // Past the earliest such start plus a beat (and a second of slack), the worker is a new one: it restarted.
        long nowSeconds = clockMillis.getAsLong() / 1000;
        Map<String, Long> starts = new TreeMap<>();
        workers.forEach((worker, w) -> {
            int up = w.uptimeSecs;
            long start = nowSeconds - up;
            Long earliest = earliestStarts == null ? null : earliestStarts.get(worker);
            if (earliestStarts != null && (earliest == null || start > earliest + heartbeatSeconds + 1)) {
                run.event("worker " + worker + (earliest == null ? " started" : " restarted") + " (up " + up + " s)");
                earliest = null;
            }
            starts.put(worker, earliest == null ? start : Math.min(earliest, start));
        });
        earliestStarts = starts;
        workers.forEach((worker, w) -> {
            ArrayNode list = out.addObject().put("worker", worker).put("uptime_s", w.uptimeSecs).putArray("executors");
            w.executors.forEach(list::add);
        });
    }

    private void errors(ArrayNode out, TopologyInfo info) {
        List<Map.Entry<String, ErrorInfo>> all = TopologyStatusTable.newestErrors(info);
        for (Map.Entry<String, ErrorInfo> e : all.subList(0, Math.min(TopologyStatusTable.ERRORS_SHOWN, all.size()))) {
            ErrorInfo error = e.getValue();
            out.addObject().put("component", e.getKey()).put("time_s", error.get_error_time_secs())
                    .put("worker", error.get_host() + ":" + error.get_port())
                    .put("error", error.get_error().lines().findFirst().orElse(""));
        }
        if (all.size() > errorsSeen) {
            run.event(errorLine(all.get(0)));
        }
        errorsSeen = all.size();
    }

    private static String errorLine(Map.Entry<String, ErrorInfo> latest) {
        return latest.getKey() + " reported: " + latest.getValue().get_error().lines().findFirst().orElse("");
    }
}
